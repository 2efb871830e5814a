import Foundation
import RulesTestSupport
import Testing

/// The catalog pages write messages as the engine writes them (docs/site.md, "Messages"): no
/// ICU template reaches a page, in either language; each sample equals `rules eval --locale`'s
/// message for a user whose values are that sample; an Arabic page's footer is Arabic.
@Suite("rules site: messages") struct MessageSampleTests {
  /// Every page the shipped catalogs and examples give, in both languages.
  @Test func noPageShowsAPluralTemplate() throws {
    let (folder, result) = SiteCommandTests.shipped
    #expect(result.status == 0, "\(result.stderr)")
    let site = folder.url.appendingPathComponent("site")
    let pages = try #require(FileManager.default.enumerator(atPath: site.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".html") }
    #expect(pages.contains("catalogs/salahstreak.ar.html"))
    #expect(pages.count > 10)
    for path in pages {
      let html = try folder.read("site/" + path)
      #expect(html.firstMatch(of: /,\s*plural\s*,/) == nil, "\(path) shows a plural template")
    }
  }

  /// The text of the sample `n` of `message`'s wording `wording` on `html`.
  static func sample(_ html: String, message: String, wording: Int = 0, n: Int) throws -> (form: String?, text: String)
  {
    let start = try #require(html.range(of: "data-message=\"\(message)\""), "\(message) is on the page")
    let rest = html[start.upperBound...]
    let item = rest[..<(rest.range(of: "</li>")?.lowerBound ?? rest.endIndex)]
    let row = try #require(
      item.firstMatch(
        of: try Regex(
          #"<div class="wording" data-wording="\#(wording)">.*?<tr data-n="\#(n)"(?: data-form="([a-z=0-9]+)")?><td>[^<]*</td><td>.*?</td><td>([^<]*)</td></tr>"#
        ).dotMatchesNewlines()),
      "\(message): no row for n = \(n)")
    let form = row.output[1].substring.map(String.init)
    let text = String(row.output[2].substring!)
      .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
      .replacingOccurrences(of: "&amp;", with: "&")
    return (form, text)
  }

  /// SalahStreak's `perfect-day` after N perfect days: `salah.current` is N.
  @Test(arguments: [
    ("ar", 1, "one"), ("ar", 2, "two"), ("ar", 3, "few"), ("ar", 11, "many"), ("en", 1, "one"), ("en", 2, "other"),
  ])
  func aSampleIsTheMessageEvalWritesForThatValue(locale: String, n: Int, form: String) throws {
    let (folder, _) = SiteCommandTests.shipped
    let page = try folder.read("site/catalogs/salahstreak\(locale == "en" ? "" : ".ar").html")
    let shown = try Self.sample(page, message: "perfect-day", n: n)
    #expect(shown.form == form)
    let days = (1...n).map {
      String(format: "  - {date: 2026-03-%02d, fajr: done, dhuhr: done, asr: done, maghrib: done, isha: done}", $0)
    }
    let history = try Folder([
      "user.yaml": "user: u\ntimezone: Europe/London\ndays:\n" + days.joined(separator: "\n") + "\n"
    ])
    let eval = try Rules.json([
      "eval", "salahstreak", "--history", history.path("user.yaml"), "--date", String(format: "2026-03-%02d", n),
      "--locale", locale,
    ])
    let message = try #require(eval["message"] as? [String: Any])
    #expect(message["id"] as? String == "perfect-day")
    #expect(shown.text == message["text"] as? String)
  }

  @Test func everyPluralFormOfTheLanguageHasASampleAndEnglishTwo() throws {
    let (folder, _) = SiteCommandTests.shipped
    let arabic = try folder.read("site/catalogs/rizq.ar.html")
    // light-day: `{habits_completed, plural, zero ... other}`, one sample for each of Arabic's six forms.
    for (n, form) in [(0, "zero"), (1, "one"), (2, "two"), (3, "few"), (11, "many"), (100, "other")] {
      #expect(try Self.sample(arabic, message: "light-day", n: n).form == form)
    }
    let english = try folder.read("site/catalogs/discipline.html")
    let one = try Self.sample(english, message: "streak", n: 1)
    let two = try Self.sample(english, message: "streak", n: 2)
    #expect(one.text.hasSuffix("1 day") && two.text.hasSuffix("2 days"), "\(one) \(two)")
    #expect(!english.contains("data-n=\"0\""), "English: 1 and 2 only")
  }

  @Test func theArabicPagesFooterAndSkipLinkAreArabic() throws {
    let (folder, _) = SiteCommandTests.shipped
    let arabic = try folder.read("site/catalogs/rizq.ar.html")
    let english = try folder.read("site/catalogs/rizq.html")
    #expect(arabic.contains("<footer class=\"foot\"><p>صنعها <code>rules</code> من ملفات الكتالوج"))
    #expect(!arabic.contains("Made by") && !arabic.contains("Skip to the content"))
    #expect(english.contains("<footer class=\"foot\"><p>Made by <code>rules</code> from the catalog files"))
  }
}

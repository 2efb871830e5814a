import Foundation
import Testing

/// `--locale` on eval, replay, explain and list, as a user runs them (issue 16).
@Suite("rules --locale")
struct LocaleCommandTests {
  static let history = """
    user: fatima
    days:
      - {date: 2026-06-01, habits_total: 7, habits_completed: 7, duas_completed: 1}
      - {date: 2026-06-02, habits_total: 7, habits_completed: 3, duas_completed: 1}
    """

  @Test("rules eval rizq --locale ar writes the badges, quote and message in Arabic")
  func evalArabic() throws {
    let sandbox = try Sandbox(["h.yaml": Self.history])
    let result = try CLI.run([
      "eval", "rizq", "--history", sandbox.path("h.yaml"), "--date", "2026-06-02", "--locale", "ar",
    ])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    // The Arabic texts are isolated (U+2068 ... U+2069) in lines of Latin ids and numbers. RIZQ
    // unlocks at the check (one per check), for a dua that day: First Step is dated the check,
    // 2026-06-02.
    #expect(result.stdout.contains("✓ \u{2068}الخطوة الأولى\u{2069} (first-step, 2026-06-02)"))
    #expect(result.stdout.contains("· \u{2068}محارب الأسبوع\u{2069} (week-warrior): 2/7 (29%)"))
    #expect(result.stdout.contains("  \u{2068}يوم خفيف\u{2069}  [leaf.fill, goldBright]"))
    #expect(
      result.stdout.contains(
        "  \u{2068}زرعت \u{200F}3 عادات اليوم. يمكنك أن تبقيه خفيفًا — أو أن تضيف عادة صغيرة أخرى تنمو معها.\u{2069}"))
    #expect(result.stdout.contains("  → \u{2068}تابع الممارسة\u{2069}"))
    // 2026-06-02 is day 153: quote (153 - 1) % 7 = 5, q6, whose Arabic is the catalog's own.
    #expect(result.stdout.contains("الدُّعَاءُ هُوَ الْعِبَادَةُ"))
  }

  @Test("--format json with ar-EG: Arabic-Indic digits in the message, ids unchanged")
  func evalJSON() throws {
    let sandbox = try Sandbox(["h.yaml": Self.history])
    let result = try CLI.run([
      "eval", "rizq", "--history", sandbox.path("h.yaml"), "--date", "2026-06-02", "--locale", "ar-EG", "--format",
      "json",
    ])
    #expect(result.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let message = try #require(object["message"] as? [String: Any])
    #expect(message["id"] as? String == "light-day")
    #expect((message["text"] as? String)?.hasPrefix("زرعت \u{200F}٣ عادات اليوم.") == true)
    let english = try CLI.run(["eval", "rizq", "--history", sandbox.path("h.yaml"), "--date", "2026-06-02"])
    #expect(english.stdout.contains("You've planted 3 habits today."))
  }

  @Test("replay, list and explain take --locale; a language the catalog lacks is a warning")
  func otherCommands() throws {
    let sandbox = try Sandbox(["h.yaml": Self.history])
    let replay = try CLI.run([
      "replay", "rizq", "--history", sandbox.path("h.yaml"), "--locale", "ar", "--format", "json",
    ])
    #expect(replay.status == 0)
    #expect(replay.stdout.contains("\"title\": \"يوم كامل!\""))
    let list = try CLI.run(["list", "salahstreak", "--kind", "badges", "--locale", "ar"])
    #expect(list.status == 0)
    #expect(list.stdout.contains("أول يوم كامل"))
    let explain = try CLI.run([
      "explain", "rizq", "week-warrior", "--history", sandbox.path("h.yaml"), "--date", "2026-06-02", "--locale", "ar",
    ])
    #expect(explain.status == 0)
    #expect(explain.stdout.contains("محارب الأسبوع"))
    let french = try CLI.run(["list", "rizq", "--kind", "badges", "--locale", "fr"])
    #expect(french.status == 0)
    #expect(
      french.stderr == "warning: the catalog 'rizq' has no texts in 'fr' (it has en, ar); its texts are in en\n")
    #expect(french.stdout.contains("First Step"))
    // The catalog's own language, asked for by name or with a region, is no missing language.
    for english in ["en", "en-GB"] {
      let own = try CLI.run(["list", "rizq", "--kind", "badges", "--locale", english])
      #expect(own.status == 0)
      #expect(own.stderr == "", "--locale \(english)")
      #expect(own.stdout.contains("First Step"))
    }
    let bad = try CLI.run(["list", "rizq", "--locale", "ar EG"])
    #expect(bad.status == 64)
    #expect(
      bad.stderr.contains(
        "--locale: 'ar EG' is not a language tag; write a BCP 47 tag such as ar, ar-EG or zh-Hant-TW (ASCII letters and digits in subtags separated by '-')"
      ))
  }

  @Test("a --locale that stopped rules inside ICU is a usage error; one with extensions is served")
  func hostileLocales() throws {
    let sandbox = try Sandbox(["h.yaml": Self.history])
    for text in ["é", "€", "中"] {
      let result = try CLI.run(["eval", "rizq", "--history", sandbox.path("h.yaml"), "--locale", text])
      #expect(result.status == 64, "\(text)")
      #expect(result.stderr.contains("--locale: '\(text)' is not a language tag"), "\(result.stderr)")
    }
    for tag in ["ar-u-nu-arab", "th-TH-u-nu-thai", "hi-u-nu-deva"] {
      let result = try CLI.run(["eval", "rizq", "--history", sandbox.path("h.yaml"), "--locale", tag])
      #expect(result.status == 0, "\(tag): \(result.stderr)")
    }
  }

  @Test("rules check reads a catalog's locale files and reports their problems at file:line:column")
  func check() throws {
    let sandbox = try Sandbox([
      "catalogs/demo.yaml": """
      catalog: demo
      inputs: {done: {type: bool}}
      badges:
        - {id: first, name: First, when: done}
      """,
      "catalogs/locales/ar/demo.yaml": "badges:\n  frist: {name: الأول}\n",
    ])
    let result = try CLI.run(["check", "catalogs"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "catalogs/locales/ar/demo.yaml:2:3: error: the catalog has no badge 'frist' to translate; did you mean 'first'? [unknown-translation]"
      ))
  }
}

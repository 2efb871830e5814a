import Foundation
import RulesTestSupport
import Testing

/// `rules site` end to end: the pages' data-* attributes hold what `rules eval`, `rules diff`
/// and `rules check` say for the same input.
@Suite("rules site") struct SiteCommandTests {
  /// The shipped catalogs and the example histories, written once for the tests that read them.
  static let shipped: (folder: Folder, result: Rules.Result) = {
    let folder = try! Folder()
    let result = try! Rules.run(["site", "--history", "examples", "--out", folder.path("site")])
    return (folder, result)
  }()

  @Test func writesAnIndexLinkingEveryPage() throws {
    let (folder, result) = Self.shipped
    #expect(result.status == 0, "\(result.stderr)")
    let index = try folder.read("site/index.html")
    for name in ShippedCatalogs.names {
      #expect(index.contains("href=\"catalogs/\(name).html\""))
      #expect(index.contains("href=\"catalogs/\(name).ar.html\""))
      #expect(FileManager.default.fileExists(atPath: folder.path("site/catalogs/\(name).html")))
      // Each example history is shown under its own catalog (at least).
      #expect(index.contains("href=\"users/\(name)/\(name).html\""))
    }
    for link in Page(html: index).elements(with: "href") where !link["href"]!.hasPrefix("#") {
      let href = link["href"]!
      #expect(FileManager.default.fileExists(atPath: folder.path("site/" + href)), "\(href)")
    }
  }

  /// The page's date is the app's check after a check every day: `rules replay`'s last day.
  @Test(arguments: ShippedCatalogs.names) func userPageHoldsWhatReplaySaysOfItsDate(catalog: String) throws {
    let (folder, _) = Self.shipped
    let page = Page(html: try folder.read("site/users/\(catalog)/\(catalog).html"))
    let step = try #require(page.shownStep, "no day shown")
    let day = try #require(page.elements(with: "data-day", in: step).first?["data-day"])
    let result = try Rules.run(
      ["replay", catalog, "--history", "examples/\(catalog).yaml", "--to", day, "--format", "json"])
    let replay = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let eval = try #require(replay.last)
    #expect(eval["date"] as? String == day)
    let streaks = try #require(eval["streaks"] as? [String: [String: Any]])
    let shownStreaks = page.elements(with: "data-streak", in: step)
    #expect(shownStreaks.count == streaks.count)
    for row in shownStreaks {
      let expected = try #require(streaks[row["data-streak"]!])
      #expect(row["data-current"] == "\(expected["current"]!)", "\(row)")
      #expect(row["data-best"] == "\(expected["best"]!)", "\(row)")
    }
    let metrics = try #require(eval["metrics"] as? [String: Any])
    let shownMetrics = page.elements(with: "data-metric", in: step)
    #expect(shownMetrics.count == metrics.count)
    for row in shownMetrics {
      let value = try #require(metrics[row["data-metric"]!])
      #expect(Self.same(row["data-value"], value), "\(row) \(value)")
    }
    let badges = try #require(eval["badges"] as? [String: Any])
    let unlocked = (badges["unlocked"] as? [[String: Any]] ?? []).map { ($0["id"] as! String, $0["date"] as! String) }
    let locked = (badges["locked"] as? [[String: Any]] ?? []).map { ($0["id"] as! String, $0["waiting"] as! Bool) }
    let cards = page.elements(with: "data-badge")
    #expect(cards.count == unlocked.count + locked.count)
    for (id, date) in unlocked {
      let card = try #require(cards.first { $0["data-badge"] == id })
      #expect(card["data-state"] == "unlocked")
      #expect(card["data-date"] == date)
    }
    for (id, waiting) in locked {
      let card = try #require(cards.first { $0["data-badge"] == id })
      #expect(card["data-state"] == (waiting ? "waiting" : "locked"))
      #expect(card["data-date"] == nil)
    }
  }

  @Test(arguments: ShippedCatalogs.names) func everyDayStepIsReplay(catalog: String) throws {
    let (folder, _) = Self.shipped
    let page = Page(html: try folder.read("site/users/\(catalog)/\(catalog).html"))
    let days = page.elements(with: "data-day").compactMap { $0["data-day"] }
    let result = try Rules.run(
      ["replay", catalog, "--history", "examples/\(catalog).yaml", "--to", days.last ?? "", "--format", "json"])
    let replay = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(replay.map { $0["date"] as? String } == days)
    let sections = page.html.components(separatedBy: "<section class=\"step\"").dropFirst()
    for (section, evaluation) in zip(sections, replay) {
      let streaks = try #require(evaluation["streaks"] as? [String: [String: Any]])
      for row in page.elements(with: "data-streak", in: String(section)) {
        let expected = try #require(streaks[row["data-streak"]!])
        #expect(row["data-current"] == "\(expected["current"]!)", "\(evaluation["date"]!) \(row)")
        #expect(row["data-best"] == "\(expected["best"]!)")
      }
    }
  }

  @Test func catalogPagesAreInBothLanguagesTheArabicOneRightToLeft() throws {
    let (folder, _) = Self.shipped
    let english = try folder.read("site/catalogs/rizq.html")
    let arabic = try folder.read("site/catalogs/rizq.ar.html")
    #expect(english.contains("<html lang=\"en\" dir=\"ltr\">"))
    #expect(arabic.contains("<html lang=\"ar\" dir=\"rtl\">"))
    #expect(english.contains("href=\"../catalogs/rizq.ar.html\""))
    #expect(arabic.contains("href=\"../catalogs/rizq.html\""))
    // The badges' names as `rules eval --locale ar` gives them.
    let empty = try Folder(["new.yaml": "user: new\ndays: []\n"])
    let eval = try Rules.json([
      "eval", "rizq", "--history", empty.path("new.yaml"), "--date", "2026-05-09", "--locale", "ar",
    ])
    let locked = try #require((eval["badges"] as? [String: Any])?["locked"] as? [[String: Any]])
    #expect(!locked.isEmpty)
    for badge in locked {
      #expect(arabic.contains("<h3>\(badge["name"] as! String)</h3>"), "\(badge["name"]!)")
    }
  }

  @Test(arguments: ShippedCatalogs.names) func catalogPageStatesAreANewUsersEval(catalog: String) throws {
    let folder = try Folder(["new.yaml": "user: new\ndays: []\n"])
    let result = try Rules.run(
      ["site", "--catalogs", "catalogs/\(catalog).yaml", "--date", "2026-05-09", "--out", folder.path("site")])
    #expect(result.status == 0, "\(result.stderr)")
    let page = Page(html: try folder.read("site/catalogs/\(catalog).html"))
    let eval = try Rules.json(["eval", catalog, "--history", folder.path("new.yaml"), "--date", "2026-05-09"])
    let badges = try #require(eval["badges"] as? [String: Any])
    let locked = (badges["locked"] as? [[String: Any]] ?? []).map { $0["id"] as! String }
    let unlocked = (badges["unlocked"] as? [[String: Any]] ?? []).map { $0["id"] as! String }
    let cards = page.elements(with: "data-badge")
    #expect(cards.map { $0["data-badge"]! }.sorted() == (locked + unlocked).sorted())
    for card in cards where locked.contains(card["data-badge"]!) {
      #expect(card["data-state"] == "locked" || card["data-state"] == "waiting")
    }
    let milestones = (eval["milestones"] as? [String: Any])?["reached"] as? [String] ?? []
    for row in page.elements(with: "data-milestone") {
      #expect(row["data-state"] == (milestones.contains(row["data-id"]!) ? "reached" : "locked"))
      #expect(Int(row["data-milestone"]!) != nil)
    }
  }

  @Test func aBrokenCatalogGetsItsProblemsAndTheCommandExits1AfterTheOtherPages() throws {
    let good = try String(contentsOf: Rules.repository.appendingPathComponent("catalogs/rizq.yaml"), encoding: .utf8)
    let folder = try Folder([
      "catalogs/rizq.yaml": good,
      "catalogs/broken.yaml":
        "catalog: broken\nversion: 1\nbadges:\n  - id: a\n    name: A\n    when: nosuch.current >= 3\n",
    ])
    try FileManager.default.copyItem(
      at: Rules.repository.appendingPathComponent("catalogs/locales"),
      to: folder.url.appendingPathComponent("catalogs/locales"))
    let result = try Rules.run(["site", "--catalogs", folder.path("catalogs"), "--out", folder.path("site")])
    #expect(result.status == 1)
    #expect(result.stderr.contains("broken.yaml fails rules check"))
    #expect(FileManager.default.fileExists(atPath: folder.path("site/catalogs/rizq.html")))
    let check = try Rules.run(["check", folder.path("catalogs/broken.yaml")])
    let page = Page(html: try folder.read("site/catalogs/broken.html"))
    let problems = page.elements(with: "data-diagnostic")
    #expect(!problems.isEmpty)
    for problem in problems {
      let position = "\(problem["data-file"]!):\(problem["data-line"]!):\(problem["data-column"]!)"
      #expect(check.stdout.contains(position), "\(position) not in \(check.stdout)")
    }
    #expect(page.html.contains("nosuch.current &gt;= 3"))
    #expect(try folder.read("site/index.html").contains("href=\"catalogs/broken.html\""))
  }

  /// Issue #52: `--against REV` asked the working folder's repository for REV and warned that
  /// each catalog was outside it; it reads REV from the catalogs' own repository.
  @Test func againstReadsTheRevisionFromTheCatalogsOwnRepository() throws {
    let catalog = """
      catalog: demo
      version: 1
      inputs:
        done: {type: bool}
      streaks:
        daily: {counts: done}
      badges:
        - {id: three, name: Three, description: Three days, when: daily.current >= 3}
      """
    let folder = try Folder(["catalogs/demo.yaml": catalog])
    for arguments in [
      ["init", "-q"], ["add", "."], ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "catalog"],
    ] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git", "-C", folder.url.path] + arguments
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    try folder.write("catalogs/demo.yaml", catalog.replacingOccurrences(of: ">= 3", with: ">= 4"))
    // Run from this repository, whose HEAD has no such file.
    let result = try Rules.run([
      "site", "--catalogs", folder.path("catalogs"), "--against", "HEAD", "--out", folder.path("site"),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "", "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder.path("site/impact/demo.html")), "\(result.stdout)")
    #expect(try folder.read("site/impact/demo.html").contains("three"))
  }

  @Test func everyStringOfTheUserIsText() throws {
    let hostile = "<script>alert(1)</script>"
    let folder = try Folder([
      "catalogs/evil.yaml": """
      catalog: evil
      name: "\(hostile)"
      description: "a \\" quote & <b>bold</b>"
      version: 1
      inputs:
        done: {type: bool}
      streaks:
        s: {counts: done}
      badges:
        - id: b1
          name: "<img src=x onerror=alert(2)>"
          description: "\\"><script>alert(3)</script>"
          when: s.current >= 1
          emoji: "<svg onload=alert(4)>"
      messages:
        - id: m
          text: "</p><script>alert(5)</script>"
      """,
      "users/u.yaml": "user: \"<script>alert(6)</script>\"\ndays:\n  - {date: 2026-01-01, done: true}\n",
    ])
    let result = try Rules.run([
      "site", "--catalogs", folder.path("catalogs"), "--history", folder.path("users"), "--out", folder.path("site"),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    for path in ["site/index.html", "site/catalogs/evil.html", "site/catalogs/evil.ar.html", "site/users/evil/u.html"] {
      let html = try folder.read(path)
      // The page's own script is the only one.
      #expect(html.components(separatedBy: "<script").count == 2, "\(path)")
      #expect(!html.contains("<img src=x"), "\(path)")
      #expect(!html.contains("<svg onload"), "\(path)")
      #expect(!html.contains("<b>bold"), "\(path)")
    }
    let catalog = try folder.read("site/catalogs/evil.html")
    #expect(catalog.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(catalog.contains("&quot;&gt;&lt;script&gt;alert(3)"))
    let user = try folder.read("site/users/evil/u.html")
    #expect(user.contains("<h1>&lt;script&gt;alert(6)&lt;/script&gt;</h1>"))
    // The day steps (built in Swift, not by the template) escape the same way.
    #expect(user.contains("<p class=\"event\">★ Unlocked: &lt;img src=x onerror=alert(2)&gt;</p>"))
    #expect(
      user.contains(
        "<div class=\"message\" data-message=\"m\"><p>&lt;/p&gt;&lt;script&gt;alert(5)&lt;/script&gt;</p></div>"))
  }

  /// swift-mustache's own escaper compares whole `Character`s, so a quote followed by a
  /// combining mark (one `Character`) passed unescaped and closed the attribute.
  @Test func aQuoteBeforeACombiningMarkIsEscaped() throws {
    let folder = try Folder([
      "catalogs/c.yaml": """
      catalog: c
      version: 1
      inputs:
        done: {type: bool}
      streaks:
        s: {counts: done}
      """,
      "users/u.yaml": "user: \"u\\\"\\u0301 onfocus=alert(1) x=\"\ndays:\n  - {date: 2026-01-01, done: true}\n",
    ])
    let result = try Rules.run([
      "site", "--catalogs", folder.path("catalogs"), "--history", folder.path("users"), "--out", folder.path("site"),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    // Built outside #expect: its expansion writes the literal out again, the mark after the quote.
    let mark = "\u{301}"
    let escaped = "data-user=\"u&quot;" + mark + " onfocus=alert(1) x=\">"
    let unescaped = "\"" + mark + " onfocus"
    let heading = "<h1>u&quot;" + mark + " onfocus=alert(1) x=</h1>"
    let index = try folder.read("site/index.html")
    #expect(index.contains(escaped))
    #expect(!index.contains(unescaped))
    let user = try folder.read("site/users/c/u.html")
    #expect(user.contains(heading))
  }

  @Test func badInputIsRefusedByName() throws {
    let folder = try Folder()
    let date = try Rules.run(["site", "--date", "2026-02-30", "--out", folder.path("site")])
    #expect(date.status == 64)
    #expect(date.stderr.contains("--date"))
    let history = try Rules.run(["site", "--history", "no/such", "--out", folder.path("site")])
    #expect(history.status == 64)
    #expect(history.stderr.contains("--history: 'no/such' does not exist"))
    let catalogs = try Rules.run(["site", "--catalogs", "no/such", "--out", folder.path("site")])
    #expect(catalogs.stderr.contains("--catalogs: 'no/such' does not exist"))
  }

  /// Whether a page's `data-value` is the JSON value `value` (a string as it is, a number
  /// as a number, null and booleans as JSON writes them).
  static func same(_ shown: String?, _ value: Any) -> Bool {
    guard let shown else { return false }
    if let string = value as? String { return shown == string }
    if value is NSNull { return shown == "null" }
    if shown == "true" || shown == "false" { return (value as? Bool) == (shown == "true") }
    if let number = value as? NSNumber, let parsed = Double(shown) { return number.doubleValue == parsed }
    return false
  }
}

/// Issue 54: a badge's prerequisites on its card, each with the user's state of it.
@Suite struct PrerequisiteCardTests {
  @Test func aCardNamesItsPrerequisitesWithTheirStates() throws {
    let catalog = try String(
      contentsOf: Rules.repository.appendingPathComponent("examples/goals/goals.yaml"), encoding: .utf8)
    let days = (1...7).map { "  - {date: 2026-03-0\($0), duas: 5}\n" }.joined()
    let folder = try Folder(["catalogs/goals.yaml": catalog, "users/ayesha.yaml": "user: ayesha\ndays:\n" + days])
    let result = try Rules.run([
      "site", "--catalogs", folder.path("catalogs"), "--history", folder.path("users"), "--date", "2026-03-07",
      "--out", folder.path("site"),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let page = Page(html: try folder.read("site/users/goals/ayesha.html"))
    let shown = page.elements(with: "data-requires").map { "\($0["data-requires"]!) \($0["data-state"]!)" }
    // Dedicated's and Committed's, on the day shown: the first week is done, the month not.
    #expect(
      Array(shown.suffix(4)) == [
        "first-week unlocked", "first-month locked", "first-week unlocked", "first-month locked",
      ])
    #expect(page.html.contains("Requires: "))
    let cards = page.elements(with: "data-badge").map { "\($0["data-badge"]!) \($0["data-state"]!)" }
    #expect(
      Array(cards.suffix(5)) == [
        "first-week unlocked", "first-month locked", "dedicated locked", "committed locked", "three-weeks locked",
      ])
    // The weekly goal's row on the day shown: week 10 of 2026, no training day yet, goal 3.
    let rows = page.elements(with: "data-period").map {
      "\($0["data-streak"]!) \($0["data-period"]!) \($0["data-period-count"]!)/\($0["data-goal"]!)"
    }
    #expect(rows.last == "weekly 2026-W10 0/3")
  }
}

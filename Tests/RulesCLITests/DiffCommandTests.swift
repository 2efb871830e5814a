import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import Testing

/// `rules diff` (issue #26): each kind of change found by id, and the impact over users equal
/// to evaluating each user by hand under both catalogs.
@Suite("rules diff")
struct DiffCommandTests {
  static let catalog = """
    catalog: demo
    version: 1
    inputs:
      done: {type: bool}
      rest: {type: bool}
    streaks:
      daily: {counts: done, today: final}
    metrics:
      checkins: total(logged)
    badges:
      - {id: three, name: Three, when: daily.current >= 3}
      - {id: five, name: Five, when: daily.current >= 5}
      - {id: ten-checkins, name: Ten check-ins, when: checkins >= 10}
      - {id: twenty-checkins, name: Twenty check-ins, when: checkins >= 20}
    messages:
      - {id: going, when: daily.current > 0, text: Going}
      - {id: start, text: Start}
    """

  static let arabic = """
    catalog: demo
    badges:
      three: {name: ثلاثة}
      five: {name: خمسة}
    """

  /// The catalog with `edit` applied to its text.
  static func edited(_ edit: (String) -> String) -> String { edit(catalog) }

  /// `rules diff OLD NEW --format json` of two catalogs in one sandbox, as JSON.
  static func diff(_ old: String, _ new: String, locales: (String, String)? = nil, extra: [String] = [])
    throws -> (status: Int32, json: [String: Any])
  {
    var files = ["old/catalogs/demo.yaml": old, "new/catalogs/demo.yaml": new]
    if let locales {
      files["old/catalogs/locales/ar/demo.yaml"] = locales.0
      files["new/catalogs/locales/ar/demo.yaml"] = locales.1
    }
    let sandbox = try Sandbox(files)
    let result = try CLI.run(
      ["diff", sandbox.path("old/catalogs/demo.yaml"), sandbox.path("new/catalogs/demo.yaml"), "--format", "json"]
        + extra)
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    return (result.status, json)
  }

  static func changes(_ json: [String: Any]) -> [String] {
    (json["changes"] as? [[String: Any]] ?? []).map { change in
      var text = "\(change["section"]!) \(change["id"]!) \(change["change"]!)"
      if let fields = change["fields"] as? [String] { text += " " + fields.joined(separator: ",") }
      if let from = change["from"] as? String { text += " from \(from)" }
      return text
    }
  }

  @Test("nothing changed: exit 0 and no changes")
  func same() throws {
    let (status, json) = try Self.diff(Self.catalog, Self.catalog)
    #expect(status == 0)
    #expect(Self.changes(json) == [])
    #expect(json["warnings"] as? [String] == [])
  }

  @Test(
    "each kind of change is found by id",
    arguments: [
      ("threshold", "daily.current >= 3", "daily.current >= 4", ["badges three changed when"]),
      (
        "new badge", "  - {id: five,", "  - {id: seven, name: Seven, when: daily.current >= 7}\n  - {id: five,",
        ["badges seven added"]
      ),
      (
        "removed badge", "  - {id: twenty-checkins, name: Twenty check-ins, when: checkins >= 20}\n", "",
        [
          "badges twenty-checkins removed"
        ]
      ),
      ("renamed id", "id: ten-checkins", "id: ten-days", ["badges ten-days renamed from ten-checkins"]),
      (
        "streak rule", "daily: {counts: done, today: final}", "daily: {counts: done, skips: rest, today: final}",
        [
          "streaks daily changed skips"
        ]
      ),
      (
        "prerequisites", "  - {id: five, name: Five, when: daily.current >= 5}",
        "  - {id: five, name: Five, when: daily.current >= 5, requires: [three]}", ["badges five changed requires"]
      ),
      (
        "message order", "  - {id: going, when: daily.current > 0, text: Going}\n  - {id: start, text: Start}",
        "  - {id: start, when: daily.current == 0, text: Start}\n  - {id: going, text: Going}",
        ["messages start changed when,order", "messages going changed when,order"]
      ),
    ])
  func kinds(_ name: String, _ before: String, _ after: String, _ expected: [String]) throws {
    let new = Self.edited { $0.replacingOccurrences(of: before, with: after) }
    #expect(new != Self.catalog, "\(name): the edit did not apply")
    let (status, json) = try Self.diff(Self.catalog, new)
    #expect(status == 1)
    #expect(Self.changes(json) == expected, "\(name)")
    let idsChanged = expected.contains { $0.contains(" removed") || $0.contains(" renamed") }
    #expect(
      (json["warnings"] as? [String] ?? [])
        == (idsChanged ? ["ids were removed or renamed but version is still 1"] : []))
  }

  @Test("a periodic streak's period, goal and freezes are compared, as the planned morning's inputs")
  func goalsUsersAskFor() throws {
    let weekly = Self.edited {
      $0.replacingOccurrences(
        of: "daily: {counts: done, today: final}",
        with: "daily: {counts: done, today: final}\n  weekly: {type: periodic, period: week, goal: 3, counts: done}")
    }
    let (added, addedJSON) = try Self.diff(Self.catalog, weekly)
    #expect(added == 1 && Self.changes(addedJSON) == ["streaks weekly added"])
    let harder = weekly.replacingOccurrences(of: "goal: 3", with: "goal: 4, freezes: {earn_every: 2}")
    #expect(Self.changes(try Self.diff(weekly, harder).json) == ["streaks weekly changed goal,freezes"])
    let monthly = weekly.replacingOccurrences(of: "period: week", with: "period: month")
    #expect(Self.changes(try Self.diff(weekly, monthly).json) == ["streaks weekly changed period"])
    let morning = Self.edited {
      $0.replacingOccurrences(of: "today: final", with: "today: {final_once_reported: [done]}")
    }
    #expect(Self.changes(try Self.diff(Self.catalog, morning).json) == ["streaks daily changed today"])
  }

  @Test("a version bump silences the warning; a text changed in one locale is named by its field")
  func versionAndLocales() throws {
    let new = Self.edited {
      $0.replacingOccurrences(of: "version: 1", with: "version: 2").replacingOccurrences(
        of: "id: five,", with: "id: five-days,")
    }
    let (_, bumped) = try Self.diff(Self.catalog, new)
    #expect(Self.changes(bumped) == ["badges five-days renamed from five"])
    #expect(bumped["warnings"] as? [String] == [])
    #expect(bumped["catalog_fields"] as? [String] == ["version"])
    let (status, json) = try Self.diff(
      Self.catalog, Self.catalog, locales: (Self.arabic, Self.arabic.replacingOccurrences(of: "خمسة", with: "خمس")))
    #expect(status == 1)
    #expect(Self.changes(json) == ["locales ar changed badges.five.name"])
  }

  @Test("a usage error exits 64; a catalog that cannot be used exits 2")
  func errors() throws {
    let sandbox = try Sandbox(["catalogs/demo.yaml": Self.catalog, "catalogs/bad.yaml": "catalog: bad\nbadges: 3\n"])
    let usage = try CLI.run(["diff", sandbox.path("catalogs/demo.yaml"), "--sample", "-1"], in: sandbox.url)
    #expect(usage.status == 64)
    let bad = try CLI.run(["diff", sandbox.path("catalogs/demo.yaml"), sandbox.path("catalogs/bad.yaml")])
    #expect(bad.status == 2)
    #expect(bad.stderr.hasSuffix("error: \(sandbox.path("catalogs/bad.yaml")) is not a catalog that can be used\n"))
  }

  @Test("REV:PATH reads the catalog from git; one argument compares HEAD with the working file")
  func git() throws {
    let sandbox = try Sandbox(["catalogs/demo.yaml": Self.catalog])
    for arguments in [
      ["init", "-q"], ["add", "."], ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "catalog"],
    ] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git", "-C", sandbox.url.path] + arguments
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    try sandbox.write("catalogs/demo.yaml", Self.edited { $0.replacingOccurrences(of: ">= 3", with: ">= 4") })
    let one = try CLI.run(["diff", "demo", "--format", "json"], in: sandbox.url)
    #expect(one.status == 1, "\(one.stderr)")
    #expect(one.stdout.contains(#""fields": ["#))
    let two = try CLI.run(["diff", "HEAD:catalogs/demo.yaml", "catalogs/demo.yaml"], in: sandbox.url)
    #expect(two.status == 1)
    #expect(two.stdout.hasPrefix("demo (version 1): 1 changes\n  badges     changed  three (when)"))
    let missing = try CLI.run(["diff", "HEAD:catalogs/nothing.yaml", "catalogs/demo.yaml"], in: sandbox.url)
    #expect(missing.status == 2)
    #expect(missing.stderr == "error: HEAD:catalogs/nothing.yaml: the revision has no such file\n")
    // rules check --against: a threshold change keeps the ids; a rename without a bump is an error.
    #expect(try CLI.run(["check", "catalogs", "--against", "HEAD"], in: sandbox.url).status == 0)
    try sandbox.write(
      "catalogs/demo.yaml", Self.edited { $0.replacingOccurrences(of: "id: five,", with: "id: five-days,") })
    let renamed = try CLI.run(["check", "catalogs", "--against", "HEAD"], in: sandbox.url)
    #expect(renamed.status == 1)
    #expect(
      renamed.stdout.hasPrefix(
        "catalogs/demo.yaml:2:1: error: ids changed since HEAD (five → five-days) but version is still 1; bump it, so that apps and saved states know [version-not-bumped]"
      ))
    try sandbox.write(
      "catalogs/demo.yaml",
      Self.edited {
        $0.replacingOccurrences(of: "id: five,", with: "id: five-days,").replacingOccurrences(
          of: "version: 1", with: "version: 2")
      })
    #expect(try CLI.run(["check", "catalogs", "--against", "HEAD"], in: sandbox.url).status == 0)
    let bad = try CLI.run(["check", "catalogs", "--against", "no-such-revision"], in: sandbox.url)
    #expect(bad.status == 64)
  }

  @Test("the impact over 40 generated users equals evaluating each user under both catalogs")
  func impact() throws {
    let new = Self.edited {
      $0.replacingOccurrences(of: "daily.current >= 3", with: "daily.current >= 4")
        .replacingOccurrences(
          of: "daily: {counts: done, today: final}", with: "daily: {counts: done, skips: rest, today: final}"
        )
        .replacingOccurrences(of: "id: twenty-checkins", with: "id: fifteen-checkins")
        .replacingOccurrences(of: "checkins >= 20", with: "checkins >= 15")
    }
    var files = ["old/catalogs/demo.yaml": Self.catalog, "new/catalogs/demo.yaml": new]
    for user in 0..<40 {
      var lines = ["user: u\(user)", "days:"]
      // A fixed spread of users: different check-in days, misses and rest days for each.
      for day in 1...28 where (user * 7 + day * 13) % 10 < 8 {
        let done = (user * 3 + day * 5) % 7 < 4
        let rest = !done && (user + day) % 2 == 0
        lines.append("  - {date: 2026-02-\(day < 10 ? "0" : "")\(day), done: \(done), rest: \(rest)}")
      }
      files["users/u\(user).yaml"] = lines.joined(separator: "\n") + "\n"
    }
    let sandbox = try Sandbox(files)
    let result = try CLI.run([
      "diff", sandbox.path("old/catalogs/demo.yaml"), sandbox.path("new/catalogs/demo.yaml"), "--history",
      sandbox.path("users"), "--date", "2026-02-28", "--format", "json",
    ])
    #expect(result.status == 1)
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let impact = json?["impact"] as? [String: Any]
    #expect(impact?["users"] as? Int == 40)
    // By hand: each user under each catalog, from the first day.
    let old = try #require(CatalogFiles.validate(path: sandbox.path("old/catalogs/demo.yaml")).validated)
    let changed = try #require(CatalogFiles.validate(path: sandbox.path("new/catalogs/demo.yaml")).validated)
    var expected: [String: [String: Int]] = [:]
    for id in ["three", "five", "ten-checkins", "twenty-checkins", "fifteen-checkins"] {
      expected[id] = [
        "hold": 0, "would_hold": 0, "gain": 0, "kept_unearned": 0, "eligible": 0, "would_be_eligible": 0,
      ]
    }
    for user in 0..<40 {
      func unlocked(_ catalog: ValidatedCatalog) throws -> Set<String> {
        let history = try #require(
          HistoryFiles.load(path: sandbox.path("users/u\(user).yaml"), inputs: catalog.inputs).history)
        let engine = Engine(catalog)
        let records = try history.records.map { try DayRecord($0, for: engine) }
        let check = try engine.check(
          user: history.user, start: nil, on: CalendarDay("2026-02-28"), records: records, state: nil)
        return Set(check.evaluation.badges.unlocked.map(\.id))
      }
      let holds = try unlocked(old)
      let would = try unlocked(changed)
      for id in expected.keys {
        if holds.contains(id) { expected[id]!["hold"]! += 1 }
        if would.contains(id) { expected[id]!["would_hold"]! += 1 }
        if would.contains(id) && !holds.contains(id) { expected[id]!["gain"]! += 1 }
        if holds.contains(id) && !would.contains(id) { expected[id]!["kept_unearned"]! += 1 }
        // Every badge unlocks on the day earned: the eligible are those who hold it.
        if holds.contains(id) { expected[id]!["eligible"]! += 1 }
        if would.contains(id) { expected[id]!["would_be_eligible"]! += 1 }
      }
    }
    let badges = impact?["badges"] as? [String: [String: Int]] ?? [:]
    #expect(badges == expected)
    // The change moved something for someone: the test would see a wrong count.
    #expect(expected.values.contains { $0["gain"]! > 0 || $0["kept_unearned"]! > 0 })
  }

  static let oneAtATime = """
    catalog: steps
    version: 1
    inputs:
      done: {type: bool}
    streaks:
      daily: {counts: done, today: final}
    unlocks: {at: check, per_check: 1}
    badges:
      - {id: two, name: Two, when: daily.current >= 2}
      - {id: three, name: Three, when: daily.current >= 3}
      - {id: four, name: Four, when: daily.current >= 4}
    """

  /// Issue 37: "a catalog that unlocks one badge per check counts what one check would unlock (a
  /// user with every badge earned "holds" one), so `hold` and `would_hold` understate what a
  /// change does".
  @Test(
    "a catalog that unlocks one badge per check: eligible and would_be_eligible count every user whose criterion holds")
  func eligible() throws {
    let new = Self.oneAtATime.replacingOccurrences(of: "daily.current >= 4", with: "daily.current >= 6")
    var files = ["old/catalogs/steps.yaml": Self.oneAtATime, "new/catalogs/steps.yaml": new]
    // u0: a 5-day streak (every badge earned, one unlocks at the check); u1: a 3-day streak;
    // u2: a 1-day streak.
    for (user, days) in [(0, 5), (1, 3), (2, 1)] {
      let lines = (1...days).reversed().map { "  - {date: 2026-02-\(String(format: "%02d", 11 - $0)), done: true}" }
      files["users/u\(user).yaml"] = (["user: u\(user)", "days:"] + lines).joined(separator: "\n") + "\n"
    }
    let sandbox = try Sandbox(files)
    let arguments = [
      "diff", sandbox.path("old/catalogs/steps.yaml"), sandbox.path("new/catalogs/steps.yaml"), "--history",
      sandbox.path("users"), "--date", "2026-02-10",
    ]
    let result = try CLI.run(arguments + ["--format", "json"])
    #expect(result.status == 1)
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let badges = (json?["impact"] as? [String: Any])?["badges"] as? [String: [String: Int]] ?? [:]
    // One check unlocks `two` for u0 and u1; `three` and `four` wait for u0, `three` for u1.
    #expect(
      badges["two"] == [
        "hold": 2, "would_hold": 2, "gain": 0, "kept_unearned": 0, "eligible": 2, "would_be_eligible": 2,
      ])
    #expect(
      badges["three"] == [
        "hold": 0, "would_hold": 0, "gain": 0, "kept_unearned": 0, "eligible": 2, "would_be_eligible": 2,
      ])
    // The change takes `four` from u0: hold and would_hold (0 and 0) do not show it.
    #expect(
      badges["four"] == [
        "hold": 0, "would_hold": 0, "gain": 0, "kept_unearned": 0, "eligible": 1, "would_be_eligible": 0,
      ])
    let text = try CLI.run(arguments)
    #expect(text.stdout.contains("  badge  hold  would hold  gain  kept unearned  eligible  would be eligible\n"))
    #expect(text.stdout.contains("  four      0           0     0              0         1                  0\n"))
  }
}

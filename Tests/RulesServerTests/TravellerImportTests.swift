import Foundation
import RulesBackend
import RulesStore
import StoreTestSupport
import Testing

/// `rules-server import` keeps a user's time zone changes and calendar from JSON Lines, CSV
/// columns and history files (it dropped them before schema version 2), so `rules-server eval`
/// of a traveller is `rules eval` of the same history, byte for byte; a bad change or calendar
/// is reported by line, and nothing is imported.
@Suite struct TravellerImportTests {
  /// A user who flies west across the date line (Pago Pago to Kiritimati, 25 hours ahead:
  /// 2026-03-11 is never lived) in the middle of a daily streak of RIZQ, and lives by the Umm
  /// al-Qura calendar. Without the change, the missing 2026-03-11 would break the streak.
  static let days = (1...8).map { String(format: "2026-03-%02d", $0 + 5) }.filter { $0 != "2026-03-11" }
  static let history = """
    user: traveller
    timezone: Pacific/Pago_Pago
    timezone_changes:
      - {at: "2026-03-11T10:30:00Z", timezone: Pacific/Kiritimati}
    calendar: islamic-umalqura
    days:

    """ + days.map { "  - {date: \($0), habits_completed: 1}\n" }.joined()

  static let changes = #"[{"at": "2026-03-11T10:30:00Z", "timezone": "Pacific/Kiritimati"}]"#

  static let jsonLines =
    days.enumerated().map { index, date in
      let user =
        index == 0
        ? #", "timezone": "Pacific/Pago_Pago", "timezone_changes": \#(changes), "calendar": "islamic-umalqura""#
        : ""
      return #"{"user": "traveller", "date": "\#(date)", "habits_completed": 1\#(user)}"#
    }.joined(separator: "\n") + "\n"

  static let csv =
    "user,date,habits_completed,timezone,timezone_changes,calendar\n"
    + days.enumerated().map { index, date in
      let quoted = "\"" + changes.replacingOccurrences(of: "\"", with: "\"\"") + "\""
      return "traveller,\(date),1"
        + (index == 0 ? ",Pacific/Pago_Pago,\(quoted),islamic-umalqura" : ",,,")
    }.joined(separator: "\n") + "\n"

  @Test(arguments: ["history.yaml", "days.jsonl", "days.csv"])
  func aTravellerImportedEvaluatesAsRulesEval(file name: String) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let history = folder.appendingPathComponent("history.yaml")
      try Self.history.write(to: history, atomically: true, encoding: .utf8)
      try Self.jsonLines.write(to: folder.appendingPathComponent("days.jsonl"), atomically: true, encoding: .utf8)
      try Self.csv.write(to: folder.appendingPathComponent("days.csv"), atomically: true, encoding: .utf8)
      let store = "sqlite:" + folder.appendingPathComponent("store.sqlite").path
      let imported = try Binary.run(
        "rules-server", ["import", "rizq", folder.appendingPathComponent(name).path, "--store", store])
      #expect(imported.status == 0, "\(imported.stderr)")
      for format in [["--format", "json"], []] {
        let expected = try Binary.run(
          "rules", ["eval", "rizq", "--history", history.path, "--date", "2026-03-13"] + format)
        #expect(expected.status == 0, "\(expected.stderr)")
        let actual = try Binary.run(
          "rules-server",
          ["eval", "rizq", "--store", store, "--user", "traveller", "--date", "2026-03-13", "--fresh"] + format)
        #expect(actual.stdout == expected.stdout, "\(name): rules-server eval is rules eval")
      }
      // Without its time zone changes the user would be evaluated otherwise: they were kept.
      let stay = folder.appendingPathComponent("stay.yaml")
      try Self.history.replacingOccurrences(
        of: "timezone_changes:\n  - {at: \"2026-03-11T10:30:00Z\", timezone: Pacific/Kiritimati}\n", with: ""
      ).write(to: stay, atomically: true, encoding: .utf8)
      let staying = try Binary.run(
        "rules", ["eval", "rizq", "--history", stay.path, "--date", "2026-03-13", "--format", "json"])
      let actual = try Binary.run(
        "rules-server",
        [
          "eval", "rizq", "--store", store, "--user", "traveller", "--date", "2026-03-13", "--format", "json",
          "--fresh",
        ])
      #expect(staying.status == 0 && staying.stdout != actual.stdout, "the changes matter to this history")
    }
  }

  @Test func badChangesAndCalendarsAreReportedByLine() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let lines = [
        #"{"user": "a", "date": "2026-01-01", "timezone_changes": [{"at": "yesterday", "timezone": "UTC"}]}"#,
        #"{"user": "a", "date": "2026-01-02", "timezone_changes": {"at": "2026-01-01T00:00:00Z"}}"#,
        #"{"user": "a", "date": "2026-01-03", "timezone_changes": [{"at": "2026-01-01T00:00:00Z"}]}"#,
        #"{"user": "a", "date": "2026-01-04", "calendar": "lunar"}"#,
        #"{"user": "a", "date": "2026-01-05", "calendar": 7}"#,
      ]
      let file = folder.appendingPathComponent("days.jsonl")
      try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
      let store = folder.appendingPathComponent("store.sqlite").path
      let result = try Binary.run("rules-server", ["import", "rizq", file.path, "--store", store])
      #expect(result.status == 1)
      let stderr = result.stderr.split(separator: "\n").map(String.init)
      #expect(
        stderr.prefix(3) == [
          "\(file.path):1: error: 'timezone_changes': 'at' must be a moment with its zone, ISO 8601, e.g. 2026-03-10T09:30:00Z or 2026-03-10T22:30:00+13:00; found 'yesterday'",
          #"\#(file.path):2: error: 'timezone_changes': must be a list of {"at": ..., "timezone": ...}; found an object"#,
          "\(file.path):3: error: 'timezone_changes': change 1 needs both 'at' and 'timezone'",
        ])
      #expect(stderr[3].hasPrefix("\(file.path):4: error: 'calendar': "), "\(stderr)")
      #expect(stderr[4] == "\(file.path):5: error: 'calendar' must be a string; found the integer 7")
      #expect(!FileManager.default.fileExists(atPath: store), "nothing was imported")
    }
  }
}

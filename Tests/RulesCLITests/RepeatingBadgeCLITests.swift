import Foundation
import Testing

/// `rules eval --state` with the documentation's weekly challenge (examples/weekly-challenge):
/// a repeating badge earned in one week, locked again the next, earned again, each earning kept
/// in the state file with its period; the text says how many times.
@Suite("repeating badges through the command line", .serialized)
struct RepeatingBadgeCLITests {
  /// Weeks from Saturday: 05-08 (Friday) is 2026-W18, 05-09 to 05-15 2026-W19.
  static let history = """
    user: amina
    days:
      - {date: 2026-05-08, duas_completed: 25}
      - {date: 2026-05-09, duas_completed: 5}
      - {date: 2026-05-10, duas_completed: 15}
    """

  @Test("each week's earning is kept in the state file, and the text counts them")
  func stateFile() throws {
    let catalog = try String(
      contentsOf: CLI.repository.appendingPathComponent("examples/weekly-challenge/weekly.yaml"), encoding: .utf8)
    let sandbox = try Sandbox(["weekly.yaml": catalog, "history.yaml": Self.history])
    func eval(_ date: String) throws -> CLI.Result {
      let result = try CLI.run(
        ["eval", "weekly.yaml", "--history", "history.yaml", "--date", date, "--state", "state.json"],
        in: sandbox.url)
      #expect(result.status == 0, "\(result.stderr)")
      return result
    }
    let friday = try eval("2026-05-08")
    #expect(friday.stdout.contains("  ✓ Weekly challenge (weekly-challenge, 2026-05-08), 2026-W18, earned once\n"))
    let saturday = try eval("2026-05-09")
    #expect(saturday.stdout.contains("  · Weekly challenge (weekly-challenge): 5/20 (25%), earned once before\n"))
    let sunday = try eval("2026-05-10")
    #expect(sunday.stdout.contains("  unlocked now: Weekly challenge\n"))
    #expect(sunday.stdout.contains("  ✓ Weekly challenge (weekly-challenge, 2026-05-10), 2026-W19, earned 2 times\n"))
    let state = try #require(
      try JSONSerialization.jsonObject(with: sandbox.read("state.json")) as? [String: Any])
    let unlocks = try #require(state["unlocks"] as? [[String: String]])
    #expect(
      unlocks == [
        ["id": "first-challenge", "date": "2026-05-08"],
        ["id": "weekly-challenge", "date": "2026-05-08", "period": "2026-W18"],
        ["id": "weekly-challenge", "date": "2026-05-10", "period": "2026-W19"],
      ])
    // The same date again: nothing new, the same file.
    let before = try sandbox.read("state.json")
    let again = try eval("2026-05-10")
    #expect(!again.stdout.contains("unlocked now"))
    #expect(try sandbox.read("state.json") == before)
  }

  @Test("rules export --format swift refuses a catalog with a repeating badge, saying why")
  func export() throws {
    let catalog = try String(
      contentsOf: CLI.repository.appendingPathComponent("examples/weekly-challenge/weekly.yaml"), encoding: .utf8)
    let sandbox = try Sandbox(["weekly.yaml": catalog])
    let result = try CLI.run(["export", "weekly.yaml", "--format", "swift", "-o", "Weekly.swift"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: weekly.yaml: cannot write the day as Swift: its badge 'weekly-challenge' repeats (`repeats`), which has no Swift translation; its day runs on the interpreter\n"
    )
    #expect(!FileManager.default.fileExists(atPath: sandbox.url.appendingPathComponent("Weekly.swift").path))
  }
}

import Foundation
import Testing

/// The seed's `streakProtected` shield in `rules replay`.
@Suite("rules replay marks protected days")
struct ReplayProtectedTests {
  @Test("a day a freeze covered has the shield in the table; JSON names it in last_protected")
  func shield() throws {
    let arguments = [
      "replay", "salahstreak", "--history", "examples/salahstreak.yaml", "--from", "2026-03-08", "--to", "2026-03-10",
    ]
    let text = try CLI.run(arguments)
    #expect(text.status == 0)
    #expect(
      text.stdout == """
        date        salah  unlocked  message
        2026-03-08  8                perfect-day
        2026-03-09  8 \u{1F6E1}\u{FE0F}             prayer-missed
        2026-03-10  9                perfect-day

        """)
    let json = try CLI.run(arguments + ["--format", "json"])
    let days = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    let salah = days.map { ($0["streaks"] as? [String: [String: Any]])?["salah"] }
    #expect(salah.map { $0?["last_protected"] as? String } == [nil, nil, "2026-03-09"])
    #expect(salah.map { $0?["start"] as? String } == ["2026-03-01", "2026-03-01", "2026-03-01"])
  }
}

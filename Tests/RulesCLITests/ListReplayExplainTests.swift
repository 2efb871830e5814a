import Foundation
import Testing

/// `rules list`, `rules replay` and `rules explain` as a user runs them.
@Suite("rules list, replay and explain")
struct ListReplayExplainTests {
  @Test("rules list prints a kind in columns, and JSON with --format json")
  func list() throws {
    let text = try CLI.run(["list", "discipline", "--kind", "badges"])
    #expect(text.status == 0)
    #expect(
      text.stdout == """
        Badges (4)
          momentum    Momentum                 training.current >= 3   (streaks)
          first-week  First week locked in     training.current >= 7   (streaks)
          two-weeks   Two weeks of discipline  training.current >= 14  (streaks)
          showing-up  Showing up               checkins >= 30          (consistency)

        """)
    let json = try CLI.run(["list", "rizq", "--kind", "quotes", "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let quotes = try #require(object["quotes"] as? [[String: Any]])
    #expect(quotes.first?["id"] as? String == "q1")
    #expect(quotes.first?["source"] as? String == "Quran 94:5")
    let bad = try CLI.run(["list", "discipline", "--kind", "trophies"])
    #expect(bad.status == 64)
  }

  @Test("rules replay shows the days as checks, one row each; JSON is one evaluation per day")
  func replay() throws {
    let text = try CLI.run([
      "replay", "discipline", "--history", "examples/discipline.yaml", "--from", "2026-01-02", "--to", "2026-01-04",
    ])
    #expect(text.status == 0)
    #expect(
      text.stdout == """
        date        training  unlocked  message
        2026-01-02  2                   streak
        2026-01-03  3         momentum  streak
        2026-01-04  3                   streak

        """)
    let json = try CLI.run([
      "replay", "discipline", "--history", "examples/discipline.yaml", "--from", "2026-01-03", "--to", "2026-01-04",
      "--format", "json",
    ])
    let days = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(days.map { $0["date"] as? String } == ["2026-01-03", "2026-01-04"])
    #expect(((days[0]["badges"] as? [String: Any])?["new"] as? [String]) == ["momentum"])
    let backwards = try CLI.run([
      "replay", "discipline", "--history", "examples/discipline.yaml", "--from", "2026-01-05", "--to", "2026-01-04",
    ])
    #expect(backwards.status == 64)
    #expect(backwards.stderr.hasPrefix("Error: --from 2026-01-05 is after --to 2026-01-04\n"))
  }

  @Test("rules explain shows the criterion with its values; an unknown badge is an error")
  func explain() throws {
    let result = try CLI.run([
      "explain", "discipline", "two-weeks", "--history", "examples/discipline.yaml", "--date", "2026-01-21",
    ])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        two-weeks “Two weeks of discipline” on 2026-01-21: locked
          14-day streak
          when: training.current >= 14
            training.current >= 14: 11 >= 14 is false
          progress: 11/14 (79%)

        """)
    let unknown = try CLI.run(["explain", "discipline", "nope", "--history", "examples/discipline.yaml"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "error: the catalog 'discipline' has no badge 'nope'\n")
  }
}

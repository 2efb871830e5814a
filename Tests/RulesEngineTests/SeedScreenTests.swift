import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesTestSupport
import Testing

/// What the seed apps' screens need from one evaluation (issue 15): badges with their display
/// fields, the message's colour, the next badge, streak runs and protected days, milestones
/// passed between checks, and a metric's progress.
@Suite("what a seed screen draws from one evaluation")
struct SeedScreenTests {
  static let catalog = """
    catalog: demo
    inputs:
      done: {type: bool}
    streaks:
      daily:
        counts: done
        freezes: {earn_every: 2}
    metrics:
      points: total(done) * 10
    milestones:
      streak: daily
      list:
        - {id: two, day: 2}
        - {id: four, day: 4}
        - {id: six, day: 6}
    groups:
      - {id: steps, progressive: true}
    badges:
      - id: first
        name: First
        description: The first day
        category: start
        emoji: "1"
        icon: star
        image: first.png
        color: gold
        xp: 5
        tags: [intro]
        extra: {sound: chime}
        when: total(done) >= 1
      - {id: far, name: Far, when: total(done) >= 30}
      - {id: near, name: Near, when: daily.best >= 3}
      - {id: step-1, name: Step 1, group: steps, when: points >= 10}
      - {id: step-2, name: Step 2, group: steps, when: points >= 20}
    messages:
      - id: going
        title: Going
        text: "{daily.current} days"
        action: Continue
        icon: flame
        color: streakGlow
        tags: [daily]
        extra: {glow: 0.6}
    """

  static func days(_ count: Int, from start: String = "2026-01-01", done: Bool = true) -> String {
    "days:\n" + Fixture.days(from: start, Array(repeating: "done: \(done)", count: count))
  }

  static func json(_ evaluation: Evaluation) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(evaluation)) as? [String: Any])
  }

  @Test("badges in unlocked and locked carry every display field; the message its colour, tags and extra")
  func displayFields() throws {
    let catalog = try Fixture.catalog(Self.catalog)
    let history = try Fixture.history(Self.days(2), for: catalog)
    let object = try Self.json(try Fixture.evaluate(catalog, history, on: "2026-01-02"))
    let badges = try #require(object["badges"] as? [String: Any])
    let first = try #require((badges["unlocked"] as? [[String: Any]])?.first)
    #expect(first["id"] as? String == "first")
    #expect(first["name"] as? String == "First")
    #expect(first["description"] as? String == "The first day")
    #expect(first["category"] as? String == "start")
    #expect(first["xp"] as? Int == 5)
    #expect(first["tags"] as? [String] == ["intro"])
    #expect(first["emoji"] as? String == "1")
    #expect(first["icon"] as? String == "star")
    #expect(first["image"] as? String == "first.png")
    #expect(first["color"] as? String == "gold")
    #expect((first["extra"] as? [String: Any])?["sound"] as? String == "chime")
    let far = try #require((badges["locked"] as? [[String: Any]])?.first { $0["id"] as? String == "far" })
    #expect(far["name"] as? String == "Far")
    #expect(far["group"] is NSNull)
    #expect(far["tags"] as? [String] == [])
    #expect(far["waiting"] as? Bool == false)
    let message = try #require(object["message"] as? [String: Any])
    #expect(message["color"] as? String == "streakGlow")
    #expect(message["action"] as? String == "Continue")
    #expect(message["tags"] as? [String] == ["daily"])
    #expect((message["extra"] as? [String: Any])?["glow"] as? Double == 0.6)
  }

  @Test("badges.next is the locked badge with the smallest target, then the most advanced")
  func nextBadge() throws {
    let catalog = try Fixture.catalog(Self.catalog)
    let one = try Fixture.evaluate(catalog, try Fixture.history(Self.days(1), for: catalog), on: "2026-01-01")
    // Near (3) and Step 1 (10) are below Far (30): Near's target is the smallest.
    #expect(one.badges.next?.id == "near")
    #expect(one.badges.next?.current == .int(1))
    let three = try Fixture.evaluate(catalog, try Fixture.history(Self.days(3), for: catalog), on: "2026-01-03")
    // Near is unlocked: Step 2 (20) waits behind Step 1's check, Far (30) is further.
    #expect(three.badges.unlocked.map(\.id).contains("near"))
    #expect(three.badges.next?.id == "step-2")
    #expect(three.badges.next?.waiting == true)
    let empty = try Fixture.catalog("catalog: empty\ninputs:\n  done: {type: bool}\n")
    let none = try Fixture.evaluate(empty, try Fixture.history(Self.days(1), for: empty), on: "2026-01-01")
    #expect(none.badges.next == nil)
    #expect(try Self.json(none)["badges"].flatMap { ($0 as? [String: Any])?["next"] } is NSNull)
  }

  @Test("a streak's start is its run's first day and last_protected the day a freeze covered")
  func runs() throws {
    let catalog = try Fixture.catalog(Self.catalog)
    let history = try Fixture.history(
      "days:\n"
        + Fixture.days(
          from: "2026-01-01", ["done: true", "done: true", "done: false", "done: true", "done: false", "done: true"]),
      for: catalog)
    let days = try Fixture.evaluate(
      catalog, history, on: ["2026-01-02", "2026-01-04", "2026-01-06", "2026-01-07", "2026-01-08"])
    let daily = days.map { $0.streak("daily")! }
    // The 3rd is covered by the freeze earned on the 2nd; the 5th has none left and breaks
    // the run; a new one begins on the 6th, and the 7th (no record) ends it at the next check.
    #expect(daily.map(\.current) == [2, 3, 1, 1, 0])
    let first = Fixture.day("2026-01-01")
    let sixth = Fixture.day("2026-01-06")
    #expect(daily.map(\.start) == [first, first, sixth, sixth, nil])
    let third = Fixture.day("2026-01-03")
    #expect(daily.map(\.lastProtected) == [nil, third, third, third, third])
  }

  @Test("milestones.new holds what was passed since the last check; the same check again has none")
  func milestonesSinceLastCheck() throws {
    let catalog = try Fixture.catalog(Self.catalog)
    let history = try Fixture.history(Self.days(7), for: catalog)
    let checks = try Fixture.evaluate(catalog, history, on: ["2026-01-01", "2026-01-05", "2026-01-05", "2026-01-06"])
    #expect(checks.map(\.milestones.new) == [[], ["two", "four"], [], ["six"]])
    #expect(checks[1].milestones.next == .init(id: "six", day: 6, date: Fixture.day("2026-01-06"), daysUntil: 1))
    // Without a state: the milestone reached on the day, if any.
    #expect(try Fixture.evaluate(catalog, history, on: "2026-01-04").milestones.new == ["four"])
    #expect(try Fixture.evaluate(catalog, history, on: "2026-01-05").milestones.new == [])
  }

  @Test("a saved state keeps the milestone streak as the last check saw it; a malformed one is refused")
  func milestoneCheckInState() throws {
    let engine = Engine(try Fixture.catalog(Self.catalog))
    let record = try DayRecord(date: Fixture.day("2026-01-01"), values: ["done": true], for: engine)
    let check = try engine.check(user: nil, start: nil, on: Fixture.day("2026-01-01"), records: [record], state: nil)
    var object = try #require(try JSONSerialization.jsonObject(with: try check.state.json()) as? [String: Any])
    let mark = try #require(object["milestone_check"] as? [String: Any])
    #expect(mark["current"] as? Int == 1)
    #expect(mark["start"] as? String == "2026-01-01")
    object["milestone_check"] = ["start": "2026-01-01"]
    let broken = try JSONSerialization.data(withJSONObject: object)
    let error = #expect(throws: EngineError.self) { try UserState(json: broken, for: engine) }
    #expect(error?.description == "the state is not usable: 'milestone_check' is malformed")
  }

  @Test("eval JSON has the new keys for every shipped catalog, empty or null where it has no such thing")
  func newKeysEverywhere() throws {
    for name in ShippedCatalogs.names {
      let catalog = try Fixture.shipped(name)
      let history = try Fixture.history("days:\n  - {date: 2026-01-01}\n", for: catalog)
      let object = try Self.json(try Fixture.evaluate(catalog, history, on: "2026-01-01"))
      for (_, streak) in try #require(object["streaks"] as? [String: [String: Any]]) {
        #expect(streak.keys.contains("start") && streak.keys.contains("last_protected"), "\(name)")
      }
      let milestones = try #require(object["milestones"] as? [String: Any])
      #expect(milestones["new"] is [Any], "\(name)")
      #expect(object["progress"] is [String: Any], "\(name)")
      let badges = try #require(object["badges"] as? [String: Any])
      #expect(badges.keys.contains("next"), "\(name)")
      if let message = object["message"] as? [String: Any] {
        #expect(message.keys.contains("color") && message["tags"] is [Any], "\(name)")
      }
    }
  }
}

import Foundation
import RulesEngine
import RulesTestSupport
import Testing

/// What an app sees, linking RulesEngine alone: every shipped catalog loaded from its exported
/// JSON, its example history passed through the API, and the evaluations compared with what
/// `rules eval --format json` printed for the same history (the fixtures, kept current by
/// RulesCLITests' AppFixtureTests).
@Suite("an app's checks give what rules eval gives")
struct ExampleHistoryTests {
  static let examples = ShippedCatalogs.names
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// An example history and what `rules eval` printed for it.
  struct Fixture: Decodable {
    struct Record: Decodable {
      var date: CalendarDay
      var values: [String: DayRecord.Value]
    }

    struct Expected: Decodable {
      var date: CalendarDay
    }

    var user: String?
    var start: CalendarDay?
    var records: [Record]
    var whole: Expected
    var days: [Expected]
    /// The evaluations `rules eval` printed, as `JSONSerialization` reads them (the same reader
    /// as for the API's output, so that numbers compare to the last bit).
    var wholeEvaluation: NSDictionary = [:]
    var dayEvaluations: [NSDictionary] = []

    enum CodingKeys: String, CodingKey {
      case user, start, records, whole, days
    }
  }

  static func load(_ name: String) throws -> (Engine, Fixture) {
    let catalog = try Data(contentsOf: folder.appendingPathComponent("\(name).catalog.json"))
    let history = try Data(contentsOf: folder.appendingPathComponent("\(name).history.json"))
    var fixture = try JSONDecoder().decode(Fixture.self, from: history)
    let object = try #require(try JSONSerialization.jsonObject(with: history) as? NSDictionary)
    fixture.wholeEvaluation = try #require((object["whole"] as? NSDictionary)?["evaluation"] as? NSDictionary)
    fixture.dayEvaluations = try #require(object["days"] as? [NSDictionary]).compactMap {
      $0["evaluation"] as? NSDictionary
    }
    #expect(fixture.dayEvaluations.count == fixture.days.count)
    return (try Engine(exportedCatalog: catalog), fixture)
  }

  /// The evaluation as `JSONEncoder` writes it, parsed.
  static func encoded(_ evaluation: Evaluation) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(evaluation)) as? NSDictionary)
  }

  @Test("the whole history at once, as a new user", arguments: examples)
  func whole(_ name: String) throws {
    let (engine, fixture) = try Self.load(name)
    let records = try fixture.records.map { try DayRecord(date: $0.date, values: $0.values, for: engine) }
    let check = try engine.check(
      user: fixture.user, start: fixture.start, on: fixture.whole.date, records: records, state: nil)
    #expect(try Self.encoded(check.evaluation) == fixture.wholeEvaluation)
    #expect(check.warnings.isEmpty)
  }

  @Test("day by day, each day's record alone, the state saved and read back as JSON", arguments: examples)
  func dayByDay(_ name: String) throws {
    let (engine, fixture) = try Self.load(name)
    #expect(fixture.days.count > 4)
    var saved: Data?
    for (expected, evaluation) in zip(fixture.days, fixture.dayEvaluations) {
      let state = try saved.map { try UserState(json: $0, for: engine) }
      let records = try fixture.records.filter { $0.date == expected.date }.map {
        try DayRecord(date: $0.date, values: $0.values, for: engine)
      }
      let check = try engine.check(
        user: fixture.user, start: fixture.start, on: expected.date, records: records, state: state)
      let found = try Self.encoded(check.evaluation)
      #expect(found == evaluation, "\(name) \(expected.date)")
      #expect(check.warnings.isEmpty)
      saved = try check.state.json()
    }
  }
}

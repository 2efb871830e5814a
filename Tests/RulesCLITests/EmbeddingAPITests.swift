import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesTestSupport
import Testing

/// The Swift API gives what the command line gives: for every shipped example history, the
/// `Evaluation` encoded with `JSONEncoder` has exactly the keys and values of
/// `rules eval --format json`, for the whole history and day by day with the state saved as
/// JSON (as `rules eval --state` each day).
@Suite("the Swift API against rules eval")
struct EmbeddingAPITests {
  static let examples = ShippedCatalogs.names

  /// The engine from `rules export NAME`, and the example history read against it.
  static func load(_ name: String) throws -> (Engine, History) {
    let export = try CLI.run(["export", name])
    #expect(export.status == 0)
    let engine = try Engine(exportedCatalog: Data(export.stdout.utf8))
    let path = CLI.repository.appendingPathComponent("examples/\(name).yaml").path
    let history = try #require(HistoryFiles.load(path: path, inputs: engine.catalog.inputs).history)
    return (engine, history)
  }

  /// JSON text parsed, for comparing keys and values whatever the spacing.
  static func parsed(_ data: Data) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
  }

  static func encoded(_ evaluation: Evaluation) throws -> NSDictionary {
    try parsed(try JSONEncoder().encode(evaluation))
  }

  @Test("the whole history", arguments: examples)
  func whole(_ name: String) throws {
    let (engine, history) = try Self.load(name)
    let last = try #require(history.records.last?.date)
    let cli = try CLI.run(["eval", name, "--history", "examples/\(name).yaml", "--date", "\(last)", "--format", "json"])
    #expect(cli.status == 0)
    let records = try history.records.map { try DayRecord($0, for: engine) }
    let check = try engine.check(user: history.user, start: history.start, on: last, records: records, state: nil)
    #expect(try Self.encoded(check.evaluation) == (try Self.parsed(Data(cli.stdout.utf8))))
    // Decoding what was encoded gives the same JSON again.
    let again = try JSONDecoder().decode(Evaluation.self, from: try JSONEncoder().encode(check.evaluation))
    #expect(try Self.encoded(again) == (try Self.encoded(check.evaluation)))
  }

  @Test("day by day, the state saved and read back as JSON", arguments: examples)
  func dayByDay(_ name: String) throws {
    let (engine, history) = try Self.load(name)
    let sandbox = try Sandbox()
    let statePath = sandbox.path("state.json")
    let candidates = [history.start, history.records.first?.date].compactMap { $0 }
    let first = try #require(candidates.min())
    let last = try #require(history.records.last?.date)
    var saved: Data?
    var day = first
    var checked = 0
    while day <= last {
      let state = try saved.map { try UserState(json: $0, for: engine) }
      let records = try history.record(on: day).map { [try DayRecord($0, for: engine)] } ?? []
      let check = try engine.check(user: history.user, start: history.start, on: day, records: records, state: state)
      #expect(check.warnings.isEmpty)
      saved = try check.state.json()
      let cli = try CLI.run([
        "eval", name, "--history", "examples/\(name).yaml", "--date", "\(day)", "--state", statePath, "--format",
        "json",
      ])
      #expect(cli.status == 0)
      #expect(try Self.encoded(check.evaluation) == (try Self.parsed(Data(cli.stdout.utf8))), "\(name) \(day)")
      checked += 1
      day = day + 1
    }
    #expect(checked > 4)
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import Testing

/// The fixtures of the app-shaped tests (Tests/RulesAppTests, which link RulesEngine alone and
/// cannot read YAML): each shipped catalog as `rules export` writes it, its example history as
/// records of literal values, and what `rules eval --format json` prints for the whole history
/// and day by day with `--state`. This test makes them with the built `rules` and compares them
/// with the committed files; `RULES_UPDATE_DOCS=1` writes them.
@Suite("the app fixtures")
struct AppFixtureTests {
  static let folder = CLI.repository.appendingPathComponent("Tests/RulesAppTests/Fixtures")
  static let update = ProcessInfo.processInfo.environment["RULES_UPDATE_DOCS"] == "1"

  /// JSON text with sorted keys, for files that compare byte for byte.
  static func text(_ object: Any) throws -> String {
    let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  static func parsed(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  @Test("each fixture is what rules export and rules eval give now", arguments: EmbeddingAPITests.examples)
  func current(_ name: String) throws {
    let export = try CLI.run(["export", name])
    #expect(export.status == 0)
    let engine = try Engine(exportedCatalog: Data(export.stdout.utf8))
    let path = CLI.repository.appendingPathComponent("examples/\(name).yaml").path
    let history = try #require(HistoryFiles.load(path: path, inputs: engine.catalog.inputs).history)
    let records: [[String: Any]] = try history.records.map { record in
      let values = try DayRecord(record, for: engine).values(for: engine)
      return [
        "date": record.date.description,
        "values": try Self.parsed(String(decoding: try JSONEncoder().encode(values), as: UTF8.self)),
      ]
    }
    let candidates = [history.start, history.records.first?.date].compactMap { $0 }
    let first = try #require(candidates.min())
    let last = try #require(history.records.last?.date)
    let whole = try CLI.run([
      "eval", name, "--history", "examples/\(name).yaml", "--date", "\(last)", "--format", "json",
    ])
    #expect(whole.status == 0)
    let sandbox = try Sandbox()
    var days: [[String: Any]] = []
    var day = first
    while day <= last {
      let result = try CLI.run([
        "eval", name, "--history", "examples/\(name).yaml", "--date", "\(day)", "--state", sandbox.path("state.json"),
        "--format", "json",
      ])
      #expect(result.status == 0)
      days.append(["date": day.description, "evaluation": try Self.parsed(result.stdout)])
      day = day + 1
    }
    let fixture: [String: Any] = [
      "catalog": name, "user": history.user ?? NSNull(), "start": history.start?.description ?? NSNull(),
      "records": records, "whole": ["date": last.description, "evaluation": try Self.parsed(whole.stdout)],
      "days": days,
    ]
    let files = [("\(name).catalog.json", export.stdout), ("\(name).history.json", try Self.text(fixture))]
    for (file, generated) in files {
      let url = Self.folder.appendingPathComponent(file)
      let committed = String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
      guard committed != generated else { continue }
      // Written anew with RULES_UPDATE_DOCS=1, and failed once all the same: an update is seen.
      if Self.update { try Data(generated.utf8).write(to: url) }
      Issue.record(
        Self.update
          ? "\(file) was stale and is written anew: review it and run the tests again"
          : "\(file) is stale: run RULES_UPDATE_DOCS=1 swift test --filter AppFixtureTests")
    }
  }
}

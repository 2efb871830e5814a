import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource
import Testing

/// The catalog's `leaderboards` on both readers: the fast path (libyaml's events) takes a
/// catalog that declares them and gives the reference path's model, also with each line left
/// out (a leaderboard without its id, value or period, the key alone...).
@Suite struct LeaderboardDecodingTests {
  static let text = """
    catalog: league
    inputs:
      duas: {type: int, max: 100}
    metrics:
      month_duas: month(duas)
    leaderboards:
      - {id: weekly, value: week(duas), period: week}
      - id: monthly
        value: month_duas
        period: month
      - {id: hijri, value: 'hijri_month(duas)', period: hijri_month}
      - {id: fortnightly, value: week(duas), period: fortnight}
    badges:
      - {id: first, name: First, when: duas >= 1}
    """

  @Test("the fast path gives the reference model, with every line left out too")
  func bothReaders() {
    let file = SourceFile(path: "league.yaml", text: Self.text.replacingOccurrences(of: "fortnight}", with: "day}"))
    #expect(CatalogDecoderOracle.takesFastPath(file))
    #expect(CatalogDecoderOracle.mismatch(file) == nil)
    let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false)
    for index in lines.indices {
      var mutated = lines
      mutated.remove(at: index)
      let file = SourceFile(path: "league.yaml", text: mutated.joined(separator: "\n"))
      #expect(CatalogDecoderOracle.mismatch(file) == nil, "line \(index + 1) left out")
    }
  }

  @Test("an exported catalog keeps its leaderboards (a served revision restored ranks the same)")
  func export() throws {
    let text = Self.text.replacingOccurrences(of: "fortnight}", with: "day}")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("league-\(UUID().uuidString).yaml")
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let checked = CatalogFiles.validate(path: file.path)
    let yaml = try #require(checked.validated, "\(checked.diagnostics)")
    let loaded = ExportedCatalog.validate(Data(CatalogExport.json(yaml).serialized().utf8), path: "league.json")
    let json = try #require(loaded.validated, "\(loaded.diagnostics)")
    func boards(_ catalog: ValidatedCatalog) -> [String] {
      catalog.catalog.leaderboards.map { "\($0.id) \($0.value.text) \($0.period.rawValue)" }
    }
    #expect(
      boards(yaml) == [
        "weekly week(duas) week", "monthly month_duas month", "hijri hijri_month(duas) hijri_month",
        "fortnightly week(duas) day",
      ])
    #expect(boards(json) == boards(yaml))
  }

  @Test("rules diff names a change of the leaderboards")
  func diff() throws {
    func exported(_ text: String) throws -> JSONValue {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("league-\(UUID().uuidString).yaml")
      try text.write(to: file, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(at: file) }
      let checked = CatalogFiles.validate(path: file.path)
      return CatalogExport.json(try #require(checked.validated, "\(checked.diagnostics)"))
    }
    let old = Self.text.replacingOccurrences(of: "fortnight}", with: "day}")
    let same = CatalogDiff(old: try exported(old), new: try exported(old))
    #expect(same.catalogFields.isEmpty)
    let changed = CatalogDiff(
      old: try exported(old), new: try exported(old.replacingOccurrences(of: "period: week}", with: "period: month}")))
    #expect(changed.catalogFields == ["leaderboards"])
  }
}

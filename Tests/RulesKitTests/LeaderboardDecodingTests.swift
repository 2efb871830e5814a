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
}

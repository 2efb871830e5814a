@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let inputWithoutMax: DiagnosticID = "input-without-max"
}

/// A number input that a metric reads needs a `max`: every numeric metric is a leaderboard
/// (the server ranks users by it), and without a bound one record (`duas_completed:
/// 9223372036854775807`) tops it for good. A warning, at the input: the catalog still works.
/// Inputs that only streaks, badges or messages read need none (a streak counts days, whatever
/// the values); nor do `bool` and `enum` inputs, bounded by their type.
package enum InputMaxRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.inputWithoutMax
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary =
    "An `int` or `number` input that a metric reads has a `max` (a warning): metrics are leaderboards, and an unbounded value tops them."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs:
        duas: {type: int, min: 0}
        habits: {type: int, min: 0}
      streaks:
        daily: {counts: habits >= 1}
      metrics:
        total_duas: total(duas)
      """,
      expected: [
        "3:3: warning: the input 'duas' has no max, and the metric 'total_duas' reads it: one record may give any value (up to 9223372036854775807) and top its leaderboard; give it the most the app allows in a day, e.g. `max: 100`"
      ]),
    RuleExample(
      """
      catalog: demo
      inputs:
        duas: {type: int, min: 0, max: 100}
        habits: {type: int, min: 0}
        done: {type: bool}
      streaks:
        daily: {counts: habits >= 1}
      metrics:
        total_duas: total(duas)
        days_done: total(done)
      """),
  ]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    // Names a module requires are checked as inputs when nobody defines them: their place is
    // the module's `requires`, where no `max` can be written.
    let required = Set(catalog.requirements.map(\.origin))
    var unbounded: [String: Int] = [:]
    for (index, input) in catalog.inputs.enumerated() where input.max == nil && !required.contains(input.origin) {
      switch input.kind {
      case .int, .number: if unbounded[input.name] == nil { unbounded[input.name] = index }
      case .bool, .enumeration: continue
      }
    }
    guard !unbounded.isEmpty else { return }
    var readers: [Int: String] = [:]
    for metric in catalog.metrics {
      guard case .success(let parsed) = Parser.parse(metric.expression.text) else { continue }
      var names: [String] = []
      DependencyGraph.collectNames(parsed, into: &names)
      for name in names {
        if let index = unbounded[name], readers[index] == nil { readers[index] = metric.name }
      }
    }
    for index in readers.keys.sorted() {
      let input = catalog.inputs[index]
      let limit = input.kind == .int ? " (up to \(Int.max))" : ""
      report.warning(
        input.origin,
        "the input '\(input.name)' has no max, and the metric '\(readers[index]!)' reads it: one record may give any value\(limit) and top its leaderboard; give it the most the app allows in a day, e.g. `max: 100`"
      )
    }
  }
}

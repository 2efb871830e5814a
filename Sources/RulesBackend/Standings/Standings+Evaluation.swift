@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

extension Standings {
  /// What an evaluation puts in `standings`: every streak's current and best, every metric
  /// whose value is a number (a non-finite one is left out).
  package static func of(_ evaluation: Evaluation) -> [Standing] {
    var standings: [Standing] = []
    standings.reserveCapacity(evaluation.streaks.count * 2 + evaluation.metrics.count)
    for streak in evaluation.streaks {
      var current = Standing(name: streak.name + ".current", value: Double(streak.current))
      if streak.current > 0, let start = streak.start {
        current.since = start
        current.until = start + (streak.current - 1)
      }
      standings.append(current)
      standings.append(Standing(name: streak.name + ".best", value: Double(streak.best)))
    }
    for metric in evaluation.metrics {
      switch metric.value {
      case .int(let value): standings.append(Standing(name: metric.name, value: Double(value)))
      case .number(let value) where value.isFinite: standings.append(Standing(name: metric.name, value: value))
      default: continue
      }
    }
    return standings
  }

  /// The leaderboards of a catalog, in catalog order: each streak's `.current` and `.best`,
  /// then each metric whose type is an integer or a number.
  package static func names(_ catalog: StoreCatalog) -> [String] {
    var names: [String] = []
    for streak in catalog.validated.catalog.streaks { names += [streak.name + ".current", streak.name + ".best"] }
    for (metric, typed) in zip(catalog.validated.catalog.metrics, catalog.validated.metrics) {
      switch typed.type {
      case .int, .number: names.append(metric.name)
      default: continue
      }
    }
    return names
  }
}

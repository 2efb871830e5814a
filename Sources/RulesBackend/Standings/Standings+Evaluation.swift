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

  /// What an evaluation puts in `period_standings`: each declared leaderboard's value (a
  /// finite number) for the period of the evaluation's date, named `LEADERBOARD@PERIOD`, with
  /// the period's first and last day. The date is the user's own (their time zone and day
  /// start picked it), so their calendar decides the period.
  package static func periods(of evaluation: Evaluation, in catalog: ValidatedCatalog) -> [Standing] {
    let declared = catalog.catalog.leaderboards
    guard !declared.isEmpty else { return [] }
    var standings: [Standing] = []
    for (leaderboard, report) in zip(declared, evaluation.leaderboards) {
      let value: Double
      switch report.value {
      case .int(let int): value = Double(int)
      case .number(let number) where number.isFinite: value = number
      default: continue
      }
      let period = Period.containing(
        evaluation.date, kind: Period.Kind(rawValue: leaderboard.period.rawValue) ?? .all,
        weekStart: catalog.catalog.weekStarts)
      standings.append(
        Standing(
          name: board(leaderboard.id, period.id), value: value, since: period.start,
          until: CalendarDay(number: period.end.number - 1)))
    }
    return standings
  }

  /// The name of a leaderboard's board for a period in `period_standings`: `weekly@2026-W22`.
  package static func board(_ leaderboard: String, _ period: String) -> String { leaderboard + "@" + period }

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

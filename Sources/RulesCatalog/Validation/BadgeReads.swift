@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// What the badges read of the metrics and the calendar built-ins, gathered as each badge is
/// validated, while its typed tree is still in the processor's cache. Compiling a program
/// needs both for every badge (which metrics the day computes, which calendar fields a frame
/// holds); walking 50,000 criteria again then was a third of compiling them, each tree read
/// back from memory.
package struct BadgeReads: Sendable {
  /// Whether some badge's criterion (`when`) reads each metric, by the metric's position.
  package private(set) var metrics: [Bool]
  /// The calendar built-ins some criterion or explicit `progress` reads.
  package private(set) var calendar: Set<CalendarField> = []

  /// Nothing read yet, for a catalog of `metricCount` metrics.
  package init(metricCount: Int) {
    metrics = [Bool](repeating: false, count: metricCount)
  }

  /// Adds what a badge's criterion reads.
  package mutating func addCriterion(_ when: TypedExpr) {
    when.forEachSymbol { symbol in
      switch symbol {
      case .metric(let index): metrics[index] = true
      case .calendar(let field): calendar.insert(field)
      default: break
      }
    }
  }

  /// Adds what a badge's explicit `progress` reads (its metrics are not the day's concern:
  /// reports compute every metric).
  package mutating func addProgress(_ part: ProgressPart) {
    for expr in [part.current, part.target] {
      expr.forEachSymbol { symbol in
        if case .calendar(let field) = symbol { calendar.insert(field) }
      }
    }
  }
}

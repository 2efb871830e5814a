@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// What an expression reads, through the metrics it names and the sums it reads: the one walk
/// the bounds, the search's choices and the state's keys share.
struct Reads {
  var inputs = Set<Int>()
  var streaks = Set<Int>()
  var metrics = Set<Int>()
  var aggregates = Set<Int>()
  var calendar = Set<CalendarField>()
  var logged = false
  var day = false
  var badgeTotals = false

  /// What `expression` reads, metrics and sums entered; a streak's own conditions are not
  /// entered (its fields are state).
  static func of(_ expression: TypedExpr, in catalog: ValidatedCatalog) -> Reads {
    var reads = Reads()
    reads.add(expression, catalog)
    return reads
  }

  mutating func add(_ expression: TypedExpr, _ catalog: ValidatedCatalog) {
    expression.forEachLeaf { leaf in
      switch leaf.kind {
      case .symbol(let symbol):
        switch symbol {
        case .input(let index): inputs.insert(index)
        case .logged: logged = true
        case .day: day = true
        case .streak(let index, _): streaks.insert(index)
        case .metric(let index):
          if metrics.insert(index).inserted { add(catalog.metrics[index], catalog) }
        case .badgesCount, .badgesXP: badgeTotals = true
        case .calendar(let field): calendar.insert(field)
        }
      case .aggregate(let index):
        if aggregates.insert(index).inserted { add(catalog.aggregates[index].argument, catalog) }
      default: break
      }
    }
  }

  /// `other`'s reads too.
  mutating func formUnion(_ other: Reads) {
    inputs.formUnion(other.inputs)
    streaks.formUnion(other.streaks)
    metrics.formUnion(other.metrics)
    aggregates.formUnion(other.aggregates)
    calendar.formUnion(other.calendar)
    logged = logged || other.logged
    day = day || other.day
    badgeTotals = badgeTotals || other.badgeTotals
  }
}

extension ValidatedCatalog {
  /// The conditions of streak `index` (counts, skips, resets).
  func conditions(ofStreak index: Int) -> [TypedExpr] {
    let streak = streaks[index]
    return [streak.counts, streak.skips, streak.resets].compactMap { $0 }
  }
}

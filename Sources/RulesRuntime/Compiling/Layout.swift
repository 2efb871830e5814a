@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The frame layout of a validated catalog: a slot for every input, built-in, streak field,
/// aggregate and metric (a metric that is an aggregate shares its slot).
@_spi(Tooling) public struct Layout: Sendable {
  /// Each input's slot, in catalog order.
  @_spi(Tooling) public private(set) var inputs: [Slot] = []
  /// The slot of `logged`.
  package private(set) var logged = 0
  /// The slot of `day`.
  package private(set) var day = 0
  /// The slot of `badges.count`.
  package private(set) var badgesCount = 0
  /// The slot of `badges.xp`.
  package private(set) var badgesXP = 0
  /// The slot of each calendar built-in (`weekday`, `hijri.*`), in `CalendarField` order.
  package private(set) var calendar: [Int] = []
  /// The calendar built-ins the catalog reads (a day computes only these).
  package private(set) var calendarFieldsRead: [CalendarField] = []
  /// Each streak's slots, in catalog order.
  package private(set) var streaks: [(current: Int, best: Int, freezes: Int)] = []
  /// Each metric's slot, in catalog order.
  package private(set) var metrics: [Slot] = []
  /// Each aggregate's slot.
  package private(set) var aggregates: [Slot] = []
  /// How many int slots the layout uses.
  package private(set) var intCount = 0
  /// How many number slots the layout uses.
  package private(set) var numCount = 0

  init(_ catalog: ValidatedCatalog) {
    func slot(for type: ValueType) -> Slot {
      if type == .number {
        numCount += 1
        return .num(numCount - 1)
      }
      intCount += 1
      return .int(intCount - 1)
    }
    func int() -> Int {
      intCount += 1
      return intCount - 1
    }
    inputs = catalog.inputs.map { slot(for: $0.type) }
    logged = int()
    day = int()
    badgesCount = int()
    badgesXP = int()
    calendar = CalendarField.allCases.map { _ in int() }
    let read = catalog.calendarFieldsRead
    calendarFieldsRead = CalendarField.allCases.filter(read.contains)
    streaks = catalog.streaks.map { _ in (int(), int(), int()) }
    aggregates = catalog.aggregates.map { slot(for: $0.type) }
    // A metric that is a history sum (`total_duas: total(duas)`) is that sum's slot: the day
    // computes it once and copies nothing.
    metrics = catalog.metrics.map { expr in
      if case .aggregate(let index) = expr.kind { return aggregates[index] }
      return slot(for: expr.type)
    }
  }

  /// Where `symbol`'s value lives.
  package func slot(of symbol: Symbol) -> Slot {
    switch symbol {
    case .input(let index): inputs[index]
    case .logged: .int(logged)
    case .day: .int(day)
    case .badgesCount: .int(badgesCount)
    case .badgesXP: .int(badgesXP)
    case .calendar(let field): .int(calendar[CalendarField.allCases.firstIndex(of: field)!])
    case .streak(let index, let field):
      switch field {
      case .current: .int(streaks[index].current)
      case .best: .int(streaks[index].best)
      case .freezes: .int(streaks[index].freezes)
      }
    case .metric(let index): metrics[index]
    }
  }
}

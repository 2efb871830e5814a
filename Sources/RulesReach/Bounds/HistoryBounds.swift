import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

/// Which histories the bounds hold for.
enum HistorySpan: Equatable {
  /// Every history of `k` dates (any start, any inputs, any zone), at its last date.
  case days(Int)
  /// Every history, at any date.
  case ever
  /// Every history at its first check (its first date, or the first a zone did not skip).
  case firstCheck
}

/// The bounds of every name of a catalog over a span of histories: the interval analysis that
/// proves `unreachable` and `always` and gives each item its least possible days.
///
/// A consecutive streak counts at most one a day, and only on a day its `counts` can hold (a
/// freeze, a skip or a pause never adds); `max_days` caps it; freezes come from counted days
/// alone (support's grants are not a user's doing). An elapsed streak is at most the days
/// since the history's first date. A sum adds, each day, at most the most its argument can be
/// that day (and a skipped day adds nothing); a window or a period sums at most its days. The
/// calendar is any date's unless an argument reads it: then each date of the years the
/// engine handles is looked at, and a sum over m days is at most the most any m dates in a row
/// give.
final class HistoryBounds {
  let catalog: ValidatedCatalog
  /// Each aggregate's argument, as bounds on each date of the years the engine handles, made
  /// when first needed (only for arguments that read the calendar): the most and the least.
  private var profiles: [Int: CalendarProfile] = [:]
  private var countsProfiles: [Int: CalendarProfile] = [:]
  /// Every name at its widest (a streak's conditions read the others' fields at any value).
  private lazy var plainEvaluator = BoundsEvaluator(catalog: catalog, environment: BoundsEnvironment(catalog: catalog))

  init(catalog: ValidatedCatalog) {
    self.catalog = catalog
  }

  /// An evaluator whose environment is that of `span`.
  func evaluator(for span: HistorySpan) -> BoundsEvaluator {
    let evaluator = BoundsEvaluator(catalog: catalog, environment: environment(for: span))
    evaluator.aggregateBounds = { [unowned self] index, evaluator in self.aggregate(index, span: span, evaluator) }
    return evaluator
  }

  /// How many counted days a span allows (nil: no limit).
  private func days(_ span: HistorySpan) -> Int? {
    switch span {
    case .days(let k): k
    case .ever: nil
    case .firstCheck: 1
    }
  }

  private func environment(for span: HistorySpan) -> BoundsEnvironment {
    var environment = BoundsEnvironment(catalog: catalog)
    let k = days(span)
    let limit = k.map(Double.init) ?? .infinity
    switch span {
    case .days(let k): environment.day = .ints(-.infinity, Double(k - 1))
    case .ever, .firstCheck: environment.day = .anyInt
    }
    for (index, validated) in catalog.streaks.enumerated() {
      let streak = validated.streak
      switch streak.kind {
      case .consecutive(_, _, let freezes):
        var most = min(limit, Double(streak.maxDays ?? .max))
        let counted = countedDays(streak: index, span: span)
        most = min(most, counted)
        let current = Bounds.ints(0, most)
        var held = Bounds.exactly(0)
        if let freezes {
          held = .ints(0, min(Double(freezes.max ?? .max), (counted / Double(freezes.earnEvery)).rounded(.down)))
        }
        environment.streaks[index] = (current, current, held)
      case .periodic(_, let period, let goal, let freezes):
        // Periods met: each needs its goal's days counted in it (1 for a pausable streak, whose
        // pauses cap the goal), and those between the first and the last are passed whole.
        let counted = countedDays(streak: index, span: span)
        let least = streak.pausable ? 1 : min(goal, period.shortest)
        var most = min(Self.periodsMet(within: k, goal: least, shortest: period.shortest), counted / Double(least))
        most = most.rounded(.down)
        // A period whose days `counts` can hold on are fewer than its goal is never met.
        if !streak.pausable, countedDays(streak: index, span: .days(period.longest)) < Double(least) { most = 0 }
        let current = Bounds.ints(0, most)
        var held = Bounds.exactly(0)
        if let freezes {
          held = .ints(0, min(Double(freezes.max ?? .max), (most / Double(freezes.earnEvery)).rounded(.down)))
        }
        environment.streaks[index] = (current, current, held)
      case .elapsed:
        // Days since the first date: a zone's skipped dates still pass, so at the first check
        // any number of them may have.
        let most = span == .firstCheck ? Double.infinity : limit - 1
        environment.streaks[index] = (.ints(0, most), .ints(0, most), .exactly(0))
      }
    }
    var count = 0.0
    var lowXP = 0.0
    var highXP = 0.0
    for badge in catalog.badges {
      let times = badge.repeats == nil ? 1 : limit
      count += times
      if badge.xp < 0 { lowXP += Double(badge.xp) * times } else { highXP += Double(badge.xp) * times }
    }
    if let k { count = min(count, Double(k) * Double(catalog.badges.count)) }
    environment.badgesCount = .ints(0, count)
    environment.badgesXP = .ints(lowXP.isNaN ? -.infinity : lowXP, highXP.isNaN ? .infinity : highXP)
    return environment
  }

  /// The most periods a periodic streak can meet in `k` dates (nil: any number of dates): the
  /// first and the last met need `goal` dates each, those between are passed whole (at least
  /// `shortest` dates each).
  static func periodsMet(within k: Int?, goal: Int, shortest: Int) -> Double {
    guard let k else { return .infinity }
    if k < goal { return 0 }
    if k < 2 * goal { return 1 }
    return Double(2 + (k - 2 * goal) / shortest)
  }

  /// The most days streak `index` can count in `span`: the days its `counts` can hold on (all
  /// of them unless it reads the calendar; none when it never holds).
  private func countedDays(streak index: Int, span: HistorySpan) -> Double {
    guard let counts = catalog.streaks[index].counts else { return 0 }
    let limit = days(span).map(Double.init) ?? .infinity
    let reads = Reads.of(counts, in: catalog)
    if reads.calendar.isEmpty {
      return plainEvaluator.evaluate(counts).canBeTrue ? limit : 0
    }
    let profile = countsProfiles[index] ?? CalendarProfile(counts, reads: reads.calendar, catalog: catalog)
    countsProfiles[index] = profile
    guard let k = days(span) else { return profile.everHigh > 0 ? .infinity : 0 }
    return profile.mostInRow(k)
  }

  /// An aggregate's bounds in `span`.
  private func aggregate(_ index: Int, span: HistorySpan, _ evaluator: BoundsEvaluator) -> Bounds {
    let aggregate = catalog.aggregates[index]
    let integral = aggregate.type == .int
    let k = days(span)
    // How many days it sums at most.
    let window: Int? =
      switch aggregate.kind {
      case .total: k
      case .last(let n): min(n, k ?? n)
      case .period(let period): min(period.longest, k ?? period.longest)
      }
    let reads = Reads.of(aggregate.argument, in: catalog)
    if !reads.calendar.isEmpty {
      let profile = profiles[index] ?? CalendarProfile(aggregate.argument, reads: reads.calendar, catalog: catalog)
      profiles[index] = profile
      guard let window else {
        return .range(
          low: profile.everLow < 0 ? -.infinity : 0, high: profile.everHigh > 0 ? .infinity : 0, integral: integral)
      }
      return .range(low: profile.leastInRow(window), high: profile.mostInRow(window), integral: integral)
    }
    let day = evaluator.evaluate(aggregate.argument).span
    let n = window.map(Double.init) ?? .infinity
    // A day adds at most its most (nothing when skipped), at least its least.
    let high = day.high > 0 ? day.high * n : 0
    let low = day.low < 0 ? day.low * n : 0
    return .range(low: low.isNaN ? 0 : low, high: high.isNaN ? 0 : high, integral: integral)
  }
}

/// An expression's bounds on each date of the years the engine handles, the calendar's fields
/// it reads set to the date's and everything else at its bounds over every history: the most
/// (and least) any m dates in a row can add.
final class CalendarProfile {
  private var highs: [Double] = []
  private var lows: [Double] = []
  private var mostMemo: [Int: Double] = [:]
  private var leastMemo: [Int: Double] = [:]
  /// Whether any date's value may be above 0 (below 0).
  let everHigh: Double
  let everLow: Double

  init(_ expression: TypedExpr, reads: Set<CalendarField>, catalog: ValidatedCatalog) {
    let evaluator = BoundsEvaluator(catalog: catalog, environment: BoundsEnvironment(catalog: catalog))
    let fields = CalendarField.allCases.filter { reads.contains($0) }
    let table = CalendarTable.shared
    // One evaluation per combination of the fields read (a few thousand at most), looked up
    // for each date by a number made of them.
    var memo: [Int: (Double, Double)] = [:]
    highs.reserveCapacity(table.count)
    lows.reserveCapacity(table.count)
    var everHigh = 0.0
    var everLow = 0.0
    for row in 0..<table.count {
      var key = 0
      for field in fields { key = key &* 10_000 &+ table.value(field, row) }
      let found: (Double, Double)
      if let known = memo[key] {
        found = known
      } else {
        var values: [CalendarField: Bounds] = [:]
        for field in fields { values[field] = .exactly(table.value(field, row)) }
        evaluator.environment.calendar = values
        evaluator.reset()
        let span = evaluator.evaluate(expression).span
        // A sum past 1e15 a day is as good as unbounded (the sums below stay exact).
        found = (max(0, min(span.high, 1e15)), min(0, max(span.low, -1e15)))
        memo[key] = found
      }
      highs.append(found.0)
      lows.append(found.1)
      everHigh = max(everHigh, found.0)
      everLow = min(everLow, found.1)
    }
    self.everHigh = everHigh >= 1e15 ? .infinity : everHigh
    self.everLow = everLow <= -1e15 ? -.infinity : everLow
  }

  /// The most any `m` dates in a row add (each date at its most, 0 when below).
  func mostInRow(_ m: Int) -> Double {
    if let known = mostMemo[m] { return known }
    let found = Self.extreme(highs, m, max)
    mostMemo[m] = found
    return found
  }

  /// The least any `m` dates in a row add.
  func leastInRow(_ m: Int) -> Double {
    if let known = leastMemo[m] { return known }
    let found = Self.extreme(lows, m, min)
    leastMemo[m] = found
    return found
  }

  private static func extreme(_ values: [Double], _ m: Int, _ pick: (Double, Double) -> Double) -> Double {
    guard m > 0 else { return 0 }
    if values.contains(where: { abs($0) >= 1e15 }) {
      let worst = values.contains { $0 >= 1e15 } ? Double.infinity : -Double.infinity
      return pick(worst, 0) == worst ? worst : 0
    }
    let m = min(m, values.count)
    var sum = 0.0
    for index in 0..<m { sum += values[index] }
    var best = sum
    var index = m
    while index < values.count {
      sum += values[index] - values[index - m]
      best = pick(best, sum)
      index += 1
    }
    return best
  }
}

/// The calendar's fields of every date the engine handles (1900-01-01 to 2199-12-31), made once
/// per process: what each `CalendarProfile` reads, date by date.
final class CalendarTable: Sendable {
  static let shared = CalendarTable()
  /// The first and last day numbers the engine handles.
  static let dates = -25_567...84_005
  let count: Int
  private let weekday: [Int16]
  private let year: [Int16]
  private let month: [Int8]
  private let day: [Int8]
  private let monthDays: [Int8]

  private init() {
    var calendar = DayCalendar()
    var weekday: [Int16] = []
    var year: [Int16] = []
    var month: [Int8] = []
    var day: [Int8] = []
    var monthDays: [Int8] = []
    for number in Self.dates {
      let hijri = calendar.hijri(ofDay: number)
      weekday.append(Int16(CalendarField.weekday(ofDay: number)))
      year.append(Int16(hijri.year))
      month.append(Int8(hijri.month))
      day.append(Int8(hijri.day))
      monthDays.append(Int8(hijri.monthDays))
    }
    count = weekday.count
    self.weekday = weekday
    self.year = year
    self.month = month
    self.day = day
    self.monthDays = monthDays
  }

  /// The field's value on the date at `row` (row 0 is 1900-01-01).
  @inline(__always)
  func value(_ field: CalendarField, _ row: Int) -> Int {
    switch field {
    case .weekday: Int(weekday[row])
    case .hijriYear: Int(year[row])
    case .hijriMonth: Int(month[row])
    case .hijriDay: Int(day[row])
    case .hijriMonthDays: Int(monthDays[row])
    }
  }
}

extension PeriodSum {
  /// The fewest days the period has (a week 7, a month 28, a Hijri month 29).
  var shortest: Int {
    switch self {
    case .week: 7
    case .month: 28
    case .hijriMonth: 29
    }
  }
}

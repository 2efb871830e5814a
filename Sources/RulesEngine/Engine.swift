import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

/// A catalog validated and compiled once, ready to evaluate any number of users: what an app
/// embeds. `Sendable`: share one engine between threads and tasks.
///
/// ```swift
/// let engine = try Engine(exportedCatalog: jsonData)
/// let check = try engine.check(user: "fatima", start: nil, on: CalendarDay("2026-05-09"),
///                              records: records, state: state)
/// ```
public final class Engine: Sendable {
  /// The catalog compiled for evaluation.
  @_spi(CompiledDay) public let program: Program
  /// The names of the catalog's inputs, in catalog order (what a `DayRecord` may give).
  public let inputNames: [String]
  /// Each input's default, encoded (a record starts from them).
  let inputDefaults: [Int]
  /// The localizers of the locales asked for lately (keyed by the canonical locale, at most 32).
  let localizers = BoundedCache<String, Localizer>(capacity: 32)

  /// The catalog, validated.
  @_spi(Tooling) public var catalog: ValidatedCatalog { program.catalog }
  /// The catalog's id.
  public var catalogID: String { program.catalog.catalog.id }
  /// The catalog's version.
  public var catalogVersion: Int { program.catalog.catalog.version }

  /// Reads a catalog exported by `rules export` (JSON), checks it as `rules check` would, and
  /// compiles it. Throws an `EngineError` (`bad-catalog`) whose description names every
  /// problem, and `diagnostics` holds them.
  public convenience init(exportedCatalog data: Data) throws(EngineError) {
    let name = "exported catalog"
    let loaded = ExportedCatalog.validate(data, path: name)
    guard let validated = loaded.validated else {
      let errors = loaded.diagnostics.filter { $0.severity == .error }
      let count = errors.count
      throw EngineError(
        .badCatalog,
        count == 0
          ? "the catalog cannot be used (it is a rule module, not a catalog)"
          : "the catalog cannot be used: \(count) \(count == 1 ? "problem" : "problems")",
        diagnostics: errors)
    }
    self.init(validated)
  }

  /// The catalog's day compiled to Swift, when one of the `compiledDays` given was made from
  /// this catalog as it is: the days before each check's date are counted by it.
  @_spi(CompiledDay) public let compiledDay: (any CompiledDay.Type)?

  /// An engine for a catalog already validated (the tooling loads YAML catalogs this way).
  /// `compiledDays`: days compiled to Swift (`rules export --format swift`) that a server or
  /// app was built with; the one generated from this catalog exactly as it is, if any, counts
  /// the days (`CompiledDay.matches`), and the interpreter the rest, with the same results.
  @_spi(Tooling) public init(_ catalog: ValidatedCatalog, compiledDays: [any CompiledDay.Type] = []) {
    let program = Program(catalog)
    self.program = program
    compiledDay = compiledDays.first { $0.matches(program) }
    inputNames = catalog.inputs.map(\.name)
    inputDefaults = catalog.inputs.map { $0.encode($0.defaultValue) }
  }

  /// The app's daily check: the user's progress on `date`, continuing from `state` (nil for a
  /// new user) with `records`, the records that are new or changed since the state was saved
  /// (every record, for a new user). Returns the evaluation, the state to save, and warnings.
  ///
  /// - `start`: the journey's start (Day 0 of elapsed streaks), when the catalog uses one.
  /// - Records of days the state has already counted are compared with what was counted: a
  ///   change is a warning (`record-changed`, `record-added`) and is not counted, unless
  ///   `rebuild` is true, which counts every record given again from the first (pass them
  ///   all) and keeps every unlock of the state with its date.
  /// - A state saved after `date` is returned as it is, with an evaluation from `records`
  ///   alone and a `state-ahead` warning.
  ///
  /// - `calendar`: the user's calendar (the quote rotation's day of the year follows it).
  /// - `timeZone`, `timeZoneChanges`: the user's zone and the moments it changed (in time
  ///   order): a date a change jumped over (west across the date line) is passed over, neither
  ///   breaking nor extending a streak. Records stay dated in the user's local days.
  /// - `locale`: the language of the evaluation's texts (badge names, quote, message), a
  ///   BCP 47 tag such as `ar` or `ar-EG`; each text falls back `ar-EG` → `ar` → the catalog's
  ///   `default_locale` (nil: the default locale).
  /// - `pauses`: the user's pauses (none sharing a day): on a paused day a streak that says
  ///   `pausable: true` neither extends nor breaks. Pass every pause each time; a pause added
  ///   or removed for a day `state` has counted needs `rebuild` (a pause for today or later
  ///   does not). `pauseProblem(_:existing:today:)` checks a new one against the catalog's cap.
  /// - `freezeGrants`, `restores`: what support gave the user's streaks (`FreezeGrant`,
  ///   `StreakRestore`; `restore(_:through:...)` finds a restore's days). Pass them all each
  ///   time; one added for a day `state` has counted needs `rebuild`.
  /// - `repairs`: the repairs the user made (`Repair`; `repair(_:today:...)` makes one as the
  ///   catalog's `repairs` allow): each covers the day for the streaks it names (or every
  ///   streak with `repairs`) that the day broke. Pass them all each time; one made for a day
  ///   `state` has counted needs `rebuild`.
  ///
  /// Throws an `EngineError`: `wrong-catalog` for a record made with another catalog's engine,
  /// `bad-date` for two records of one day, `bad-state` for a state of another user,
  /// `bad-value` for time zone changes out of time order, pauses that overlap or end before
  /// they start, a grant or restore of a streak that is not one of the catalog's consecutive
  /// streaks (a grant may name a periodic one), or a repair that `repairProblem(_:)` refuses.
  public func check(
    user: String?, start: CalendarDay?, on date: CalendarDay, records: [DayRecord], state: UserState?,
    rebuild: Bool = false, calendar: UserCalendar = .gregorian, timeZone: TimeZone? = nil,
    timeZoneChanges: [TimeZoneChange] = [], pauses: [Pause] = [], freezeGrants: [FreezeGrant] = [],
    restores: [StreakRestore] = [], repairs: [Repair] = [], locale: String? = nil
  ) throws(EngineError) -> DailyCheck {
    var saved = state
    if let state {
      // A state read with another engine of the catalog is read again with this one.
      if state.program !== program { saved = try UserState(json: state.json(), for: self) }
      if let savedUser = state.user, let user, savedUser != user {
        throw EngineError(.badState, "this state belongs to the user '\(savedUser)', not '\(user)'")
      }
    }
    let given = try encoded(records)
    var history = History(
      user: user ?? saved?.user, start: start, timeZone: timeZone,
      records: Self.merge(given, over: saved?.pending ?? []))
    try place(
      &history, calendar: calendar, timeZoneChanges: timeZoneChanges, pauses: pauses, freezeGrants: freezeGrants,
      restores: restores, repairs: repairs)
    let outcome = CheckRunner.evaluate(
      program, history: history, date: date, saved: saved, rebuild: rebuild, compiled: compiledDay)
    let next = outcome.state ?? saved ?? UserState(program: program, user: user)
    return DailyCheck(
      evaluation: try localized(outcome.evaluation, to: locale), state: next, warnings: outcome.warnings)
  }

  /// The records day by day, as if the app checked every day from the first record (or
  /// `start`) to `to`: one evaluation per day from `from` (default: the first day) to `to`.
  /// `calendar`, `timeZone`, `timeZoneChanges`, `pauses`, `freezeGrants` and `restores` as
  /// for `check` (a date a change jumped over has no evaluation); its texts in `locale` (as
  /// `check` does).
  public func replay(
    user: String?, start: CalendarDay?, records: [DayRecord], from: CalendarDay?, to: CalendarDay,
    calendar: UserCalendar = .gregorian, timeZone: TimeZone? = nil, timeZoneChanges: [TimeZoneChange] = [],
    pauses: [Pause] = [], freezeGrants: [FreezeGrant] = [], restores: [StreakRestore] = [], repairs: [Repair] = [],
    locale: String? = nil
  ) throws(EngineError) -> [Evaluation] {
    var history = History(user: user, start: start, timeZone: timeZone, records: try encoded(records))
    try place(
      &history, calendar: calendar, timeZoneChanges: timeZoneChanges, pauses: pauses, freezeGrants: freezeGrants,
      restores: restores, repairs: repairs)
    var evaluations: [Evaluation] = []
    for evaluation in CheckRunner.replay(program, history: history, from: from, to: to) {
      evaluations.append(try localized(evaluation, to: locale))
    }
    return evaluations
  }

  /// The user's today at `instant` (now by default) in `zone`: the date there, or the day
  /// before while the clock there is before the day's start (at 01:30 with
  /// `day_starts_at: "04:00"` it is still yesterday). Pass it as `check`'s `on`.
  ///
  /// - Parameters:
  ///   - instant: The moment; now by default.
  ///   - zone: The user's time zone.
  ///   - dayStartsAt: The user's own day start (a setting of theirs, `DayStart("02:00")`);
  ///     nil for the catalog's `day_starts_at` (midnight when the catalog does not say).
  public func today(at instant: Date = Date(), in zone: TimeZone, dayStartsAt: DayStart? = nil) -> CalendarDay {
    CalendarDay(instant, in: zone, dayStartsAt: dayStartsAt ?? program.catalog.catalog.dayStartsAt)
  }

  /// The locales the catalog has texts in: its default first, then its translations'.
  public var locales: [String] {
    let catalog = program.catalog.catalog
    return [catalog.defaultLocale] + catalog.translations.locales.filter { $0 != catalog.defaultLocale }
  }

  /// The localizer of `locale` (as `LocaleChain.canonical` gives it; the catalog's default
  /// locale for a text that is not a locale), made once per engine and locale while it is
  /// among the last 32 used.
  public func localizer(for locale: String) -> Localizer {
    let key = LocaleChain.canonical(locale) ?? program.catalog.catalog.defaultLocale
    return localizers.value(key) { Localizer(catalog: program.catalog.catalog, locale: key) }
  }

  /// `evaluation` in `locale`; as it is for nil or the catalog's default locale. Throws
  /// `bad-value` for a text that is not a locale.
  private func localized(_ evaluation: Evaluation, to locale: String?) throws(EngineError) -> Evaluation {
    guard let locale else { return evaluation }
    guard let canonical = LocaleChain.canonical(locale) else {
      throw EngineError(.badValue, LocaleChain.problem(with: locale) ?? "'\(locale)' is not a locale")
    }
    guard canonical != program.catalog.catalog.defaultLocale else { return evaluation }
    return localizer(for: canonical).localize(evaluation)
  }

  /// Gives `history` the user's calendar, time zone changes, pauses, grants and restores;
  /// throws `bad-value` for changes out of time order, pauses that overlap or end before they
  /// start, and grants or restores that `supportProblem` refuses.
  func place(
    _ history: inout History, calendar: UserCalendar, timeZoneChanges: [TimeZoneChange], pauses: [Pause],
    freezeGrants: [FreezeGrant] = [], restores: [StreakRestore] = [], repairs: [Repair] = []
  ) throws(EngineError) {
    if let problem = TimeZoneChange.orderProblem(timeZoneChanges) { throw EngineError(.badValue, problem) }
    if let problem = Pause.problem(pauses, at: { "pause \($0 + 1)" }) { throw EngineError(.badValue, problem) }
    for (index, grant) in freezeGrants.enumerated() {
      if let problem = grantProblem(grant) { throw EngineError(.badValue, "freeze grant \(index + 1): \(problem)") }
    }
    for (index, restore) in restores.enumerated() {
      if let problem = restoreProblem(restore) { throw EngineError(.badValue, "restore \(index + 1): \(problem)") }
    }
    if let problem = repairsProblem(repairs) { throw EngineError(.badValue, problem) }
    history.calendar = calendar
    history.timeZoneChanges = timeZoneChanges
    history.pauses = pauses.sorted()
    history.freezeGrants = freezeGrants.sorted { $0.date < $1.date }
    history.restores = restores
    history.repairs = repairs.sorted { $0.date < $1.date }
  }

  /// What is wrong with asking for `new` on top of the user's `existing` pauses on `today`
  /// (the user's today, `today(at:in:)`), or nil: a pause that ends before it starts, that
  /// shares a day with another, that starts before today by more than the catalog's
  /// `pauses.backdate_days`, or that takes a year or month past the catalog's
  /// `pauses.max_days` (the message says how many days are left there).
  public func pauseProblem(_ new: Pause, existing: [Pause], today: CalendarDay) -> String? {
    let policy = program.catalog.catalog.pauses
    if new.to < new.from {
      return "the pause ends (\(new.to)) before it starts (\(new.from)); 'to' is the last paused day"
    }
    if new.from.number < today.number - policy.backdateDays {
      return policy.backdateDays == 0
        ? "a pause starts today (\(today)) or later; \(new.from) is in the past"
        : "a pause starts at most \(policy.backdateDays) days before today (\(today)); \(new.from) is earlier"
    }
    if let other = existing.first(where: { $0.from <= new.to && new.from <= $0.to }) {
      return "the pause \(new.from) to \(new.to) overlaps the pause \(other.from) to \(other.to); a day is paused once"
    }
    if let over = Pause.overCap(existing + [new], policy: policy) {
      let used = over.days - Pause.daysPerPeriod([new], per: policy.per)[over.period, default: 0]
      let left = max(over.cap - used, 0)
      return
        "the pause takes \(over.period) to \(over.days) paused days, past the catalog's \(over.cap) a \(policy.per.rawValue); \(left) \(left == 1 ? "day is" : "days are") left in \(over.period)"
    }
    return nil
  }

  /// The records' encoded values in date order; throws for a record of another catalog and
  /// for two records of one day.
  func encoded(_ records: [DayRecord]) throws(EngineError) -> [EncodedRecord] {
    var result: [EncodedRecord] = []
    result.reserveCapacity(records.count)
    var sorted = true
    for record in records {
      guard record.inputNames == inputNames else {
        throw EngineError(
          .wrongCatalog,
          "the record of \(record.date) was made for another catalog than '\(catalogID)' (inputs \(record.inputNames.joined(separator: ", ")))"
        )
      }
      if let last = result.last, last.date >= record.date { sorted = false }
      result.append(record.encoded)
    }
    if !sorted { result.sort { $0.date < $1.date } }
    for index in result.indices.dropFirst() where result[index].date == result[index - 1].date {
      throw EngineError(.badDate, "\(result[index].date) has two records; pass one record per day")
    }
    return result
  }

  /// `given` and `pending` (both in date order) in one list in date order; a day in both takes
  /// the record in `given`.
  static func merge(_ given: [EncodedRecord], over pending: [EncodedRecord]) -> [EncodedRecord] {
    guard !pending.isEmpty else { return given }
    var result: [EncodedRecord] = []
    result.reserveCapacity(given.count + pending.count)
    var g = 0
    var p = 0
    while g < given.count || p < pending.count {
      if p == pending.count || (g < given.count && given[g].date <= pending[p].date) {
        if p < pending.count, given[g].date == pending[p].date { p += 1 }
        result.append(given[g])
        g += 1
      } else {
        result.append(pending[p])
        p += 1
      }
    }
    return result
  }
}

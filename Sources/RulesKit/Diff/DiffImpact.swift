@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// What a catalog change does to real users: each user evaluated as of one date under the old
/// and the new catalog, both counted from the user's first day (no saved state), and the
/// differences counted per badge, milestone, streak, metric, message and quote.
package struct DiffImpact: Sendable {
  /// One badge's (or milestone's) counts.
  package struct Holding: Sendable, Equatable {
    /// Users who hold it under the old catalog.
    package var hold = 0
    /// Users who would hold it under the new catalog.
    package var wouldHold = 0
    /// Users who would gain it (would hold and do not), with the date the new rule gives.
    package var gain: [(user: String, date: CalendarDay?)] = []
    /// Users who hold it and would not earn it under the new catalog (they keep it).
    package var keptUnearned: [String] = []
    /// A badge's users who hold it or whose criterion holds (it waits its turn) under the old
    /// catalog: what the catalog gives them whatever the unlock order. A catalog that unlocks one
    /// badge per check holds back the rest of a user's badges in `hold`, not here.
    package var eligible = 0
    /// The same under the new catalog.
    package var wouldBeEligible = 0

    package static func == (a: Holding, b: Holding) -> Bool {
      a.hold == b.hold && a.wouldHold == b.wouldHold && a.gain.map(\.user) == b.gain.map(\.user)
        && a.keptUnearned == b.keptUnearned && a.eligible == b.eligible && a.wouldBeEligible == b.wouldBeEligible
    }
  }

  /// A streak's or metric's users whose value changes, by how much (new minus old, or `changed`
  /// for a value that is not a number).
  package struct Shift: Sendable, Equatable {
    package var changed: [String] = []
    package var byDelta: [String: Int] = [:]
  }

  package let date: CalendarDay
  package private(set) var users = 0
  package private(set) var badges: [String: Holding] = [:]
  package private(set) var milestones: [String: Holding] = [:]
  /// `STREAK.current` and `STREAK.best` for each streak.
  package private(set) var streaks: [String: Shift] = [:]
  package private(set) var metrics: [String: Shift] = [:]
  /// The message and quote users see today: old and new counts per id.
  package private(set) var messages: [String: (old: Int, new: Int)] = [:]
  package private(set) var quotes: [String: (old: Int, new: Int)] = [:]
  /// Histories that could not be evaluated under one catalog, with why.
  package private(set) var failed: [(user: String, message: String)] = []

  /// The ids to count: every badge and milestone of both catalogs.
  package init(date: CalendarDay, old: ValidatedCatalog, new: ValidatedCatalog) {
    self.date = date
    for id in old.catalog.badges.map(\.id) + new.catalog.badges.map(\.id) { badges[id] = Holding() }
    for milestone in (old.catalog.milestones?.milestones ?? []) + (new.catalog.milestones?.milestones ?? []) {
      milestones[milestone.id] = Holding()
    }
  }

  /// Counts one user's two evaluations.
  package mutating func add(user: String, old: Evaluation, new: Evaluation) {
    users += 1
    let held = Dictionary(old.badges.unlocked.map { ($0.id, $0.date) }, uniquingKeysWith: { a, _ in a })
    let wouldHold = Dictionary(new.badges.unlocked.map { ($0.id, $0.date) }, uniquingKeysWith: { a, _ in a })
    let waiting = Set(old.badges.locked.filter(\.waiting).map(\.id))
    let wouldWait = Set(new.badges.locked.filter(\.waiting).map(\.id))
    for id in Array(badges.keys) {
      Self.count(&badges[id]!, user: user, holds: held[id] != nil, wouldHold: wouldHold[id] != nil, date: wouldHold[id])
      if held[id] != nil || waiting.contains(id) { badges[id]!.eligible += 1 }
      if wouldHold[id] != nil || wouldWait.contains(id) { badges[id]!.wouldBeEligible += 1 }
    }
    let reached = Set(old.milestones.reached)
    let wouldReach = Set(new.milestones.reached)
    for id in Array(milestones.keys) {
      Self.count(
        &milestones[id]!, user: user, holds: reached.contains(id), wouldHold: wouldReach.contains(id), date: nil)
    }
    let newStreaks = Dictionary(new.streaks.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for streak in old.streaks {
      guard let other = newStreaks[streak.name] else { continue }
      shift("\(streak.name).current", user, .int(streak.current), .int(other.current), into: &streaks)
      shift("\(streak.name).best", user, .int(streak.best), .int(other.best), into: &streaks)
    }
    for metric in old.metrics {
      guard let value = new.metric(metric.name) else { continue }
      shift(metric.name, user, metric.value, value, into: &metrics)
    }
    if let id = old.message?.id { messages[id, default: (0, 0)].old += 1 }
    if let id = new.message?.id { messages[id, default: (0, 0)].new += 1 }
    if let id = old.quote?.id { quotes[id, default: (0, 0)].old += 1 }
    if let id = new.quote?.id { quotes[id, default: (0, 0)].new += 1 }
  }

  /// `history` evaluated by `engine` as of `date` from its first day, with no saved state: what
  /// `add(user:old:new:)` compares (`rules diff` and the studio's impact page alike).
  package static func evaluation(of history: History, by engine: Engine, on date: CalendarDay) throws -> Evaluation {
    let records = try history.records.map { try DayRecord($0, for: engine) }
    return try engine.check(
      user: history.user, start: history.start, on: date, records: records, state: nil,
      calendar: history.calendar, timeZone: history.timeZone, timeZoneChanges: history.timeZoneChanges,
      pauses: history.pauses, freezeGrants: history.freezeGrants, restores: history.restores,
      repairs: history.repairs
    ).evaluation
  }

  /// Notes a history that could not be evaluated.
  package mutating func fail(user: String, message: String) {
    failed.append((user, message))
  }

  private static func count(_ holding: inout Holding, user: String, holds: Bool, wouldHold: Bool, date: CalendarDay?) {
    if holds { holding.hold += 1 }
    if wouldHold { holding.wouldHold += 1 }
    if wouldHold && !holds { holding.gain.append((user, date)) }
    if holds && !wouldHold { holding.keptUnearned.append(user) }
  }

  private func shift(_ name: String, _ user: String, _ old: Value, _ new: Value, into table: inout [String: Shift]) {
    guard old != new else {
      if table[name] == nil { table[name] = Shift() }
      return
    }
    table[name, default: Shift()].changed.append(user)
    let delta: String
    switch (old, new) {
    case (.int(let a), .int(let b)): delta = b - a > 0 ? "+\(b - a)" : "\(b - a)"
    case (.number(let a), .number(let b)):
      delta = NumberFormat.short(b - a).hasPrefix("-") ? NumberFormat.short(b - a) : "+" + NumberFormat.short(b - a)
    default: delta = "changed"
    }
    table[name]!.byDelta[delta, default: 0] += 1
  }
}

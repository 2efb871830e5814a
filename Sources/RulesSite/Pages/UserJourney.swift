@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit

/// What a user page shows, computed by the engine as the CLI computes it: one evaluation per day
/// up to the date, as if the app checked every day (`rules replay`), the date's among them, and
/// why each badge not unlocked on the date is not (`rules explain`). The studio makes it from a history file; a
/// console can make it from its store and draw the same page.
package struct UserJourney: Sendable {
  package var catalog: ValidatedCatalog
  package var user: String
  package var date: CalendarDay
  /// The date's evaluation: `rules replay`'s last day (`rules eval --date DATE --state FILE`
  /// run every day gives the same).
  package var evaluation: Evaluation
  /// `rules replay --to DATE`: one evaluation per day from the first.
  package var days: [Evaluation]
  /// `rules explain BADGE --date DATE`, for each badge not unlocked on the date.
  package var explanations: [String: String]

  package init(
    catalog: ValidatedCatalog, user: String, date: CalendarDay, evaluation: Evaluation, days: [Evaluation],
    explanations: [String: String]
  ) {
    self.catalog = catalog
    self.user = user
    self.date = date
    self.evaluation = evaluation
    self.days = days
    self.explanations = explanations
  }

  /// The journey of `history` under `catalog` as of `date` (default: its last day).
  package static func of(
    _ history: History, catalog: ValidatedCatalog, user: String, date: CalendarDay? = nil
  ) throws -> UserJourney {
    let engine = Engine(catalog)
    let day = date ?? history.records.last?.date ?? history.start ?? CalendarDay.today(in: .current)
    let records = try history.records.map { try DayRecord($0, for: engine) }
    let days = try engine.replay(
      user: history.user, start: history.start, records: records, from: nil, to: day, calendar: history.calendar,
      timeZone: history.timeZone, timeZoneChanges: history.timeZoneChanges, pauses: history.pauses,
      freezeGrants: history.freezeGrants, restores: history.restores, repairs: history.repairs)
    // The app's check of the date after a check every day before it; a date with no day of its
    // own (before the first record) is one check, as `rules eval` makes it.
    let evaluation =
      try days.last(where: { $0.date == day })
      ?? engine.check(
        user: history.user, start: history.start, on: day, records: records, state: nil, calendar: history.calendar,
        timeZone: history.timeZone, timeZoneChanges: history.timeZoneChanges, pauses: history.pauses,
        freezeGrants: history.freezeGrants, restores: history.restores, repairs: history.repairs
      ).evaluation
    let unlocked = Set(evaluation.badges.unlocked.map(\.id))
    let program = engine.program
    var explanations: [String: String] = [:]
    for (index, badge) in catalog.badges.enumerated() where !unlocked.contains(badge.id) {
      explanations[badge.id] = BadgeExplanation.explain(program, badge: index, history: history, date: day)
    }
    return UserJourney(
      catalog: catalog, user: user, date: day, evaluation: evaluation, days: days, explanations: explanations)
  }
}

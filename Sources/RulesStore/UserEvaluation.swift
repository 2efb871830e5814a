import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// One user's evaluation as the batch, the server and `rules-server eval` make it.
public enum UserEvaluation {
  /// The day to evaluate: the one asked for, or today in the user's time zone now (after
  /// their time zone changes; UTC without one).
  public static func day(_ asked: CalendarDay?, for user: LoadedUser?) -> CalendarDay {
    if let asked { return asked }
    let zone = user.flatMap { TimeZoneChange.zone(at: Date(), $0.timeZoneChanges, initial: $0.zone) }
    return CalendarDay.today(in: zone ?? TimeZone(identifier: "UTC")!)
  }

  /// Evaluates `user` as of `date` from the saved state and the uncounted days; the state to
  /// save (nil when nothing may be saved) and the evaluation. Throws NeedsAllDays when the
  /// date is before the state's and the days loaded are not all of them. The texts are in
  /// `locale` (nil: the catalog's default).
  ///
  /// A saved state the catalog cannot read (a catalog reloaded with an input retyped that the
  /// state's pending day holds...) is left aside and the user is counted again from every
  /// stored day, as `POST .../rebuild` does (NeedsAllDays when the days loaded are not all);
  /// the state saved then replaces it.
  public static func run(
    _ user: LoadedUser, catalog: StoreCatalog, on date: CalendarDay, locale: String? = nil
  ) throws -> (SavedCheck?, UserCheck) {
    if !user.allDays, let stateDate = user.stateDate, date < stateDate { throw NeedsAllDays() }
    var user = user
    var readState: UserState?
    if let state = user.state {
      do {
        readState = try StoreCatalog.state(state, for: catalog.engine)
      } catch {
        guard user.allDays else { throw NeedsAllDays() }
        user.state = nil
        user.rebuild = true
      }
    }
    let check = try catalog.check(
      user: user.user, start: user.start, timeZone: user.zone, on: date, days: user.days, saved: readState,
      rebuild: user.rebuild, locale: locale, timeZoneChanges: user.timeZoneChanges, calendar: user.calendar)
    var saved = check.state.map {
      SavedCheck(
        user: user.user, revision: user.revision, state: $0, stateDate: date, new: check.new, rebuilt: user.rebuild,
        catalogVersion: catalog.version, standings: Standings.of(check.evaluation))
    }
    saved?.facts = EventFacts(check.evaluation, catalog: catalog, firstCheck: user.state == nil)
    return (saved, check)
  }

  /// The days an evaluation counts: from the state's date (or the first record) to `date`.
  public static func userDays(_ user: LoadedUser, on date: CalendarDay) -> Int {
    let first: CalendarDay
    if !user.rebuild, let stateDate = user.stateDate {
      first = stateDate + 1
    } else if let firstDay = user.days.first?.date {
      first = min(firstDay, user.start ?? firstDay)
    } else {
      return 1
    }
    return max(0, date - first + 1)
  }
}

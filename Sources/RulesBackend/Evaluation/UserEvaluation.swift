import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// One user's evaluation as the batch, the server and `rules-server eval` make it.
package enum UserEvaluation {
  /// The day to evaluate: the one asked for, or today in the user's time zone now (after
  /// their time zone changes; UTC without one) by `clock` (`FutureDays.today(for:in:)`, after the catalog's `day_starts_at`).
  package static func day(
    _ asked: CalendarDay?, for user: LoadedUser?, in catalog: StoreCatalog, clock: FutureDays = .system
  ) -> CalendarDay {
    asked ?? clock.today(for: user, in: catalog)
  }

  /// Evaluates `user` as of `date` from the saved state and the uncounted days; the state to
  /// save (nil when nothing may be saved) and the evaluation. Throws NeedsAllDays when the
  /// date is before the state's and the days loaded are not all of them. The texts are in
  /// `locale` (nil: the catalog's default).
  ///
  /// A state saved after the user's today and the day of slack (`FutureDays`, by `clock`: a
  /// state no caller may write now, saved before future days were refused or by `batch --date`
  /// in the future) is not continued: the user is counted from their days up to `date` alone,
  /// and that state replaces it when saved (unless the user is rebuilt: a rebuild keeps the
  /// state's unlocks).
  ///
  /// A saved state the catalog cannot read (a catalog reloaded with an input retyped that the
  /// state's pending day holds...) is left aside and the user is counted again from every
  /// stored day, as `POST .../rebuild` does (NeedsAllDays when the days loaded are not all);
  /// the state saved then replaces it.
  ///
  /// A state saved by a version-1 store (its JSON, `states.state` beginning with `{`) was
  /// written before fields the engine keeps now existed (a streak's `last_protected` and the
  /// start of its run): read as it is, they would stay empty for good. Its user's stored days
  /// (the store keeps them all) are counted again up to the state's date, and the fields it
  /// lacks are taken from that count (`UserState.filling`); its unlocks, sums and last check
  /// stay, and the evaluation continues from it as from any state; the binary state saved then
  /// replaces it (issue #52).
  ///
  /// Without `fillingOldStates` (the standings filled at a server's start, which need no more
  /// than the state holds), a version-1 state is read as it is.
  package static func run(
    _ user: LoadedUser, catalog: StoreCatalog, on date: CalendarDay, locale: String? = nil,
    clock: FutureDays = .system, fillingOldStates: Bool = true
  ) throws -> (SavedCheck?, UserCheck) {
    try run(
      user, catalog: catalog, on: date, locale: locale, clock: clock, saving: true,
      fillingOldStates: fillingOldStates)
  }

  /// `run` for a read that saves nothing (GET progress, an explanation, `rules-server eval`):
  /// the same evaluation, without encoding the state or deriving the standings and the events'
  /// facts a save needs. The check's `state` is nil.
  package static func read(
    _ user: LoadedUser, catalog: StoreCatalog, on date: CalendarDay, locale: String? = nil,
    clock: FutureDays = .system
  ) throws -> UserCheck {
    try run(user, catalog: catalog, on: date, locale: locale, clock: clock, saving: false, fillingOldStates: true).1
  }

  private static func run(
    _ user: LoadedUser, catalog: StoreCatalog, on date: CalendarDay, locale: String?, clock: FutureDays,
    saving: Bool, fillingOldStates: Bool
  ) throws -> (SavedCheck?, UserCheck) {
    if !user.allDays, let stateDate = user.stateDate, date < stateDate { throw NeedsAllDays() }
    let firstCheck = user.state == nil
    var user = replacingFutureState(user, on: date, catalog: catalog, clock: clock)
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
    if fillingOldStates, let old = readState, user.state?.first == UInt8(ascii: "{"), !user.rebuild,
      let stateDate = user.stateDate
    {
      guard user.allDays else { throw NeedsAllDays() }
      let recount = try catalog.check(
        user: user.user, start: user.start, timeZone: user.zone, on: stateDate, days: user.days, saved: nil,
        rebuild: false, locale: nil, timeZoneChanges: user.timeZoneChanges, calendar: user.calendar,
        pauses: user.pauses, support: user.support)
      if let recounted = recount.state {
        readState = old.filling(from: try StoreCatalog.state(recounted, for: catalog.engine))
      }
    }
    let check = try catalog.check(
      user: user.user, start: user.start, timeZone: user.zone, on: date, days: user.days, saved: readState,
      rebuild: user.rebuild, locale: locale, timeZoneChanges: user.timeZoneChanges, calendar: user.calendar,
      pauses: user.pauses, support: user.support, saving: saving)
    var saved = check.state.map {
      SavedCheck(
        user: user.user, revision: user.revision, state: $0, stateDate: date, new: check.new, rebuilt: user.rebuild,
        catalogVersion: catalog.version, standings: Standings.of(check.evaluation))
    }
    saved?.catalogRevision = catalog.revision
    saved?.periodStandings = Standings.periods(of: check.evaluation, in: catalog.validated)
    saved?.facts = EventFacts(check.evaluation, catalog: catalog, firstCheck: firstCheck)
    return (saved, check)
  }

  /// `user` without their saved state when it is after `date` and after their today and the
  /// day of slack (`run`), counted from their days alone; else `user`.
  static func replacingFutureState(
    _ user: LoadedUser, on date: CalendarDay, catalog: StoreCatalog, clock: FutureDays
  ) -> LoadedUser {
    guard !user.rebuild, let stateDate = user.stateDate, date < stateDate,
      stateDate > clock.latest(for: user, in: catalog)
    else {
      return user
    }
    var user = user
    user.state = nil
    user.rebuild = true
    return user
  }

  /// The days an evaluation counts: from the state's date (or the first record) to `date`.
  package static func userDays(
    _ user: LoadedUser, on date: CalendarDay, catalog: StoreCatalog, clock: FutureDays = .system
  ) -> Int {
    let user = replacingFutureState(user, on: date, catalog: catalog, clock: clock)
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

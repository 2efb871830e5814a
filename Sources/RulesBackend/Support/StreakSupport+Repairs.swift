import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// The repairs a user makes (a consecutive streak's `repairs` in the catalog; docs/store.md,
/// "Repairs"): kept beside support's grants and restores in `users.support`, each with the day
/// it was made, and passed to every evaluation of the user.
extension StreakSupport {
  /// Repairs `date` for `user` as the catalog allows on their today (`Engine.repairProblem`,
  /// against the repairs they made before): each streak that takes it is told by a
  /// `streak.repaired` event. A day the user repaired already is that repair again: nothing is
  /// written (a PUT retried). Refused (`repairRefused`, the message starting with the reason)
  /// when no streak takes it.
  package static func repair(
    _ date: CalendarDay, user: String, catalog: StoreCatalog, store: any StoreBackend, clock: FutureDays = .system
  ) async throws -> SupportChange {
    try await store.changeSupport(catalog: catalog.id, user: user) { loaded in
      let loaded = try known(loaded, user: user, catalog: catalog)
      if loaded.support.repairs.contains(where: { $0.date == date }) { return unchanged(loaded, catalog: catalog) }
      let today = clock.today(for: loaded, in: catalog)
      let repair: Repair
      do {
        let records = try catalog.records(loaded.days, through: min(date, today))
        repair = try catalog.engine.repair(
          date, today: today, existing: loaded.support.repairs, user: user, start: loaded.start, records: records,
          calendar: loaded.calendar, timeZone: loaded.zone, timeZoneChanges: loaded.timeZoneChanges,
          pauses: loaded.pauses, freezeGrants: loaded.support.freezeGrants, restores: loaded.support.streakRestores)
      } catch let error as EngineError where error.id == .repairRefused {
        throw SupportRefusal(.repairRefused, error.message)
      } catch let error as EngineError {
        throw SupportRefusal(.refused, error.message)
      }
      var support = loaded.support
      support.mends.append(UserSupport.Mend(repair, at: millis(clock.now())))
      support.mends.sort { $0.repair.date < $1.repair.date }
      let events = (repair.streaks ?? []).map { streak in
        NewEvent(
          kind: "streak.repaired", subject: streak, date: date, detail: today.description,
          data: JSONValue.object([
            ("streak", .string(streak)), ("date", .string(date.description)), ("made", .string(today.description)),
          ]).serialized(indent: nil))
      }
      // The repaired day may have been counted: a state from it on is counted again.
      var change = SupportChange(
        support: support, from: date + -1, event: events[0], catalogVersion: catalog.version,
        catalogRevision: catalog.revision)
      change.events = events
      return change
    }
  }

  /// Takes back the repair of `date` that `user` made (`unknownRepair` when there is none):
  /// the day counts again as it did; no event tells it.
  package static func takeBack(
    _ date: CalendarDay, user: String, catalog: StoreCatalog, store: any StoreBackend
  ) async throws -> SupportChange {
    try await store.changeSupport(catalog: catalog.id, user: user) { loaded in
      let loaded = try known(loaded, user: user, catalog: catalog)
      guard loaded.support.repairs.contains(where: { $0.date == date }) else {
        throw SupportRefusal(
          .unknownRepair, "the user '\(user)' has no repair of \(date) in the catalog '\(catalog.id)'")
      }
      var support = loaded.support
      support.mends.removeAll { $0.repair.date == date }
      var change = SupportChange(
        support: support, from: date + -1,
        event: NewEvent(kind: "", subject: "", date: date, data: "{}"),
        catalogVersion: catalog.version, catalogRevision: catalog.revision)
      change.events = []
      return change
    }
  }
}

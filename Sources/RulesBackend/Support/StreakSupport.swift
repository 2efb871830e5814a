import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// Support's tools on a user's streaks, for the API's admin routes and `rules-server`'s
/// commands alike: freezes granted from the user's today, and the days a streak broke on
/// restored (docs/store.md, "Support"). Each is written with its reason and its event
/// (`freeze.granted`, `streak.restored`) in one transaction; a state that counted a day it
/// changes is counted again at the user's next evaluation.
package enum StreakSupport {
  /// The most a reason holds, in code points (as JSON Schema counts a string's length).
  package static let maxReason = 500

  /// `text` trimmed, as a grant or restore keeps it; nil when it is only spaces or longer than
  /// `maxReason`.
  package static func reason(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty || text.unicodeScalars.count > maxReason ? nil : trimmed
  }

  /// Gives `user` `count` freezes of `streak` from their today. A `key` (the request's
  /// `Idempotency-Key`) the user's grants hold already is that grant again: nothing is given
  /// (a grant retried after a 503 whose first try committed); with other freezes asked for, it
  /// is refused.
  package static func grant(
    streak: String, count: Int, reason: String, user: String, catalog: StoreCatalog, store: any StoreBackend,
    key: String? = nil, clock: FutureDays = .system
  ) async throws -> SupportChange {
    try await store.changeSupport(catalog: catalog.id, user: user) { loaded in
      let loaded = try known(loaded, user: user, catalog: catalog)
      if let key, let given = loaded.support.grants.first(where: { $0.key == key }) {
        guard given.grant.streak == streak, given.grant.count == count, given.grant.reason == reason else {
          throw SupportRefusal(
            .idempotencyConflict,
            "the Idempotency-Key '\(key)' was given for another grant (\(given.grant.count) freezes of '\(given.grant.streak)'); use a new key for a new grant"
          )
        }
        return unchanged(loaded, catalog: catalog)
      }
      try check(streak, in: catalog)
      let grant = FreezeGrant(
        streak: streak, count: count, date: clock.today(for: loaded, in: catalog), reason: reason)
      if let problem = catalog.engine.grantProblem(grant) { throw SupportRefusal(.refused, problem) }
      var support = loaded.support
      support.grants.append(UserSupport.Grant(grant, at: millis(clock.now()), key: key))
      let data = JSONValue.object([
        ("streak", .string(streak)), ("count", .int(count)), ("reason", .string(reason)),
      ])
      var change = SupportChange(
        support: support, from: grant.date,
        event: NewEvent(
          kind: "freeze.granted", subject: streak, date: grant.date, detail: "\(support.grants.count)",
          data: data.serialized(indent: nil)),
        catalogVersion: catalog.version, catalogRevision: catalog.revision)
      change.mark = { EventMark.granting(count, of: streak, in: $0) }
      return change
    }
  }

  /// Makes the days of `streak` after it last counted, through `through`, count as covered
  /// for `user` (`Engine.restore`); `through` may not be after the user's today. The same
  /// restore again (the streak's days restored through the same day, a restore retried after a
  /// 503) is the one given: nothing is written.
  package static func restore(
    streak: String, through: CalendarDay, reason: String, user: String, catalog: StoreCatalog,
    store: any StoreBackend, clock: FutureDays = .system
  ) async throws -> SupportChange {
    try await store.changeSupport(catalog: catalog.id, user: user) { loaded in
      let loaded = try known(loaded, user: user, catalog: catalog)
      if loaded.support.restores.contains(where: { $0.restore.streak == streak && $0.restore.through == through }) {
        return unchanged(loaded, catalog: catalog)
      }
      try check(streak, in: catalog, restoring: true)
      let today = clock.today(for: loaded, in: catalog)
      guard through <= today else {
        throw SupportRefusal(
          .futureDate,
          "'through' (\(through)) is after the user's today (\(today)); a restore covers days that have begun")
      }
      let records = try catalog.records(loaded.days, through: through)
      let restore: StreakRestore
      do {
        restore = try catalog.engine.restore(
          streak, through: through, reason: reason, user: user, start: loaded.start, records: records,
          calendar: loaded.calendar,
          timeZone: loaded.zone, timeZoneChanges: loaded.timeZoneChanges, pauses: loaded.pauses,
          freezeGrants: loaded.support.freezeGrants, restores: loaded.support.streakRestores)
      } catch let error as EngineError {
        throw SupportRefusal(.refused, error.message)
      }
      var support = loaded.support
      support.restores.append(UserSupport.Restore(restore, at: millis(clock.now())))
      let data = JSONValue.object([
        ("streak", .string(streak)), ("from", .string(restore.from.description)),
        ("through", .string(through.description)), ("reason", .string(reason)),
      ])
      return SupportChange(
        support: support, from: restore.from,
        event: NewEvent(
          kind: "streak.restored", subject: streak, date: through, detail: "\(support.restores.count)",
          data: data.serialized(indent: nil)),
        catalogVersion: catalog.version, catalogRevision: catalog.revision)
    }
  }

  /// What support has given `loaded` already, to write nothing.
  private static func unchanged(_ loaded: LoadedUser, catalog: StoreCatalog) -> SupportChange {
    var change = SupportChange(
      support: loaded.support, from: .parsed("2199-12-31")!,
      event: NewEvent(kind: "", subject: "", date: .parsed("2199-12-31")!, data: "{}"),
      catalogVersion: catalog.version, catalogRevision: catalog.revision)
    change.unchanged = true
    return change
  }

  /// The user as stored; `unknownUser` when the catalog has no record of them.
  private static func known(_ loaded: LoadedUser?, user: String, catalog: StoreCatalog) throws -> LoadedUser {
    guard let loaded else {
      throw SupportRefusal(.unknownUser, "the catalog '\(catalog.id)' has no record of the user '\(user)'")
    }
    return loaded
  }

  /// `unknownStreak` for a name the catalog has no streak of; `refused` for an elapsed one (or,
  /// `restoring`, a periodic one).
  private static func check(_ streak: String, in catalog: StoreCatalog, restoring: Bool = false) throws {
    guard let problem = catalog.engine.streakProblem(streak, restoring: restoring) else { return }
    let known = catalog.engine.catalog.streaks.contains { $0.streak.name == streak }
    throw SupportRefusal(known ? .refused : .unknownStreak, problem)
  }

  private static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}

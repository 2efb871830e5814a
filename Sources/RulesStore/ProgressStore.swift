import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Where users' days, states and unlocks live. Two backends: SQLite (GRDB) and PostgreSQL
/// (PostgresNIO); one set of tests runs against both.
public protocol ProgressStore: AnyObject, Sendable {
  /// `sqlite:PATH` or `postgres://...` (without a password).
  var description: String { get }

  /// The schema version the store is at.
  func schemaVersion() async throws -> Int

  /// Stores users and records in one transaction: a record for a (user, date) that is there
  /// already is replaced; a record that changed for a day a state has counted marks that user
  /// for a rebuild.
  func importRecords(catalog: String, users: [ImportUser], records: [ImportRecord]) async throws -> ImportSummary

  /// The catalog's user ids after `after`, in byte order, at most `limit`.
  func userIDs(catalog: String, after: String?, limit: Int) async throws -> [String]

  /// The users of `ids` (those that exist) with their states and uncounted days, read in one
  /// transaction (no lock: `save` checks each user's revision).
  func loadUsers(catalog: String, ids: [String]) async throws -> [LoadedUser]

  /// One user as `loadUsers` reads them (every day with `allDays`), or nil, taking no lock:
  /// a read-only transaction (SQLite: a reader of the WAL, never the write lock), for answers
  /// that save nothing (`GET .../progress`, `rules-server eval`).
  func readUser(catalog: String, user: String, allDays: Bool) async throws -> LoadedUser?

  /// Saves states and new unlocks in one transaction. A user whose revision moved since the
  /// load is left out; returns the users saved.
  func save(catalog: String, checks: [SavedCheck]) async throws -> Set<UserID.Key>

  /// Runs `evaluate` holding the user's lock (PostgreSQL: the user's row, FOR UPDATE; SQLite:
  /// the write lock): first stores `day` (when given) and the user's start and time zone (when
  /// given), then loads the user (every day with `allDays`, or nil when the user has neither a
  /// record nor a users row), and saves what `evaluate` returns, all in one transaction.
  func withLockedUser<R: Sendable>(
    catalog: String, user: String, put day: StoredDay?, info: ImportUser?, allDays: Bool,
    _ evaluate: @Sendable (LoadedUser?) throws -> (SavedCheck?, R)
  ) async throws -> R

  /// Deletes the user's days, state, unlocks and details, holding the user's lock; false when
  /// the catalog has no record of the user.
  func deleteUser(catalog: String, user: String) async throws -> Bool

  /// The users of the catalog with days after `date`: those dates and the user's time zone, by
  /// user id (`FutureDays.users`).
  func daysAfter(catalog: String, date: CalendarDay) async throws -> [UserDates]

  /// The unlocks of a user, by date.
  func unlocks(catalog: String, user: String) async throws -> [StoredUnlock]

  /// Closes connections.
  func close() async throws
}

extension ProgressStore {
  /// Reads a user without a lock (`readUser`) and evaluates them; again with every day if the
  /// evaluation asks for them. Nothing is saved.
  public func evaluateReading<R: Sendable>(
    catalog: String, user: String, _ evaluate: (LoadedUser?) throws -> R
  ) async throws -> R {
    do {
      return try evaluate(try await readUser(catalog: catalog, user: user, allDays: false))
    } catch is NeedsAllDays {
      return try evaluate(try await readUser(catalog: catalog, user: user, allDays: true))
    }
  }

  /// Runs a locked evaluation, again with every day if it asks for them.
  public func evaluateLocked<R: Sendable>(
    catalog: String, user: String, put day: StoredDay? = nil, info: ImportUser? = nil,
    _ evaluate: @Sendable (LoadedUser?) throws -> (SavedCheck?, R)
  ) async throws -> R {
    do {
      return try await withLockedUser(
        catalog: catalog, user: user, put: day, info: info, allDays: false, evaluate)
    } catch is NeedsAllDays {
      // The first transaction was rolled back: the day and the user's details are stored again.
      return try await withLockedUser(
        catalog: catalog, user: user, put: day, info: info, allDays: true, evaluate)
    }
  }
}

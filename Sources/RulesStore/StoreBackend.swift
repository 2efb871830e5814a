import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Where users' days, states, unlocks, events and standings live: the one protocol a backend
/// conforms to, so a backend that lacks a part does not compile. Two backends: SQLite (GRDB)
/// and PostgreSQL (PostgresNIO); one set of tests runs against both.
package protocol StoreBackend: AnyObject, Sendable {
  // MARK: Progress
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

  /// The unlocks of a user, by date: each badge earned once, and each earning of a repeating
  /// badge with its period.
  func unlocks(catalog: String, user: String) async throws -> [StoredUnlock]

  // MARK: Reading

  /// Gives `tally`, in one read-only snapshot, every stored day of `catalog` that was not stored
  /// in the encoding whose first 8 bytes are `encoding` (a day that was is read without a doubt),
  /// and with `states` every saved state. Takes no lock.
  func reading<Tally: StoredTally>(catalog: String, encoding: Data, states: Bool, into tally: Tally) async throws
    -> Tally

  // MARK: Events

  /// Events after `query.after`, in id order.
  func events(_ query: EventQuery) async throws -> [StoredEvent]
  /// Claims up to `users` users whose next batch is due and not claimed (PostgreSQL: FOR
  /// UPDATE SKIP LOCKED; SQLite: the write lock), each with up to `batch` events, until
  /// `now + lease` (milliseconds).
  func claimDeliveries(users: Int, batch: Int, now: Int64, lease: Int64) async throws -> [DeliveryClaim]
  /// The claim's batch was delivered: the cursor moves past it.
  func delivered(_ claim: DeliveryClaim) async throws
  /// The claim's batch failed: tried again at `retryAt` (Unix milliseconds).
  func failed(_ claim: DeliveryClaim, retryAt: Int64, error: String) async throws
  /// Undelivered events.
  func backlog() async throws -> DeliveryBacklog

  // MARK: Standings

  /// The top `limit` of the leaderboard `name`, or the `limit` rows around `around` (nil when
  /// that user has no standing of that name).
  func leaderboard(catalog: String, name: String, limit: Int, around: String?) async throws -> Leaderboard?

  /// The catalog's stats as of `date` (nil: the latest date a user of the catalog was
  /// evaluated as of); `streaks` the catalog's streak names.
  func stats(catalog: String, date: CalendarDay?, streaks: [String]) async throws -> CatalogStats

  /// Saves the standings `evaluate` gives each user with a saved state of the catalog (as
  /// `loadUsers` reads them; nil: left as they are) when the catalog's `version` has not filled
  /// them yet, in one transaction; returns the users filled (0 when the version was filled
  /// already).
  @discardableResult func fillStandings(
    catalog: String, version: Int, _ evaluate: @Sendable (LoadedUser) -> SavedCheck?
  ) async throws -> Int

  // MARK: Closing

  /// Closes connections.
  func close() async throws
}

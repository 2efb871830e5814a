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
  /// transaction (no lock: `save` checks each user's revision). A day whose encoded form
  /// begins with `encoding` (the catalog's `RecordEncoding.prefix`; empty: none) comes without
  /// its JSON (`StoredDay.record` empty): the batch reads millions, and reads those from the
  /// encoded form alone.
  func loadUsers(catalog: String, ids: [String], encoding: Data) async throws -> [LoadedUser]

  /// One user as `loadUsers` reads them (every day with `allDays`), or nil, taking no lock:
  /// a read-only transaction (SQLite: a reader of the WAL, never the write lock), for answers
  /// that save nothing (`GET .../progress`, `rules-server eval`).
  func readUser(catalog: String, user: String, allDays: Bool) async throws -> LoadedUser?

  /// The user's revision (`users.revision`), or nil when the user has no row: one read by the
  /// key, taking no lock. Every write of a user's days, details, state or unlocks moves it in
  /// its own transaction, and a user made again after a DELETE starts at a random one, so an
  /// answer made from the user at a revision is still theirs while it is current
  /// (`GET .../progress`'s cache).
  func revision(catalog: String, user: String) async throws -> Int64?

  /// `revision` read on the caller's thread when the store can read it without waiting on a
  /// lock or a network (SQLite: a read-only connection of its own reads the WAL by the key, a
  /// few microseconds, and never waits for the write lock), so the caller needs no deadline
  /// and no hop to another thread; `.mustWait` when it cannot (PostgreSQL, always; SQLite, when
  /// that read would wait), and the caller awaits `revision`.
  func revisionAtOnce(catalog: String, user: String) throws -> ReadAtOnce<Int64?>

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

  /// Replaces the user's pauses holding the user's lock: `decide` sees the user as stored (nil
  /// for a user the catalog has no row of yet, which is made) and returns the new pauses and
  /// the first day they change, nil when nothing changes (nothing is written, the revision
  /// stays), or throws to refuse (nothing is written). A change from a day
  /// the saved state has counted marks the user for a rebuild; every change is a new revision.
  func changePauses(
    catalog: String, user: String, _ decide: @Sendable (LoadedUser?) throws -> (pauses: [Pause], from: CalendarDay)?
  ) async throws -> [Pause]

  /// Gives a user what support decides, holding the user's lock: `decide` sees the user as
  /// stored with every day (nil for a user the catalog has no record of) and returns the
  /// change, or throws to refuse (nothing is written). The user's support, a new revision, a
  /// rebuild mark when their state counted a day from the change's first day, and the
  /// change's event are written in one transaction.
  func changeSupport(
    catalog: String, user: String, _ decide: @Sendable (LoadedUser?) throws -> SupportChange
  ) async throws -> SupportChange

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

  /// The top `limit` of the leaderboard `name` of `table` (a period's board is named
  /// `LEADERBOARD@PERIOD`), or the `limit` rows around `around` (nil when that user has no
  /// standing of that name).
  func leaderboard(catalog: String, name: String, limit: Int, around: String?, in table: StandingsTable) async throws
    -> Leaderboard?

  /// Tells `leaderboard.closed` once for each board of `catalog`'s declared leaderboards whose
  /// period ended before `before` (its last day is before it), with its `top` first users: one
  /// transaction per board, which records the board as closed (`leaderboard_closings`, a unique
  /// key: another server's closing of it waits and then tells nothing) and appends the event.
  /// Returns the boards closed.
  @discardableResult func closeLeaderboards(
    catalog: String, leaderboards: [String], before: CalendarDay, top: Int, catalogVersion: Int,
    catalogRevision: String?
  ) async throws -> [String]

  /// The catalog's stats as of `date` (nil: the latest date a user of the catalog was
  /// evaluated as of); `streaks` the catalog's streak names.
  func stats(catalog: String, date: CalendarDay?, streaks: [String]) async throws -> CatalogStats

  /// The unlocks (a user and a badge each) dated each day from `from` through `through`,
  /// oldest first, every day of the range (0 when none): one read, on the index of unlocks by
  /// catalog and date.
  func unlocksPerDay(catalog: String, from: CalendarDay, through: CalendarDay) async throws -> [(
    date: CalendarDay, unlocks: Int
  )]

  /// Saves the standings `evaluate` gives each user with a saved state of the catalog (as
  /// `loadUsers` reads them; nil: left as they are) when the catalog's `version` has not filled
  /// them yet, in one transaction; returns the users filled (0 when the version was filled
  /// already).
  @discardableResult func fillStandings(
    catalog: String, version: Int, _ evaluate: @Sendable (LoadedUser) -> SavedCheck?
  ) async throws -> Int

  // MARK: Revisions

  /// Records `revision` as served at `loadedAt` (ISO 8601), numbered after the catalog's newest,
  /// in one transaction (one recorder at a time), unless it is the catalog's newest revision
  /// already; the revision recorded, or nil.
  @discardableResult func recordRevision(_ revision: NewRevision, at loadedAt: String) async throws
    -> CatalogRevisionRecord?

  /// The revisions of a catalog, oldest first, without their exports.
  func revisions(catalog: String) async throws -> [CatalogRevisionRecord]

  /// The newest revision of the catalog with `hash`, with its export; nil when none has it.
  func revision(catalog: String, hash: String) async throws -> CatalogRevisionRecord?

  // MARK: Experiments

  /// Starts `experiment`, in one transaction; throws `ExperimentConflict` when its name is
  /// taken or its catalog has a running experiment (nothing changed).
  func startExperiment(_ experiment: StoredExperiment) async throws

  /// The experiment of that name (running or ended), or nil.
  func experiment(name: String) async throws -> StoredExperiment?

  /// The running experiments, by catalog.
  func runningExperiments() async throws -> [StoredExperiment]

  /// Ends a running experiment as `status` (`stopped`, `promoted`), `because`; false when it
  /// was not running.
  func endExperiment(name: String, status: String, because: String, at: String) async throws -> Bool

  /// The users an experiment has given an arm, by user id.
  func experimentUsers(name: String) async throws -> [ExperimentUser]

  /// The experiments of a catalog (running and ended), newest first.
  func experiments(catalog: String) async throws -> [StoredExperiment]

  /// Appends an event of a catalog rather than of a user (`user_id` empty: an experiment the
  /// guardrail stopped), told once (its unique key); no webhook delivers it.
  func appendCatalogEvent(catalog: String, catalogVersion: Int, catalogRevision: String?, event: NewEvent)
    async throws

  /// What the report of an experiment reads of each user it gave an arm, in one read-only
  /// snapshot, by user id.
  func experimentParticipants(name: String) async throws -> [ExperimentParticipantRecord]

  // MARK: The console's sessions

  /// Ends a console session (`POST /console/signout`) for every server of the store: its
  /// cookie is refused from now until `expires` (Unix seconds), when it would expire by
  /// itself; sessions whose expiry is before `now` are forgotten (`console_signouts`).
  func endConsoleSession(_ session: String, expires: Int64, now: Int64) async throws
  /// Whether the console session was ended (signed out).
  func consoleSessionEnded(_ session: String) async throws -> Bool

  // MARK: Closing

  /// Closes connections.
  func close() async throws
}

extension StoreBackend {
  /// The top `limit` of the all-time leaderboard `name`, or the rows around `around`.
  package func leaderboard(catalog: String, name: String, limit: Int, around: String?) async throws -> Leaderboard? {
    try await leaderboard(catalog: catalog, name: name, limit: limit, around: around, in: .allTime)
  }

  /// `loadUsers` with every day's JSON.
  package func loadUsers(catalog: String, ids: [String]) async throws -> [LoadedUser] {
    try await loadUsers(catalog: catalog, ids: ids, encoding: Data())
  }
}

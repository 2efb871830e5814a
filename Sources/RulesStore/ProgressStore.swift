import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A user's start, time zone, time zone changes and calendar, as `PUT .../users/{user}`,
/// import lines and history files give them (nil: leave as stored by an import; `PUT` clears
/// what it leaves out).
public struct ImportUser: Sendable, Equatable {
  public var user: String
  public var start: CalendarDay?
  public var timeZone: String?
  /// The moments the user's zone changed, in time order (an empty list clears them).
  public var timeZoneChanges: [TimeZoneChange]?
  /// The calendar's name (`UserCalendar.name`, e.g. `islamic-umalqura`).
  public var calendar: String?

  public init(
    user: String, start: CalendarDay? = nil, timeZone: String? = nil, timeZoneChanges: [TimeZoneChange]? = nil,
    calendar: String? = nil
  ) {
    self.user = user
    self.start = start
    self.timeZone = timeZone
    self.timeZoneChanges = timeZoneChanges
    self.calendar = calendar
  }

  /// `users.timezone_changes` as the store keeps it (nil: none).
  var timeZoneChangesText: String? { timeZoneChanges.flatMap(ZoneHistory.text) }
}

/// One day record to store.
public struct ImportRecord: Sendable, Equatable {
  public var user: String
  public var date: CalendarDay
  public var record: String
  /// The record in the engine's encoded form (`StoreCatalog.encoded`).
  public var encoded: Data?

  public init(user: String, date: CalendarDay, record: String, encoded: Data? = nil) {
    self.user = user
    self.date = date
    self.record = record
    self.encoded = encoded
  }
}

/// What an import did.
public struct ImportSummary: Sendable, Equatable {
  /// Records read from the files.
  public var records: Int
  /// Distinct users among them.
  public var users: Int
  /// Records that were new or different from the stored ones.
  public var changed: Int

  public init(records: Int, users: Int, changed: Int) {
    self.records = records
    self.users = users
    self.changed = changed
  }
}

/// A user as an evaluation needs them: who they are, their saved state and the days it has
/// not counted (every day when there is no state, or when the state must be rebuilt).
public struct LoadedUser: Sendable {
  public var user: String
  public var start: CalendarDay?
  public var timeZone: String?
  /// The moments the user's zone changed, in time order.
  public var timeZoneChanges: [TimeZoneChange] = []
  /// The user's calendar (Gregorian when none is stored).
  public var calendar: UserCalendar = .gregorian
  /// Bumped by every change of the user's days; a save holds it (optimistic check).
  public var revision: Int64
  /// A record changed for a day the state has counted: count every day again.
  public var rebuild: Bool
  /// The saved state: its binary form (`UserState.binary()`), or the JSON a version-1 store
  /// saved (read as JSON; the next save writes it in binary).
  public var state: Data?
  public var stateDate: CalendarDay?
  public var days: [StoredDay]
  /// Whether `days` holds every stored day of the user.
  public var allDays: Bool

  public init(
    user: String, start: CalendarDay?, timeZone: String?, revision: Int64, rebuild: Bool, state: Data?,
    stateDate: CalendarDay?, days: [StoredDay], allDays: Bool
  ) {
    self.user = user
    self.start = start
    self.timeZone = timeZone
    self.revision = revision
    self.rebuild = rebuild
    self.state = state
    self.stateDate = stateDate
    self.days = days
    self.allDays = allDays
  }

  public var zone: TimeZone? { timeZone.flatMap(TimeZone.init(identifier:)) }
}

/// An evaluation to save: the state and the new unlocks, in one transaction, if the user's
/// days did not change since they were loaded (`revision`).
public struct SavedCheck: Sendable {
  public var user: String
  public var revision: Int64
  public var state: Data
  public var stateDate: CalendarDay
  public var new: [StoredUnlock]
  /// The evaluation counted every day again: the rebuild flag is cleared.
  public var rebuilt: Bool
  /// The version of the catalog that evaluated (`unlocks.catalog_version` of the new unlocks).
  public var catalogVersion: Int?
  /// The evaluation's standings (`Standings.of`), saved with the state; nil leaves the
  /// stored standings as they are.
  public var standings: [Standing]?
  /// What the evaluation tells the event log (none: no events).
  public var facts: EventFacts?

  public init(
    user: String, revision: Int64, state: Data, stateDate: CalendarDay, new: [StoredUnlock], rebuilt: Bool,
    catalogVersion: Int? = nil, standings: [Standing]? = nil
  ) {
    self.user = user
    self.revision = revision
    self.state = state
    self.stateDate = stateDate
    self.new = new
    self.rebuilt = rebuilt
    self.catalogVersion = catalogVersion
    self.standings = standings
  }
}

/// Thrown by an evaluation that needs every stored day (the date asked for is before the
/// state's): the store loads them and calls it again.
public struct NeedsAllDays: Error {
  public init() {}
}

/// A store error for people: the store, what failed and why.
public struct StoreError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

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
  func save(catalog: String, checks: [SavedCheck]) async throws -> Set<String>

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

/// Opens a store from its address: `sqlite:PATH`, a plain path, or `postgres://USER@HOST:PORT/DB`.
public enum StoreAddress {
  public static func open(_ address: String) async throws -> any ProgressStore {
    if address.hasPrefix("postgres://") || address.hasPrefix("postgresql://") {
      return try await PostgresStore.open(url: address)
    }
    var path = address
    if path.hasPrefix("sqlite:") { path.removeFirst("sqlite:".count) }
    if path.hasPrefix("//") { path.removeFirst(2) }
    guard !path.isEmpty else { throw StoreError("the store '\(address)' names no file; write sqlite:PATH") }
    return try SQLiteStore(path: path)
  }
}

extension CalendarDay {
  /// `YYYY-MM-DD`, or nil when it is not a day of the years the engine handles (the
  /// engine's own parser: date arithmetic, no Foundation calendar, for the millions of dates
  /// an import or a batch reads).
  public static func parsed(_ text: String) -> CalendarDay? { try? CalendarDay(text) }
}

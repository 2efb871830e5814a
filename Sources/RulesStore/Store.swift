import Foundation
import RulesEngine

/// A user's start and time zone, as `PUT .../users/{user}` and import lines give them (nil:
/// leave as stored).
public struct ImportUser: Sendable, Equatable {
  public var user: String
  public var start: CalendarDay?
  public var timeZone: String?

  public init(user: String, start: CalendarDay? = nil, timeZone: String? = nil) {
    self.user = user
    self.start = start
    self.timeZone = timeZone
  }
}

/// One day record to store.
public struct ImportRecord: Sendable, Equatable {
  public var user: String
  public var date: CalendarDay
  public var record: String

  public init(user: String, date: CalendarDay, record: String) {
    self.user = user
    self.date = date
    self.record = record
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
  /// Bumped by every change of the user's days; a save holds it (optimistic check).
  public var revision: Int64
  /// A record changed for a day the state has counted: count every day again.
  public var rebuild: Bool
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

  public init(
    user: String, revision: Int64, state: Data, stateDate: CalendarDay, new: [StoredUnlock], rebuilt: Bool
  ) {
    self.user = user
    self.revision = revision
    self.state = state
    self.stateDate = stateDate
    self.new = new
    self.rebuilt = rebuilt
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
public protocol RulesStore: AnyObject, Sendable {
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

  /// The unlocks of a user, by date.
  func unlocks(catalog: String, user: String) async throws -> [StoredUnlock]

  /// Closes connections.
  func close() async throws
}

extension RulesStore {
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
  public static func open(_ address: String) async throws -> any RulesStore {
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
  /// `YYYY-MM-DD`, or nil when it is not a day of the years the engine handles. The same days
  /// as `CalendarDay(_:)`, without Foundation's calendar: an import or a batch reads millions.
  public static func parsed(_ text: String) -> CalendarDay? {
    var text = text
    return text.withUTF8 { bytes -> CalendarDay? in
      guard bytes.count == 10, bytes[4] == 45, bytes[7] == 45 else { return nil }
      func digits(_ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
          let byte = bytes[index]
          guard byte >= 48, byte <= 57 else { return nil }
          value = value * 10 + Int(byte - 48)
        }
        return value
      }
      guard let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10),
        CalendarDay.years.contains(year), (1...12).contains(month), day >= 1,
        day <= daysIn(month: month, year: year)
      else { return nil }
      return CalendarDay(number: daysFromCivil(year: year, month: month, day: day))
    }
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a Gregorian date (H. Hinnant's days_from_civil).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// `YYYY-MM-DD` (the same text as `description`, without Foundation's calendar).
  public var iso: String {
    let z = number + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    var bytes = [UInt8](repeating: 45, count: 10)
    func put(_ value: Int, _ at: Int, _ width: Int) {
      var value = value
      for index in stride(from: at + width - 1, through: at, by: -1) {
        bytes[index] = UInt8(48 + value % 10)
        value /= 10
      }
    }
    put(year, 0, 4)
    put(month, 5, 2)
    put(day, 8, 2)
    return String(decoding: bytes, as: UTF8.self)
  }
}

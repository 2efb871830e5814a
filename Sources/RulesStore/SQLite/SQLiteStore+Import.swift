import Foundation
import GRDB
import GRDBSQLite
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension SQLiteStore {
  package func importRecords(
    catalog: String, users: [ImportUser], records: [ImportRecord]
  ) async throws -> ImportSummary {
    try await queue.writeWithoutTransaction { db in
      var summary = ImportSummary(records: records.count, users: 0, changed: 0)
      try db.inTransaction(.immediate) {
        // A file holds a user's days together: the user before is the one look-up skipped.
        var distinct = Set<UserID.Key>()
        var previous: UserID.Key?
        for user in records.lazy.map(\.user) {
          let key = UserID.Key(user)
          if key == previous { continue }
          previous = key
          if distinct.insert(key).inserted { try db.execute(ProgressSQL.ensureUser, [catalog, user]) }
        }
        for user in users where distinct.insert(UserID.Key(user.user)).inserted {
          try db.execute(ProgressSQL.ensureUser, [catalog, user.user])
        }
        // The earliest changed day of each user.
        var changedFrom: [UserID.Key: CalendarDay] = [:]
        for user in users {
          let changed = try db.changes(ProgressSQL.importInfo, ProgressSQL.importInfoArguments(catalog: catalog, user))
          // A new start (or time zone history) changes the days counted from the first: count again.
          if changed > 0, user.changesCounting {
            changedFrom[UserID.Key(user.user)] = CalendarDay(number: Int.min / 4)
          }
        }
        let writer = try DayWriter(db, catalog: catalog)
        // The earliest changed day of the user written last, kept into `changedFrom` when the
        // user changes.
        var current: (user: UserID.Key, from: CalendarDay?)?
        func keepCurrent() {
          guard let current, let from = current.from else { return }
          changedFrom[current.user] = min(changedFrom[current.user] ?? from, from)
        }
        for record in records {
          let user = UserID.Key(record.user)
          if current?.user != user {
            keepCurrent()
            current = (user, nil)
          }
          if try writer.write(record) {
            summary.changed += 1
            current!.from = min(current!.from ?? record.date, record.date)
          }
        }
        keepCurrent()
        for (user, day) in changedFrom {
          try db.execute(
            ProgressSQL.dayChanged, [day.number < -100_000 ? "0000-00-00" : day.description, catalog, user.id])
        }
        summary.users = distinct.count
        return .commit
      }
      return summary
    }
  }
}

/// `ProgressSQL.putDay` for an import's millions of records: prepared once, its catalog bound
/// once, the other values bound from the record's own bytes (no copies, no `SQLArguments`)
/// and stepped with SQLite's own calls.
private final class DayWriter {
  let connection: SQLiteConnection
  let statement: SQLiteStatement

  init(_ db: Database, catalog: String) throws {
    connection = db.sqliteConnection!
    var prepared: SQLiteStatement?
    let sql = ProgressSQL.putDay.sqlite
    let code = sqlite3_prepare_v2(connection, sql, -1, &prepared, nil)
    guard code == SQLITE_OK, let prepared else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }
    statement = prepared
    try check(catalog.withCString { sqlite3_bind_text(statement, 1, $0, -1, transient) })
  }

  deinit { sqlite3_finalize(statement) }

  func check(_ code: Int32) throws {
    guard code == SQLITE_OK || code == SQLITE_DONE else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)),
        sql: ProgressSQL.putDay.sqlite)
    }
  }

  /// Binds text without a copy (`SQLITE_STATIC`): the bytes must stay until the statement is reset.
  func bind(_ index: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
    bytes.withMemoryRebound(to: CChar.self) {
      _ = sqlite3_bind_text(statement, index, $0.baseAddress, Int32($0.count), nil)
    }
  }

  /// Writes one record; whether it was new or changed.
  func write(_ record: ImportRecord) throws -> Bool {
    var user = record.user
    var text = record.record
    var date = record.date.description
    let code = user.withUTF8 { user in
      text.withUTF8 { text in
        date.withUTF8 { date in
          bind(2, user)
          bind(3, date)
          bind(4, text)
          let step: Int32
          if let encoded = record.encoded {
            step = encoded.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int32 in
              sqlite3_bind_blob(statement, 5, bytes.baseAddress, Int32(bytes.count), nil)
              return sqlite3_step(statement)
            }
          } else {
            sqlite3_bind_null(statement, 5)
            step = sqlite3_step(statement)
          }
          // The values bound are the record's own bytes: unbound before they go.
          for index in 2...5 { sqlite3_bind_null(statement, Int32(index)) }
          return step
        }
      }
    }
    let reset = sqlite3_reset(statement)
    try check(code == SQLITE_DONE ? reset : code)
    return sqlite3_changes(connection) > 0
  }
}

/// SQLite copies the bytes it is given (`SQLITE_TRANSIENT`).
private let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

import Foundation
import Logging
import PostgresNIO
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension PostgresStore {
  static let importChunk = 5_000

  /// The bytes of the records sent to the server at a time.
  static let copyChunk = 1 << 20

  /// The records go to the server as `COPY ... FROM STDIN` (`writeDays`): PostgreSQL parses
  /// rows of `COPY` far faster than arrays of 5,000 values a statement (issue 41). The changed
  /// days come back as one row a user (its earliest date and their count), not one a day.
  package func importRecords(
    catalog: String, users: [ImportUser], records: [ImportRecord]
  ) async throws -> ImportSummary {
    try await transaction { connection in
      var summary = ImportSummary(records: records.count, users: 0, changed: 0)
      var distinct: [String] = []
      var seen = Set<UserID.Key>()
      // A file holds a user's days together: the user before is the one look-up skipped.
      var previous: UserID.Key?
      for record in records {
        let key = UserID.Key(record.user)
        if key == previous { continue }
        previous = key
        if seen.insert(key).inserted { distinct.append(record.user) }
      }
      for user in users where seen.insert(UserID.Key(user.user)).inserted { distinct.append(user.user) }
      summary.users = distinct.count
      // Every user of the file made (if new) and locked in the one order of every transaction
      // that locks users (by id, in byte order), before any of their rows is written: a PUT or
      // a batch meanwhile waits for the import, or the import for it, never both.
      let ordered = distinct.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      for start in stride(from: 0, to: ordered.count, by: Self.importChunk) {
        let ids = Array(ordered[start..<min(start + Self.importChunk, ordered.count)])
        try await connection.query(
          """
          INSERT INTO users (catalog, user_id, revision)
          SELECT \(catalog), id, \(unescaped: ProgressSQL.firstRevision(.postgres)) FROM unnest(\(ids)::text[]) AS t(id)
          ON CONFLICT (catalog, user_id) DO NOTHING
          """, logger: logger)
        try await connection.execute(LockUsers.self, [catalog, SQLTextList(ids)], logger: logger)
      }
      var changedFrom: [UserID.Key: String] = [:]
      for user in users {
        let changed = try await connection.changes(
          ProgressSQL.importInfo, ProgressSQL.importInfoArguments(catalog: catalog, user), logger: logger)
        if changed > 0, user.changesCounting {
          changedFrom[UserID.Key(user.user)] = "0000-00-00"
        }
      }
      if !records.isEmpty {
        let changed = try await Self.writeDays(
          connection, catalog: catalog, records: records, users: distinct, logger: logger)
        summary.changed = changed.count
        for (key, from) in changed.from {
          if let earlier = changedFrom[key], earlier <= from { continue }
          changedFrom[key] = from
        }
      }
      if !changedFrom.isEmpty {
        let keys = Array(changedFrom.keys)
        let ids = keys.map(\.id)
        let dates = keys.map { changedFrom[$0]! }
        try await connection.query(
          """
          UPDATE users u SET revision = u.revision + 1,
            rebuild = u.rebuild OR EXISTS (SELECT 1 FROM states s
              WHERE s.catalog = u.catalog AND s.user_id = u.user_id AND s.date > t.d)
          FROM unnest(\(ids)::text[], \(dates)::text[]) AS t(id, d)
          WHERE u.catalog = \(catalog) AND u.user_id = t.id
          """, logger: logger)
      }
      return summary
    }
  }

  /// Writes the records into `days`: the changed days' count and each user's earliest.
  ///
  /// When none of the import's users has a day stored yet (a first import, the bulk case), the
  /// rows go straight into `days` with `COPY` (a savepoint takes them back should another
  /// writer store one of those days meanwhile); otherwise, or then, into a temporary table and
  /// from it with one `INSERT ... SELECT ... ON CONFLICT`, the conflict clause every write of a
  /// day shares.
  static func writeDays(
    _ connection: PostgresConnection, catalog: String, records: [ImportRecord], users: [String], logger: Logger
  ) async throws -> (count: Int, from: [UserID.Key: String]) {
    let stored = try await connection.query(
      "SELECT EXISTS (SELECT 1 FROM days WHERE catalog = \(catalog) AND user_id = ANY(\(users)::text[]))",
      logger: logger)
    var anyStored = true
    for try await exists in stored.decode(Bool.self) { anyStored = exists }
    if !anyStored {
      try await connection.query("SAVEPOINT rules_import", logger: logger)
      do {
        try await copy(records, catalog: catalog, into: "days", connection, logger: logger)
        try await connection.query("RELEASE SAVEPOINT rules_import", logger: logger)
        // Every record is a new day.
        var from: [UserID.Key: String] = [:]
        var current: (user: UserID.Key, from: CalendarDay)?
        for record in records {
          let user = UserID.Key(record.user)
          if let last = current, last.user == user {
            current = (user, min(last.from, record.date))
            continue
          }
          if let last = current {
            from[last.user] = min(from[last.user] ?? last.from.description, last.from.description)
          }
          current = (user, record.date)
        }
        if let last = current { from[last.user] = min(from[last.user] ?? last.from.description, last.from.description) }
        return (records.count, from)
      } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
        try await connection.query("ROLLBACK TO SAVEPOINT rules_import", logger: logger)
      }
    }
    try await connection.query(
      """
      CREATE TEMPORARY TABLE rules_import_days (user_id TEXT, date TEXT, record TEXT, encoded BYTEA)
      ON COMMIT DROP
      """, logger: logger)
    try await copy(records, catalog: nil, into: "rules_import_days", connection, logger: logger)
    let rows = try await connection.query(
      """
      WITH changed AS (
        INSERT INTO days (catalog, user_id, date, record, encoded)
        SELECT \(catalog), user_id, date, record, encoded FROM rules_import_days
        \(unescaped: ProgressSQL.dayConflict(.postgres))
        RETURNING user_id, date
      )
      SELECT user_id, min(date), count(*) FROM changed GROUP BY user_id
      """, logger: logger)
    var count = 0
    var from: [UserID.Key: String] = [:]
    for try await (user, earliest, changed) in rows.decode((String, String, Int).self) {
      count += changed
      from[UserID.Key(user)] = earliest
    }
    return (count, from)
  }

  /// The records into `table` with `COPY ... FROM STDIN` (text), a megabyte at a time; each row
  /// begins with `catalog` when it is given.
  static func copy(
    _ records: [ImportRecord], catalog: String?, into table: String, _ connection: PostgresConnection,
    logger: Logger
  ) async throws {
    let columns = (catalog == nil ? [] : ["catalog"]) + ["user_id", "date", "record", "encoded"]
    try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
      var buffer = ByteBuffer()
      buffer.reserveCapacity(copyChunk + 64 * 1024)
      for record in records {
        if let catalog {
          copyText(catalog, into: &buffer)
          buffer.writeInteger(UInt8(ascii: "\t"))
        }
        copyRow(record, into: &buffer)
        if buffer.readableBytes >= copyChunk {
          try await writer.write(buffer)
          buffer.clear()
        }
      }
      if buffer.readableBytes > 0 { try await writer.write(buffer) }
    }
  }

  /// One row of `COPY`'s text format: the user, the date, the record and its encoded form (hex;
  /// `\N`, NULL, when it has none), tab-separated, a backslash, tab or line end in a value escaped.
  static func copyRow(_ record: ImportRecord, into buffer: inout ByteBuffer) {
    copyText(record.user, into: &buffer)
    buffer.writeInteger(UInt8(ascii: "\t"))
    buffer.writeString(record.date.description)
    buffer.writeInteger(UInt8(ascii: "\t"))
    copyText(record.record, into: &buffer)
    buffer.writeInteger(UInt8(ascii: "\t"))
    if let encoded = record.encoded, !encoded.isEmpty {
      buffer.writeStaticString("\\\\x")
      let digits: StaticString = "0123456789abcdef"
      digits.withUTF8Buffer { digits in
        buffer.reserveCapacity(minimumWritableBytes: encoded.count * 2)
        for byte in encoded {
          buffer.writeMultipleIntegers(digits[Int(byte >> 4)], digits[Int(byte & 0x0F)])
        }
      }
    } else {
      buffer.writeStaticString("\\N")
    }
    buffer.writeInteger(UInt8(ascii: "\n"))
  }

  /// `text` as a value of `COPY`'s text format.
  private static func copyText(_ text: String, into buffer: inout ByteBuffer) {
    let plain = text.utf8.allSatisfy { $0 != 0x5C && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    if plain {
      buffer.writeString(text)
      return
    }
    for byte in text.utf8 {
      switch byte {
      case 0x5C: buffer.writeStaticString("\\\\")
      case 0x09: buffer.writeStaticString("\\t")
      case 0x0A: buffer.writeStaticString("\\n")
      case 0x0D: buffer.writeStaticString("\\r")
      default: buffer.writeInteger(byte)
      }
    }
  }
}

import Foundation
import Logging
import PostgresNIO
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension PostgresStore {
  /// The days of a chunk of users, one row a user: their dates, records and encoded forms each
  /// as one array in date order (an empty `bytea` for a day with no encoded form). PostgresNIO
  /// reads a row through an async sequence and decodes it cell by cell; a batch of 10,000 users
  /// × 365 days was 3.65 million such rows, now 10,000 (issue 41).
  enum DayArrayColumns: Int, SQLColumns {
    case user, dates, records, encoded

    var expression: String {
      switch self {
      case .user: "d.user_id"
      case .dates: "array_agg(d.date ORDER BY d.date)"
      case .records: "array_agg(d.record ORDER BY d.date)"
      case .encoded: "array_agg(coalesce(d.encoded, ''::bytea) ORDER BY d.date)"
      }
    }
  }

  /// Their days: every day with `allDays`, a rebuild or no state, else from the state's date.
  /// Arguments: catalog, the ids, allDays.
  static let loadDayArrays = SQLQuery<DayArrayColumns> { d, columns in
    """
    SELECT \(columns) FROM days d
    JOIN users u ON u.catalog = d.catalog AND u.user_id = d.user_id
    LEFT JOIN states s ON s.catalog = d.catalog AND s.user_id = d.user_id
    WHERE d.catalog = ? AND \(d.isAnyOf("d.user_id"))
      AND (? OR s.date IS NULL OR u.rebuild OR d.date >= s.date)
    GROUP BY d.user_id
    """
  }

  /// Reads the days of `ids` (`loadDayArrays`) into `users`.
  static func loadDays(
    _ connection: PostgresConnection, catalog: String, ids: [String], allDays: Bool,
    into users: inout [UserID.Key: LoadedUser], logger: Logger
  ) async throws {
    try await connection.forEach(loadDayArrays, [catalog, SQLTextList(ids), allDays], logger: logger) { row in
      let key = UserID.Key(try row[.user])
      guard users[key] != nil else { return }
      let dates: [String] = try row[.dates]
      let records: [String] = try row[.records]
      let encoded: [ByteBuffer] = try row[.encoded]
      guard dates.count == records.count, dates.count == encoded.count else {
        throw StoreError("the days of \(key.id) were read with arrays of different lengths")
      }
      var days: [StoredDay] = []
      days.reserveCapacity(dates.count)
      for index in dates.indices {
        guard let day = CalendarDay.parsed(dates[index]) else { continue }
        let bytes = encoded[index]
        days.append(
          StoredDay(
            date: day, record: records[index],
            encoded: bytes.readableBytes == 0 ? nil : Data(bytes.readableBytesView)))
      }
      users[key]?.days = days
    }
  }
}

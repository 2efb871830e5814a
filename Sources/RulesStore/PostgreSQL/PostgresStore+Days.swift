import Foundation
import Logging
import PostgresNIO
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension PostgresStore {
  /// The days of a chunk of users, one row a user: their dates, records and encoded forms each
  /// as one array in date order (an empty `bytea` for a day with no encoded form). PostgresNIO
  /// reads a row through an async sequence and decodes it cell by cell; a batch of 10,000 users
  /// × 365 days was 3.65 million such rows, now 10,000 (issue 41). Each user's days are read
  /// from their first date on by the days' key (`LATERAL`, in key order: no sort, no join of
  /// every day with the user's row and state, which cost PostgreSQL three times the reading).
  enum DayArrayColumns: Int, SQLColumns {
    case user, dates, records, encoded

    var expression: String {
      switch self {
      case .user: "t.id"
      case .dates: "a.dates"
      case .records: "a.records"
      case .encoded: "a.encoded"
      }
    }
  }

  /// Arguments: the encoding's first bytes (`StoreBackend.loadUsers`; empty: none; a day encoded
  /// in it comes without its JSON), catalog, the ids, each one's first date ('' for every day).
  static let loadDayArrays = SQLQuery<DayArrayColumns> { _, columns in
    """
    SELECT \(columns) FROM (SELECT ?::bytea AS encoding, ?::text AS catalog) p
    CROSS JOIN unnest(?::text[], ?::text[]) AS t(id, first)
    CROSS JOIN LATERAL (
      SELECT array_agg(x.date) AS dates,
        array_agg(CASE WHEN substring(x.encoded FROM 1 FOR 8) = p.encoding THEN '' ELSE x.record END) AS records,
        array_agg(coalesce(x.encoded, ''::bytea)) AS encoded
      FROM (
        SELECT d.date, d.record, d.encoded FROM days d
        WHERE d.catalog = p.catalog AND d.user_id = t.id AND d.date >= t.first
        ORDER BY d.date
      ) x
    ) a
    WHERE a.dates IS NOT NULL
    """
  }

  /// Reads the days of `users` (`loadDayArrays`): every day with `allDays`, a rebuild or no
  /// state, else from the state's date.
  static func loadDays(
    _ connection: PostgresConnection, catalog: String, allDays: Bool, encoding: Data,
    into users: inout [UserID.Key: LoadedUser], logger: Logger
  ) async throws {
    guard !users.isEmpty else { return }
    var ids: [String] = []
    var firsts: [String] = []
    for user in users.values {
      ids.append(user.user)
      firsts.append(allDays || user.allDays ? "" : user.stateDate?.description ?? "")
    }
    let arguments: SQLArguments = [encoding, catalog, SQLTextList(ids), SQLTextList(firsts)]
    try await connection.forEach(loadDayArrays, arguments, logger: logger) { row in
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
      // A subquery's order is kept by array_agg in practice, though SQL does not promise it.
      if zip(days, days.dropFirst()).contains(where: { $0.date >= $1.date }) { days.sort { $0.date < $1.date } }
      users[key]?.days = days
    }
  }
}

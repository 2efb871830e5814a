import Foundation
import Logging
import PostgresNIO
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension PostgresStore {
  /// A chunk of users with their states and days, one row a user, in one statement (one
  /// snapshot: a read needs no transaction): the user's columns (`ProgressSQL.UserColumns`, at
  /// their positions), then their dates, records and encoded forms each as one array in date
  /// order (an empty `bytea` for a day with no encoded form; NULL for a user with no day).
  /// PostgresNIO reads a row through an async sequence and decodes it cell by cell; a batch of
  /// 10,000 users × 365 days was 3.65 million such rows, now 10,000 (issue 41). Each user's
  /// days are read by the days' key (`LATERAL`, in key order: no sort, no join of every day
  /// with the user's row and state, which cost PostgreSQL three times the reading), from the
  /// state's date, or every day with `allDays`, a rebuild or no state.
  ///
  /// Arguments: the encoding's first bytes (`StoreBackend.loadUsers`; empty: none; a day
  /// encoded in it comes without its JSON), all days, catalog, the ids.
  enum LoadUsersWithDays: PreparedText {
    static let sql = SQLStatement { d in
      """
      SELECT \(ProgressSQL.UserColumns.list), a.dates, a.records, a.encoded
      FROM (SELECT ?::bytea AS encoding, ?::boolean AS all_days) p
      CROSS JOIN users u
      LEFT JOIN states s ON s.catalog = u.catalog AND s.user_id = u.user_id
      LEFT JOIN LATERAL (
        SELECT array_agg(x.date) AS dates,
          array_agg(CASE WHEN substring(x.encoded FROM 1 FOR 8) = p.encoding THEN '' ELSE x.record END) AS records,
          array_agg(coalesce(x.encoded, ''::bytea)) AS encoded
        FROM (
          SELECT d.date, d.record, d.encoded FROM days d
          WHERE d.catalog = u.catalog AND d.user_id = u.user_id
            AND d.date >= CASE WHEN p.all_days OR u.rebuild OR s.state IS NULL THEN '' ELSE s.date END
          ORDER BY d.date
        ) x
      ) a ON TRUE
      WHERE u.catalog = ? AND \(d.isAnyOf("u.user_id"))
      """
    }.postgres
    static let types: [PostgresDataType] = [.bytea, .bool, .text, .textArray]
  }

  /// `ids`' users with their days (`LoadUsersWithDays`), in the order of `ids`; a user the
  /// store has no record of is left out.
  static func load(
    _ runner: some PostgresRunner, catalog: String, ids: [String], allDays: Bool, encoding: Data = Data(),
    logger: Logger
  ) async throws -> [LoadedUser] {
    var users: [UserID.Key: LoadedUser] = [:]
    let arguments: SQLArguments = [encoding, allDays, catalog, SQLTextList(ids)]
    for try await row in try await runner.rows(Prepared<LoadUsersWithDays>(arguments), logger: logger) {
      let cells = row.makeRandomAccess()
      var user = try loadedUser(PostgresColumns(row: cells), allDays: allDays)
      user.days = try days(cells, at: ProgressSQL.UserColumns.allCases.count, of: user.user)
      users[UserID.Key(user.user)] = user
    }
    return ids.compactMap { users[UserID.Key($0)] }
  }

  /// The user of a row's user columns.
  static func loadedUser(_ row: PostgresColumns<ProgressSQL.UserColumns>, allDays: Bool) throws -> LoadedUser {
    let rebuild: Bool = try row[.rebuild]
    let state: ByteBuffer? = try row[.state]
    var user = LoadedUser(
      user: try row[.user], start: (try row[.start] as String?).flatMap(CalendarDay.parsed),
      timeZone: try row[.timeZone],
      revision: try row[.revision], rebuild: rebuild, state: state.map { Data($0.readableBytesView) },
      stateDate: (try row[.stateDate] as String?).flatMap(CalendarDay.parsed), days: [],
      allDays: allDays || rebuild || state == nil)
    user.timeZoneChanges = ZoneHistory.parse(try row[.timeZoneChanges])
    user.calendar = (try row[.calendar] as String?).flatMap { try? UserCalendar(named: $0) } ?? .gregorian
    user.dayStartsAt = (try row[.dayStartsAt] as String?).flatMap(DayStart.init)
    user.pauses = PauseList.parse(try row[.pauses])
    user.support = UserSupport(text: try row[.support])
    return user
  }

  /// The days in a row's three arrays from position `first` on (dates, records, encoded forms).
  static func days(_ cells: PostgresRandomAccessRow, at first: Int, of user: String) throws -> [StoredDay] {
    guard let dates = try cells[first].decode([String]?.self) else { return [] }
    let records = try cells[first + 1].decode([String].self)
    let encoded = try cells[first + 2].decode([ByteBuffer].self)
    guard dates.count == records.count, dates.count == encoded.count else {
      throw StoreError("the days of \(user) were read with arrays of different lengths")
    }
    var days: [StoredDay] = []
    days.reserveCapacity(dates.count)
    for index in dates.indices {
      guard let day = CalendarDay.parsed(dates[index]) else { continue }
      let bytes = encoded[index]
      days.append(
        StoredDay(
          date: day, record: records[index], encoded: bytes.readableBytes == 0 ? nil : Data(bytes.readableBytesView)))
    }
    // A subquery's order is kept by array_agg in practice, though SQL does not promise it.
    if zip(days, days.dropFirst()).contains(where: { $0.date >= $1.date }) { days.sort { $0.date < $1.date } }
    return days
  }
}

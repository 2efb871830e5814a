/// The statements of users, days, states and unlocks, written once for both databases (their
/// differences are `SQLDialect`'s). Where the two run a write differently, SQLite a row at a
/// time (a prepared statement, no round trip) and PostgreSQL a whole batch at once (`unnest`,
/// one round trip), they share what decides the outcome: the conflict clauses below.
enum ProgressSQL {
  /// A new user's first revision: a random number below 2^62 (not 0), so that a user deleted
  /// and made again never has a revision the one before had: an answer cached by revision
  /// (`GET .../progress`, on any server of the store) is never taken for the new user's.
  static func firstRevision(_ d: SQLDialect) -> String {
    d.name == .sqlite ? "(random() & 4611686018427387903)" : "CAST(floor(random() * 4611686018427387903) AS BIGINT)"
  }

  static let ensureUser = SQLStatement { d in
    """
    INSERT INTO users (catalog, user_id, revision) VALUES (?, ?, \(firstRevision(d)))
    ON CONFLICT (catalog, user_id) DO NOTHING
    """
  }

  /// An import's user details: a detail given replaces the stored one (the time zone history
  /// and the pauses only when given); changes a row only when something differs. Arguments:
  /// `importInfoArguments`.
  static let importInfo = SQLStatement(countsChanges: true) { d in
    """
    UPDATE users SET start = COALESCE(?, start), timezone = COALESCE(?, timezone),
      timezone_changes = CASE WHEN ? THEN ? ELSE timezone_changes END, calendar = COALESCE(?, calendar),
      day_starts_at = COALESCE(?, day_starts_at), pauses = CASE WHEN ? THEN ? ELSE pauses END,
      revision = revision + 1
    WHERE catalog = ? AND user_id = ?
      AND (start \(d.isDistinctFrom) COALESCE(?, start)
        OR timezone \(d.isDistinctFrom) COALESCE(?, timezone)
        OR (? AND timezone_changes \(d.isDistinctFrom) ?)
        OR calendar \(d.isDistinctFrom) COALESCE(?, calendar)
        OR day_starts_at \(d.isDistinctFrom) COALESCE(?, day_starts_at)
        OR (? AND pauses \(d.isDistinctFrom) ?))
    """
  }

  static func importInfoArguments(catalog: String, _ user: ImportUser) -> SQLArguments {
    let start = user.start?.description
    let changes = user.timeZoneChanges != nil
    let dayStart = user.dayStartsAt?.description
    let pauses = user.pauses.flatMap(PauseList.text)
    let hasPauses = user.pauses != nil
    return [
      start, user.timeZone, changes, user.timeZoneChangesText, user.calendar, dayStart, hasPauses, pauses, catalog,
      user.user, start, user.timeZone, changes, user.timeZoneChangesText, user.calendar, dayStart, hasPauses, pauses,
    ]
  }

  /// A PUT's user details: all replaced; a start or time zone that changed for a user with a
  /// state marks a rebuild. Arguments: `putInfoArguments`.
  static let putInfo = SQLStatement { d in
    """
    UPDATE users SET start = ?, timezone = ?, timezone_changes = ?, calendar = ?, day_starts_at = ?,
      revision = revision + 1,
      rebuild = rebuild OR ((start \(d.isDistinctFrom) ? OR timezone \(d.isDistinctFrom) ?
          OR timezone_changes \(d.isDistinctFrom) ?)
        AND EXISTS (SELECT 1 FROM states s WHERE s.catalog = users.catalog AND s.user_id = users.user_id))
    WHERE catalog = ? AND user_id = ?
      AND (start \(d.isDistinctFrom) ? OR timezone \(d.isDistinctFrom) ?
        OR timezone_changes \(d.isDistinctFrom) ? OR calendar \(d.isDistinctFrom) ?
        OR day_starts_at \(d.isDistinctFrom) ?)
    """
  }

  static func putInfoArguments(catalog: String, user: String, _ info: ImportUser) -> SQLArguments {
    let start = info.start?.description
    let changes = info.timeZoneChangesText
    let dayStart = info.dayStartsAt?.description
    return [
      start, info.timeZone, changes, info.calendar, dayStart, start, info.timeZone, changes, catalog, user,
      start, info.timeZone, changes, info.calendar, dayStart,
    ]
  }

  /// A day's record replaces the stored one only when it differs: by its encoded form when
  /// both have one, else by its JSON.
  static func dayConflict(_ d: SQLDialect) -> String {
    """
    ON CONFLICT (catalog, user_id, date) DO UPDATE SET record = excluded.record, encoded = excluded.encoded
    WHERE CASE WHEN days.encoded IS NULL OR excluded.encoded IS NULL THEN days.record \(d.isDistinctFrom) excluded.record
      ELSE days.encoded \(d.isDistinctFrom) excluded.encoded END
    """
  }

  /// Arguments: catalog, user, date, record, encoded.
  static let putDay = SQLStatement(countsChanges: true) { d in insertDay(d) }

  /// `putDay`'s text, for a statement that runs it inside its own.
  static func insertDay(_ d: SQLDialect) -> String {
    "INSERT INTO days (catalog, user_id, date, record, encoded) VALUES (?, ?, ?, ?, ?)\n\(dayConflict(d))"
  }

  /// A user whose days changed from a date: a new revision (a save of what was loaded before
  /// is refused), and a rebuild when their state counted that date. Arguments: the date,
  /// catalog, user.
  static let dayChanged = SQLStatement { _ in
    """
    UPDATE users SET revision = revision + 1,
      rebuild = rebuild OR EXISTS (SELECT 1 FROM states s
        WHERE s.catalog = users.catalog AND s.user_id = users.user_id AND s.date > ?)
    WHERE catalog = ? AND user_id = ?
    """
  }

  static let stateConflict =
    "ON CONFLICT (catalog, user_id) DO UPDATE SET date = excluded.date, state = excluded.state"
  static let unlockConflict = "ON CONFLICT (catalog, user_id, badge) DO NOTHING"

  /// A user as a load reads them: their details and saved state.
  enum UserColumns: Int, SQLColumns {
    case user, start, timeZone, revision, rebuild, state, stateDate, timeZoneChanges, calendar, dayStartsAt, pauses
    case support

    var expression: String {
      switch self {
      case .user: "u.user_id"
      case .start: "u.start"
      case .timeZone: "u.timezone"
      case .revision: "u.revision"
      case .rebuild: "u.rebuild"
      case .state: "s.state"
      case .stateDate: "s.date"
      case .timeZoneChanges: "u.timezone_changes"
      case .calendar: "u.calendar"
      case .dayStartsAt: "u.day_starts_at"
      case .pauses: "u.pauses"
      case .support: "u.support"
      }
    }
  }

  /// A user's new pauses: a new revision, and a rebuild when their state counted a day from
  /// the first day that changed. Arguments: the pauses' text, that day, catalog, user.
  static let setPauses = SQLStatement { _ in
    """
    UPDATE users SET pauses = ?, revision = revision + 1,
      rebuild = rebuild OR EXISTS (SELECT 1 FROM states s
        WHERE s.catalog = users.catalog AND s.user_id = users.user_id AND s.date > ?)
    WHERE catalog = ? AND user_id = ?
    """
  }

  /// What support gave the user (`UserSupport`): a new revision, and a rebuild when their
  /// state counted a day from the first day that changed. Arguments: the support's text, that
  /// day, catalog, user.
  static let setSupport = SQLStatement { _ in
    """
    UPDATE users SET support = ?, revision = revision + 1,
      rebuild = rebuild OR EXISTS (SELECT 1 FROM states s
        WHERE s.catalog = users.catalog AND s.user_id = users.user_id AND s.date > ?)
    WHERE catalog = ? AND user_id = ?
    """
  }

  /// The users and their states; `users` the condition on `u.user_id` (one, or a list).
  static func users(_ d: SQLDialect, _ columns: String, users: String) -> String {
    """
    SELECT \(columns) FROM users u
    LEFT JOIN states s ON s.catalog = u.catalog AND s.user_id = u.user_id
    WHERE u.catalog = ? AND \(users)
    """
  }

  /// A stored day.
  enum DayColumns: Int, SQLColumns {
    case user, date, record, encoded

    var expression: String {
      switch self {
      case .user: "d.user_id"
      case .date: "d.date"
      case .record: "d.record"
      case .encoded: "d.encoded"
      }
    }
  }

  /// The dates after a date, with the user's time zone.
  enum DateColumns: Int, SQLColumns {
    case user, date, timeZone, timeZoneChanges, dayStartsAt

    var expression: String {
      switch self {
      case .user: "d.user_id"
      case .date: "d.date"
      case .timeZone: "u.timezone"
      case .timeZoneChanges: "u.timezone_changes"
      case .dayStartsAt: "u.day_starts_at"
      }
    }
  }

  /// Arguments: catalog, date.
  static let daysAfter = SQLQuery<DateColumns> { d, columns in
    """
    SELECT \(columns) FROM days d
    LEFT JOIN users u ON u.catalog = d.catalog AND u.user_id = d.user_id
    WHERE d.catalog = ? AND d.date\(d.byteOrder) > ? ORDER BY d.user_id\(d.byteOrder), d.date
    """
  }

  enum UnlockColumns: Int, SQLColumns {
    case badge, date
    var expression: String { self == .badge ? "badge" : "date" }
  }

  /// Arguments: catalog, user.
  static let unlocks = SQLQuery<UnlockColumns> { _, columns in
    "SELECT \(columns) FROM unlocks WHERE catalog = ? AND user_id = ? ORDER BY date, badge"
  }

  /// Arguments: catalog, the id after which, the most.
  static let userIDs = SQLStatement { d in
    "SELECT user_id FROM users WHERE catalog = ? AND user_id\(d.byteOrder) > ? ORDER BY user_id\(d.byteOrder) LIMIT ?"
  }

  /// What a batch reads of a catalog: the days not stored in an encoding (`StoreBackend.reading`).
  enum ReadDayColumns: Int, SQLColumns {
    case user, date, record
    var expression: String { ["user_id", "date", "record"][rawValue] }
  }

  /// Arguments: catalog, the encoding's first 8 bytes.
  static let readDays = SQLQuery<ReadDayColumns> { _, columns in
    "SELECT \(columns) FROM days WHERE catalog = ? AND (encoded IS NULL OR substr(encoded, 1, 8) <> ?)"
  }

  /// Arguments: catalog.
  static let readStates = SQLStatement { _ in "SELECT state FROM states WHERE catalog = ?" }

  /// Deletes a user's rows of `table`. Arguments: catalog, user.
  static let deleteUser = UserTables.all.map { table in
    SQLStatement(countsChanges: true) { _ in "DELETE FROM \(table) WHERE catalog = ? AND user_id = ?" }
  }

  /// A user's revision. Arguments: catalog, user.
  static let revision = SQLStatement { _ in "SELECT revision FROM users WHERE catalog = ? AND user_id = ?" }
}

/// The event log's and the deliveries' statements, written once for both databases. Appending
/// differs: SQLite a save's events in multi-row statements (`RowsInsert`), the cursors from the
/// ids past the newest before; PostgreSQL a whole save's events in one statement.
enum EventSQL {
  enum EventColumns: Int, SQLColumns {
    case id, catalog, catalogVersion, user, date, kind, subject, data, createdAt, catalogRevision

    var expression: String {
      [
        "id", "catalog", "catalog_version", "user_id", "date", "kind", "subject", "data", "created_at",
        "catalog_revision",
      ][rawValue]
    }
  }

  /// The events `query` asks for; its arguments, in order.
  static func events(_ query: EventQuery) -> (SQLQuery<EventColumns>, SQLArguments) {
    var conditions = "id > ?"
    var arguments: SQLArguments = [query.after]
    for (column, value) in [("catalog", query.catalog), ("user_id", query.user), ("kind", query.kind)] {
      guard let value else { continue }
      conditions += " AND \(column) = ?"
      arguments.append(value)
    }
    arguments.append(query.limit)
    return (
      SQLQuery { _, columns in "SELECT \(columns) FROM events WHERE \(conditions) ORDER BY id LIMIT ?" }, arguments
    )
  }

  /// A user's events after an id, up to an id, at most a number. Arguments: catalog, user,
  /// after, through, the most.
  static let userEvents = SQLQuery<EventColumns> { _, columns in
    "SELECT \(columns) FROM events WHERE catalog = ? AND user_id = ? AND id > ? AND id <= ? ORDER BY id LIMIT ?"
  }

  enum DueColumns: Int, SQLColumns {
    case catalog, user, delivered, sending, attempts
    var expression: String { ["catalog", "user_id", "delivered", "sending", "attempts"][rawValue] }
  }

  /// The users whose next batch is due and not claimed, locked. Arguments: now, now, the most.
  static let due = SQLQuery<DueColumns> { d, columns in
    """
    SELECT \(columns) FROM deliveries
    WHERE delivered < latest AND next_attempt <= ? AND claimed_until <= ?
    ORDER BY next_attempt, catalog, user_id LIMIT ?
    \(d.lockSkippingLocked)
    """
  }

  /// A cursor whose events were deleted with their user: nothing to send. Arguments: catalog, user.
  static let nothingToSend = SQLStatement { _ in
    "UPDATE deliveries SET delivered = latest, sending = 0 WHERE catalog = ? AND user_id = ?"
  }

  /// Arguments: the batch's last id, until when, the claim's token, catalog, user.
  static let claim = SQLStatement { _ in
    "UPDATE deliveries SET sending = ?, claimed_until = ?, claim = ? WHERE catalog = ? AND user_id = ?"
  }

  /// The cursor moves past a batch; the attempts are cleared when the claim is still the one
  /// that sent it. Arguments: the batch's last id, the token 4 times, catalog, user.
  static let delivered = SQLStatement { d in
    """
    UPDATE deliveries SET delivered = \(d.greatest)(delivered, ?),
      attempts = CASE WHEN claim = ? THEN 0 ELSE attempts END,
      next_attempt = CASE WHEN claim = ? THEN 0 ELSE next_attempt END,
      claimed_until = CASE WHEN claim = ? THEN 0 ELSE claimed_until END,
      last_error = CASE WHEN claim = ? THEN NULL ELSE last_error END
    WHERE catalog = ? AND user_id = ?
    """
  }

  /// Arguments: retry at, the error, catalog, user, the claim's token.
  static let failed = SQLStatement { _ in
    """
    UPDATE deliveries SET attempts = attempts + 1, next_attempt = ?, claimed_until = 0, last_error = ?
    WHERE catalog = ? AND user_id = ? AND claim = ?
    """
  }

  enum BacklogColumns: Int, SQLColumns {
    case users, events, oldest

    var expression: String {
      switch self {
      case .users: "CAST(COUNT(*) AS BIGINT)"
      case .events:
        """
        CAST(COALESCE(SUM((SELECT COUNT(*) FROM events e
            WHERE e.catalog = d.catalog AND e.user_id = d.user_id AND e.id > d.delivered)), 0) AS BIGINT)
        """
      case .oldest:
        """
        MIN((SELECT MIN(e.created_at) FROM events e
            WHERE e.catalog = d.catalog AND e.user_id = d.user_id AND e.id > d.delivered))
        """
      }
    }
  }

  static let backlog = SQLQuery<BacklogColumns> { _, columns in
    "SELECT \(columns) FROM deliveries d WHERE d.delivered < d.latest"
  }

  static let markConflict = "ON CONFLICT (catalog, user_id) DO UPDATE SET mark = excluded.mark"
  /// An event already told is left out.
  static let eventConflict = "ON CONFLICT (catalog, user_id, kind, subject, date, detail) DO NOTHING"

  /// A user's cursor learns their newest event.
  static func latestConflict(_ d: SQLDialect) -> String {
    "ON CONFLICT (catalog, user_id) DO UPDATE SET latest = \(d.greatest)(deliveries.latest, excluded.latest)"
  }

  enum MarkColumns: Int, SQLColumns {
    case user, mark
    var expression: String { self == .user ? "user_id" : "mark" }
  }

  /// The user's mark (what their last evaluation told). Arguments: catalog, user.
  static let mark = SQLStatement { _ in "SELECT mark FROM event_marks WHERE catalog = ? AND user_id = ?" }

  /// Saves the user's mark. Arguments: catalog, user, the mark.
  static let saveMark = SQLStatement { _ in
    "INSERT INTO event_marks (catalog, user_id, mark) VALUES (?, ?, ?)\n\(markConflict)"
  }

  /// A user's cursor learns their newest event. Arguments: catalog, user, the event's id.
  static let saveLatest = SQLStatement { d in
    "INSERT INTO deliveries (catalog, user_id, latest) VALUES (?, ?, ?)\n\(latestConflict(d))"
  }

  /// One event, answering its id (no row when it was told already). Arguments as
  /// `eventInsert`'s columns.
  static let appendOne = SQLStatement { _ in
    "\(eventInsert) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)\n\(eventConflict)\nRETURNING id"
  }

  static let eventInsert =
    "INSERT INTO events (catalog, catalog_version, user_id, date, kind, subject, detail, data, created_at, catalog_revision)"
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// The period standings of the leaderboards a catalog declares (`StandingsTable.period`) and
/// their closing: `leaderboard_periods` holds a row per board (a leaderboard's period) seen
/// in a save, with its last day, and when it was closed (`leaderboard.closed` told).
enum PeriodStandingsSQL {
  /// Schema version 10 (branch period-boards): `period_standings` (shaped as `standings`: a
  /// board's name `LEADERBOARD@PERIOD`, `since` and `until` the period's first and last day),
  /// its rank index and counts (`StandingCounts`), and `leaderboard_periods`.
  static func schema(_ dialect: SQLDialect) -> [String] {
    let userID = "TEXT\(dialect.byteOrder)"
    return [
      """
      CREATE TABLE period_standings (
        catalog TEXT NOT NULL,
        user_id \(userID) NOT NULL,
        name TEXT NOT NULL,
        value \(dialect.double) NOT NULL,
        since TEXT,
        until TEXT,
        PRIMARY KEY (catalog, user_id, name)
      )
      """,
      "CREATE INDEX period_standings_rank ON period_standings (catalog, name, value DESC, user_id)",
      """
      CREATE TABLE leaderboard_periods (
        catalog TEXT NOT NULL,
        name TEXT NOT NULL,
        since TEXT NOT NULL,
        until TEXT NOT NULL,
        closed_at \(dialect.bigint),
        PRIMARY KEY (catalog, name)
      )
      """,
    ] + StandingCounts.schema(dialect, .period)
  }

  /// A board seen in a save. Arguments: catalog, name, its first and last day.
  static let seen = SQLStatement { _ in
    """
    INSERT INTO leaderboard_periods (catalog, name, since, until) VALUES (?, ?, ?, ?)
    ON CONFLICT (catalog, name) DO NOTHING
    """
  }

  enum OpenColumns: Int, SQLColumns {
    case name, since, until
    var expression: String { ["name", "since", "until"][rawValue] }
  }

  /// The boards not closed whose last day is before a day. Arguments: catalog, the day.
  static let open = SQLQuery<OpenColumns> { d, columns in
    "SELECT \(columns) FROM leaderboard_periods WHERE catalog = ? AND closed_at IS NULL AND until < ? ORDER BY name\(d.byteOrder)"
  }

  /// Closes a board not closed yet (one row changed: this transaction tells its event; none:
  /// another did). Arguments: when (Unix milliseconds), catalog, name.
  static let close = SQLStatement(countsChanges: true) { _ in
    "UPDATE leaderboard_periods SET closed_at = ? WHERE catalog = ? AND name = ? AND closed_at IS NULL"
  }

  /// The boards of `names` (`LEADERBOARD@PERIOD`) whose leaderboard is one of `leaderboards`.
  static func declared(_ names: [String], leaderboards: [String]) -> [String] {
    let ids = Set(leaderboards)
    return names.filter { name in
      guard let at = name.firstIndex(of: "@") else { return false }
      return ids.contains(String(name[..<at]))
    }
  }

  /// The `leaderboard.closed` event of `board` (`LEADERBOARD@PERIOD`, its period from `first`
  /// through `last`) with its top: subject the leaderboard, detail the period, dated the
  /// period's last day.
  static func event(board: String, first: CalendarDay?, last: CalendarDay, top: [Leaderboard.Entry]) -> NewEvent {
    let parts = board.split(separator: "@", maxSplits: 1).map(String.init)
    let (leaderboard, period) = (parts[0], parts.count > 1 ? parts[1] : "")
    let entries = top.map { entry in
      JSONValue.object([
        ("rank", .int(entry.rank)), ("user", .string(entry.user)),
        (
          "value",
          entry.value == entry.value.rounded() && abs(entry.value) < 9e15
            ? .int(Int(entry.value)) : .number(entry.value)
        ),
      ])
    }
    let data = JSONValue.object([
      ("leaderboard", .string(leaderboard)), ("period", .string(period)),
      ("start", first.map { .string($0.description) } ?? .null), ("end", .string(last.description)),
      ("top", .array(entries)),
    ])
    return NewEvent(
      kind: "leaderboard.closed", subject: leaderboard, date: last, detail: period,
      data: data.serialized(indent: nil))
  }
}

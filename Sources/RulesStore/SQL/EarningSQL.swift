/// Each earning of a repeating badge (`repeats: week`...): one row a badge and period, so a
/// badge earned every week keeps every week (`unlocks`, unique by badge, keeps its first). The
/// schema version of branch `repeats`; docs/store.md documents the table.
enum EarningSQL {
  /// The table, and its index by badge and period (the users who earned a challenge in a week).
  static func schema(_ dialect: SQLDialect) -> [String] {
    [
      """
      CREATE TABLE earnings (
        catalog TEXT NOT NULL,
        user_id TEXT NOT NULL,
        badge TEXT NOT NULL,
        period TEXT NOT NULL,
        date TEXT NOT NULL,
        catalog_version INTEGER,
        PRIMARY KEY (catalog, user_id, badge, period)
      )
      """,
      "CREATE INDEX earnings_by_period ON earnings (catalog, badge, period)",
    ]
  }

  /// An earning already kept (a rerun, another worker) stays as it was.
  static let conflict = "ON CONFLICT (catalog, user_id, badge, period) DO NOTHING"

  /// Arguments: catalog, user, badge, period, date, catalog version.
  static let save = SQLStatement { _ in
    """
    INSERT INTO earnings (catalog, user_id, badge, period, date, catalog_version) VALUES (?, ?, ?, ?, ?, ?)
    \(conflict)
    """
  }

  enum Columns: Int, SQLColumns {
    case badge, date, period
    var expression: String {
      switch self {
      case .badge: "badge"
      case .date: "date"
      case .period: "period"
      }
    }
  }

  /// A user's unlocks: each badge earned once (`unlocks`), and each earning of a repeating
  /// badge (`earnings`, with its period) in place of its first in `unlocks`. Arguments: catalog,
  /// user, catalog, user.
  static let unlocks = SQLQuery<Columns> { _, columns in
    """
    SELECT \(columns) FROM (
      SELECT u.badge, u.date, NULL AS period FROM unlocks u WHERE u.catalog = ? AND u.user_id = ?
        AND NOT EXISTS (
          SELECT 1 FROM earnings e WHERE e.catalog = u.catalog AND e.user_id = u.user_id AND e.badge = u.badge)
      UNION ALL
      SELECT badge, date, period FROM earnings WHERE catalog = ? AND user_id = ?
    ) AS a ORDER BY date, badge, period
    """
  }
}

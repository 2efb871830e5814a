/// The console sessions signed out before their cookie expired (schema version 12,
/// `console_signouts`): `POST /console/signout` writes the session's id and its expiry (Unix
/// seconds), and every server of the store refuses the cookie from then on (docs/console.md).
/// A row whose expiry has passed is deleted at the next sign-out: the cookie refuses itself.
enum ConsoleSignoutSQL {
  static func schema(_ dialect: SQLDialect) -> [String] {
    [
      """
      CREATE TABLE console_signouts (
        session TEXT NOT NULL PRIMARY KEY,
        expires \(dialect.bigint) NOT NULL
      )
      """
    ]
  }

  /// Arguments: the session, its expiry.
  static let insert = SQLStatement { _ in
    "INSERT INTO console_signouts (session, expires) VALUES (?, ?) ON CONFLICT (session) DO NOTHING"
  }

  /// Arguments: now (Unix seconds).
  static let prune = SQLStatement { _ in "DELETE FROM console_signouts WHERE expires < ?" }

  /// Arguments: the session.
  static let ended = SQLStatement { _ in "SELECT COUNT(*) FROM console_signouts WHERE session = ?" }
}

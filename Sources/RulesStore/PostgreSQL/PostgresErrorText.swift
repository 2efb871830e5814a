import PostgresNIO

extension StoreError {
  /// What PostgreSQL said of `error`, for a command's standard error and the server's log:
  /// its own message, SQLSTATE and detail (`deadlock detected (SQLSTATE 40P01): Process 12
  /// waits for ShareLock...`), or the connection's failure; nil for an error that is not
  /// PostgreSQL's. PostgresNIO's `PSQLError` hides all of it behind "Generic description to
  /// prevent accidental leakage of sensitive data", lest it reach a client; here it goes to the
  /// operator (a client of the server gets 503 `store-unavailable` alone).
  package static func postgresText(_ error: any Error) -> String? {
    if let error = error as? PSQLError {
      if let info = error.serverInfo, let message = info[.message] {
        var text = message
        if let state = info[.sqlState] { text += " (SQLSTATE \(state))" }
        if let detail = info[.detail] { text += ": \(detail)" }
        return text
      }
      if let underlying = error.underlying { return "\(error.code): \(underlying)" }
      return "PostgreSQL: \(error.code)"
    }
    if let error = error as? PostgresTransactionError {
      if let inner = [error.closureError, error.commitError, error.beginError, error.rollbackError]
        .compactMap({ $0 }).first
      {
        return postgresText(inner) ?? "\(inner)"
      }
    }
    return nil
  }

  /// `error` as a command prints it: PostgreSQL's own words (`postgresText`), else its
  /// description.
  package static func text(_ error: any Error) -> String { postgresText(error) ?? "\(error)" }

  /// The SQLSTATE of a PostgreSQL error (inside a transaction's error too), or nil.
  static func sqlState(_ error: any Error) -> String? {
    if let error = error as? PSQLError { return error.serverInfo?[.sqlState] }
    if let error = error as? PostgresTransactionError {
      return (error.closureError ?? error.commitError).flatMap(sqlState)
    }
    return nil
  }
}

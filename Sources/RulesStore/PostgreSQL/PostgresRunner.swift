import Logging
import PostgresNIO

/// Where `SQLStatement`s run on PostgreSQL: a transaction's connection, or the pool (a
/// statement of its own).
protocol PostgresRunner {
  func rows(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence
  /// The rows of a prepared statement (`PreparedText`).
  func rows<Text: PreparedText>(_ statement: Prepared<Text>, logger: Logger) async throws
    -> AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow>
}

extension PostgresConnection: PostgresRunner {
  func rows(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence {
    try await self.query(query, logger: logger)
  }

  func rows<Text: PreparedText>(_ statement: Prepared<Text>, logger: Logger) async throws
    -> AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow>
  {
    try await execute(statement, logger: logger)
  }
}

extension PostgresClient: PostgresRunner {
  func rows(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence {
    try await self.query(query, logger: logger)
  }

  func rows<Text: PreparedText>(_ statement: Prepared<Text>, logger: Logger) async throws
    -> AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow>
  {
    try await execute(statement, logger: logger)
  }
}

extension SQLStatement {
  /// The statement on PostgreSQL, given `arguments`.
  func postgres(_ arguments: SQLArguments) -> PostgresQuery {
    PostgresQuery(unsafeSQL: postgres, binds: PostgresBindings(arguments))
  }
}

extension PostgresBindings {
  /// `arguments` bound in order.
  init(_ arguments: SQLArguments) {
    self.init(capacity: arguments.count)
    for argument in arguments { argument.bind(to: &self) }
  }
}

extension PostgresRunner {
  func execute(_ statement: SQLStatement, _ arguments: SQLArguments = [], logger: Logger) async throws {
    _ = try await rows(statement.postgres(arguments), logger: logger)
  }

  /// Runs the prepared `Text` with `arguments`, reading no row.
  func execute<Text: PreparedText>(_ text: Text.Type, _ arguments: SQLArguments, logger: Logger) async throws {
    for try await _ in try await rows(Prepared<Text>(arguments), logger: logger) {}
  }

  /// The first value of the first row of the prepared `Text`, or nil (also when it is NULL).
  func value<Value: PostgresDecodable, Text: PreparedText>(
    _ text: Text.Type, _ arguments: SQLArguments, logger: Logger
  ) async throws -> Value? {
    try await Self.firstValue(of: rows(Prepared<Text>(arguments), logger: logger))
  }

  /// Runs `statement` (made with `countsChanges`); the rows it changed.
  func changes(_ statement: SQLStatement, _ arguments: SQLArguments = [], logger: Logger) async throws -> Int {
    var changed = 0
    for try await _ in try await rows(statement.postgres(arguments), logger: logger) { changed += 1 }
    return changed
  }

  /// Each row of `query`, read by its columns.
  func forEach<Columns>(
    _ query: SQLQuery<Columns>, _ arguments: SQLArguments = [], logger: Logger,
    _ body: (PostgresColumns<Columns>) throws -> Void
  ) async throws {
    for try await row in try await rows(query.statement.postgres(arguments), logger: logger) {
      try body(PostgresColumns(row: row.makeRandomAccess()))
    }
  }

  /// The first value of the first row of `statement`, or nil (also when it is NULL).
  func value<Value: PostgresDecodable>(
    _ statement: SQLStatement, _ arguments: SQLArguments = [], logger: Logger
  ) async throws -> Value? {
    try await Self.firstValue(of: rows(statement.postgres(arguments), logger: logger))
  }

  /// The first cell of the first row of `rows` (all of which are read), or nil (also when it is NULL).
  private static func firstValue<Value: PostgresDecodable>(
    of rows: some AsyncSequence<PostgresRow, any Error>
  ) async throws -> Value? {
    var value: Value?
    var first = true
    for try await row in rows where first {
      first = false
      let cell = row.makeRandomAccess()[0]
      value = cell.bytes == nil ? nil : try cell.decode(Value.self)
    }
    return value
  }
}

/// A PostgreSQL row read by its query's columns, at their positions.
struct PostgresColumns<Columns: SQLColumns> {
  let row: PostgresRandomAccessRow

  subscript<Value: PostgresDecodable>(_ column: Columns) -> Value {
    get throws { try row[column.rawValue].decode(Value.self) }
  }
}

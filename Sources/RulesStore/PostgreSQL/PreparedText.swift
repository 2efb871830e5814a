import Logging
import PostgresNIO

/// A statement PostgreSQL parses and plans once per connection (PostgresNIO prepares it at its
/// first use on a connection), where a `PostgresQuery` is an unnamed statement, parsed and
/// planned again at every execution: planning was most of PostgreSQL's work in a PUT day
/// (Benchmarks/HISTORY.md, "fifth round"). A caseless enumeration per statement names it.
protocol PreparedText {
  /// The statement, the same at every use (each value a `$n`).
  static var sql: String { get }
  /// Each `$n`'s type as its value is encoded, in order: PostgreSQL would otherwise infer one
  /// from the text, which need not be the encoded one (an `integer[]` for an `int8[]` bound).
  /// Empty (the default): PostgreSQL infers each, for a text whose every place wants the type
  /// bound there (a text compared with a text column, a `bigint` for `LIMIT`).
  static var types: [PostgresDataType] { get }
}

extension PreparedText {
  static var types: [PostgresDataType] { [] }
}

/// One use of `Text`: its values.
struct Prepared<Text: PreparedText>: PostgresPreparedStatement {
  typealias Row = PostgresRow
  static var sql: String { Text.sql }
  static var bindingDataTypes: [PostgresDataType] { Text.types }

  let bindings: PostgresBindings

  init(bindings: PostgresBindings) {
    self.bindings = bindings
  }

  init(_ arguments: SQLArguments) {
    bindings = PostgresBindings(arguments)
  }

  func makeBindings() throws -> PostgresBindings { bindings }

  func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

extension PostgresConnection {
  /// Runs `query`, whose text is `Text`'s (made by the same function), as the prepared `Text`.
  func run<Text: PreparedText>(_ text: Text.Type, _ query: PostgresQuery, logger: Logger) async throws
    -> AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow>
  {
    assert(
      query.sql == Text.sql && (Text.types.isEmpty || query.binds.count == Text.types.count),
      "\(Text.self) is not the statement run")
    return try await execute(Prepared<Text>(bindings: query.binds), logger: logger)
  }

  /// Runs `query` as the prepared `Text`, reading no row.
  func execute<Text: PreparedText>(_ text: Text.Type, _ query: PostgresQuery, logger: Logger) async throws {
    for try await _ in try await run(text, query, logger: logger) {}
  }
}

import PostgresNIO

/// `StandingsSQL.around` as a statement PostgreSQL prepares once per connection: planning the
/// statement cost about as much of PostgreSQL's CPU as running it (0.55 to 0.75 ms a request).
/// One type a table (`AllTimeAround`, `PeriodAround`), each with its own text.
protocol AroundStatement: PostgresPreparedStatement where Row == (Int, String?, Double?, Int) {
  /// `StandingsSQL.aroundArguments`.
  var arguments: SQLArguments { get }
}

extension AroundStatement {
  func makeBindings() throws -> PostgresBindings {
    var bindings = PostgresBindings(capacity: arguments.count)
    for argument in arguments { argument.bind(to: &bindings) }
    return bindings
  }

  func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// `around` on `standings`.
struct AllTimeAround: AroundStatement {
  static let sql = StandingsSQL.around.statement.postgres
  typealias Row = (Int, String?, Double?, Int)
  let arguments: SQLArguments
}

/// `around` on `period_standings`.
struct PeriodAround: AroundStatement {
  static let sql = StandingsSQL.periodAround.statement.postgres
  typealias Row = (Int, String?, Double?, Int)
  let arguments: SQLArguments
}

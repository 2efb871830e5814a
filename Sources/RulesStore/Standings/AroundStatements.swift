/// `StandingsSQL.around` prepared once per connection: planning the statement cost about as much
/// of PostgreSQL's CPU as running it (0.55 to 0.75 ms a request). One a table, each with its own
/// text; arguments: `StandingsSQL.aroundArguments` (their types inferred: texts compared with
/// texts, counts with counts).
enum AllTimeAround: PreparedText {
  static let sql = StandingsSQL.around.statement.postgres
}

/// `around` on `period_standings`.
enum PeriodAround: PreparedText {
  static let sql = StandingsSQL.periodAround.statement.postgres
}

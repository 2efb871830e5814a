import GRDB

/// `SQLStatement`s run on SQLite: prepared once per connection (GRDB's statement cache).
extension Database {
  func statement(_ statement: SQLStatement, _ arguments: SQLArguments) throws -> Statement {
    let prepared = try cachedStatement(sql: statement.sqlite)
    // GRDB's initializer from a sequence of concrete values maps them with a key path, which
    // the runtime projects per value (2-3% of a batch in perf); from optionals it maps them
    // with a closure.
    var values: [(any DatabaseValueConvertible)?] = []
    values.reserveCapacity(arguments.count)
    for argument in arguments { values.append(argument.sqliteValue) }
    try prepared.setArguments(StatementArguments(values))
    return prepared
  }

  func statement<Columns>(_ query: SQLQuery<Columns>, _ arguments: SQLArguments) throws -> Statement {
    try statement(query.statement, arguments)
  }

  func execute(_ statement: SQLStatement, _ arguments: SQLArguments = []) throws {
    try self.statement(statement, arguments).execute()
  }

  /// Runs `statement`; the rows it changed.
  func changes(_ statement: SQLStatement, _ arguments: SQLArguments = []) throws -> Int {
    try execute(statement, arguments)
    return changesCount
  }

  /// The rows of `query`, one at a time (GRDB reuses one `Row`: read it before the next).
  func rows<Columns>(_ query: SQLQuery<Columns>, _ arguments: SQLArguments = []) throws -> RowCursor {
    try Row.fetchCursor(statement(query, arguments))
  }

  /// The first value of the first row of `statement`, or nil.
  func value<Value: DatabaseValueConvertible & StatementColumnConvertible>(
    _ statement: SQLStatement, _ arguments: SQLArguments = []
  ) throws -> Value? {
    try Value.fetchOne(self.statement(statement, arguments))
  }
}

/// A row read by its query's columns, at their positions.
extension Row {
  subscript<Value: DatabaseValueConvertible>(_ column: some SQLColumns) -> Value { self[column.rawValue] }

  subscript<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ column: some SQLColumns) -> Value {
    self[column.rawValue]
  }
}

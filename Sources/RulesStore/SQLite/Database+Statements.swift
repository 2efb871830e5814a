import GRDB
import GRDBSQLite

/// `SQLStatement`s run on SQLite: prepared once per connection (GRDB's statement cache).
extension Database {
  func statement(_ statement: SQLStatement, _ arguments: SQLArguments) throws -> Statement {
    let prepared = try cachedStatement(sql: statement.sqlite)
    // Bound here, one `sqlite3_bind_*` a value: GRDB's `StatementArguments` maps them through
    // unspecialized generic code for every statement (4-8% of a batch's CPU in perf). GRDB is
    // told the statement's arguments are set (an empty, unchecked list), so it only resets it
    // before each run; SQLite keeps the bindings across resets.
    prepared.setUncheckedArguments(StatementArguments())
    let handle = prepared.sqliteStatement
    guard Int(sqlite3_bind_parameter_count(handle)) == arguments.count else {
      throw StoreError(
        "the statement takes \(sqlite3_bind_parameter_count(handle)) arguments, given \(arguments.count): \(statement.sqlite)"
      )
    }
    for (index, argument) in arguments.enumerated() {
      let code = argument.sqliteValue.bind(to: handle, at: Int32(index + 1))
      guard code == SQLITE_OK else {
        throw DatabaseError(resultCode: ResultCode(rawValue: code), sql: statement.sqlite)
      }
    }
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

/// SQLite copies the bytes it is given (`SQLITE_TRANSIENT`).
private let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

extension DatabaseValue {
  /// Binds the value to the `index`th parameter (from 1) of a prepared statement; SQLite's
  /// result code.
  func bind(to statement: SQLiteStatement, at index: Int32) -> Int32 {
    switch storage {
    case .null: return sqlite3_bind_null(statement, index)
    case .int64(let value): return sqlite3_bind_int64(statement, index, value)
    case .double(let value): return sqlite3_bind_double(statement, index, value)
    case .string(let text):
      return text.withCString { sqlite3_bind_text(statement, index, $0, -1, transient) }
    case .blob(let data):
      return data.withUnsafeBytes {
        sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient)
      }
    }
  }
}

import GRDB
import GRDBSQLite

/// An `INSERT` of many rows a statement (`VALUES (?, ...), (?, ...)`), for the batch's save:
/// a chunk's rows of a table in a few statements instead of one a row (issue 41, fourth round).
/// The rows go in blocks of `blocks` rows (the largest first), each block size a prepared
/// statement of its own (GRDB's cache), so any number of rows takes at most a few statements
/// beyond `count / 256` and the cache holds three statements a table. Rows keep their order:
/// an `AUTOINCREMENT` id is given as one row at a time would be.
struct RowsInsert {
  /// Values a row.
  let width: Int
  /// Each block size's statement, the largest first.
  let statements: [(rows: Int, sql: String)]

  static let blocks = [256, 16, 1]

  /// `head`: `INSERT INTO table (columns)`; `tail`: what follows the values (`ON CONFLICT ...`).
  init(_ head: String, width: Int, _ tail: String = "") {
    self.width = width
    let row = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
    statements = Self.blocks.map { rows in
      (rows, "\(head) VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))\n\(tail)")
    }
  }

  /// Inserts the rows of `values`, `width` values a row, in order. A block with more values
  /// than the SQLite library takes a statement (`SQLITE_LIMIT_VARIABLE_NUMBER`: 999 before
  /// SQLite 3.32) is left to the smaller ones.
  func run(_ db: Database, _ values: [DatabaseValue]) throws {
    precondition(values.count % width == 0, "a row of \(width) values")
    guard !values.isEmpty else { return }
    let most = Int(sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
    var start = 0
    for (rows, sql) in statements where rows == 1 || rows * width <= most {
      let size = rows * width
      while values.count - start >= size {
        let statement = try db.cachedStatement(sql: sql)
        // Bound as `Database.statement(_:_:)` binds (GRDB told the arguments are set).
        statement.setUncheckedArguments(StatementArguments())
        let handle = statement.sqliteStatement
        for index in 0..<size {
          let code = values[start + index].bind(to: handle, at: Int32(index + 1))
          guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code), sql: sql) }
        }
        try statement.execute()
        start += size
      }
    }
  }
}

/// A statement written once for both databases, with `?` for each argument and the dialect's
/// words (`SQLDialect`) where they differ, rendered for each when it is made (so a SQLite
/// statement is prepared once and cached by its text).
struct SQLStatement: Sendable {
  let sqlite: String
  let postgres: String

  /// `write` gives the statement for a dialect. `countsChanges`: run to learn how many rows
  /// it changed (PostgreSQL: it returns a row for each, `RETURNING 1`; SQLite counts them).
  init(countsChanges: Bool = false, _ write: (SQLDialect) -> String) {
    sqlite = write(.sqlite)
    let postgres = SQLDialect.postgres.placeholders(write(.postgres))
    self.postgres = countsChanges ? postgres + "\nRETURNING 1" : postgres
  }

  func text(_ dialect: SQLDialect.Name) -> String { dialect == .sqlite ? sqlite : postgres }
}

/// A SELECT whose columns are `Columns`, in that enumeration's order: the statement's select
/// list is made from it (`Columns.list`), so a row is read by a column's name
/// (`row[UserColumns.start]`) at its position, without a lookup by name for each row.
struct SQLQuery<Columns: SQLColumns>: Sendable {
  let statement: SQLStatement

  /// `write` is given the dialect and the select list.
  init(_ write: (SQLDialect, String) -> String) {
    statement = SQLStatement { write($0, Columns.list) }
  }
}

/// The columns of a query, in select-list order: an `Int` enumeration (its raw value is the
/// column's position) whose cases each name an expression.
protocol SQLColumns: RawRepresentable, CaseIterable, Sendable where RawValue == Int {
  /// The column's expression in the select list (`u.start`, `COUNT(*)`).
  var expression: String { get }
}

extension SQLColumns {
  /// The select list: every expression, in order.
  static var list: String { allCases.map(\.expression).joined(separator: ", ") }
}

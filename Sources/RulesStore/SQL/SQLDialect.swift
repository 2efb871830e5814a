/// The few places where SQLite and PostgreSQL spell a statement differently, so that the
/// statements are written once (`SQLStatement`): the placeholders (`?` and `$1`, `$2`...), the
/// types, null-safe comparison, the larger of two values, byte order for text and row locks.
/// (Vapor's SQLKit has the same idea; docs/store.md says why the store has its own.)
struct SQLDialect: Sendable {
  enum Name: Sendable { case sqlite, postgres }

  let name: Name
  /// Bytes: `BLOB`, `BYTEA`.
  let bytes: String
  /// A 64-bit integer: `INTEGER`, `BIGINT`.
  let bigint: String
  /// A double: `REAL`, `DOUBLE PRECISION`.
  let double: String
  /// A boolean column that is false unless set.
  let boolean: String
  /// Null-safe inequality (null differs from a value, not from null): `IS NOT`, `IS DISTINCT FROM`.
  /// (SQLite knows `IS DISTINCT FROM` only from 3.39.)
  let isDistinctFrom: String
  /// The larger of two values: `MAX`, `GREATEST`.
  let greatest: String
  /// Text compared and sorted in byte order, after a column: nothing (SQLite's default), ` COLLATE "C"`.
  let byteOrder: String
  /// After a SELECT: the rows it reads locked, those another transaction holds left out
  /// (SQLite: nothing, the writer holds the write lock already).
  let lockSkippingLocked: String

  static let sqlite = SQLDialect(
    name: .sqlite, bytes: "BLOB", bigint: "INTEGER", double: "REAL", boolean: "INTEGER NOT NULL DEFAULT 0",
    isDistinctFrom: "IS NOT", greatest: "MAX", byteOrder: "", lockSkippingLocked: "")

  static let postgres = SQLDialect(
    name: .postgres, bytes: "BYTEA", bigint: "BIGINT", double: "DOUBLE PRECISION",
    boolean: "BOOLEAN NOT NULL DEFAULT FALSE", isDistinctFrom: "IS DISTINCT FROM", greatest: "GREATEST",
    byteOrder: " COLLATE \"C\"", lockSkippingLocked: "FOR UPDATE SKIP LOCKED")

  /// `column` is one of the texts of an argument (`SQLTextList`).
  func isAnyOf(_ column: String) -> String {
    name == .sqlite ? "\(column) IN (SELECT value FROM json_each(?))" : "\(column) = ANY(?::text[])"
  }

  /// `sql` with its placeholders as the dialect writes them: each `?` outside a quoted string or
  /// name is `$1`, `$2`... in order on PostgreSQL.
  func placeholders(_ sql: String) -> String {
    guard name == .postgres else { return sql }
    var text = ""
    text.reserveCapacity(sql.utf8.count + 16)
    var number = 0
    var quote: Character?
    for character in sql {
      if let open = quote {
        if character == open { quote = nil }
        text.append(character)
      } else if character == "'" || character == "\"" {
        quote = character
        text.append(character)
      } else if character == "?" {
        number += 1
        text += "$\(number)"
      } else {
        text.append(character)
      }
    }
    return text
  }
}

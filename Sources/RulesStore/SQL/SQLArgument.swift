import Foundation
import GRDB
import PostgresNIO

/// A value a statement is given for a `?`, as each database binds it (nil is NULL).
protocol SQLArgument: Sendable {
  var sqliteValue: DatabaseValue { get }
  func bind(to binds: inout PostgresBindings)
}

/// A statement's arguments, in the order of its `?`s.
typealias SQLArguments = [any SQLArgument]

/// A value both drivers bind as it is.
protocol SQLPlainArgument: SQLArgument, DatabaseValueConvertible, PostgresDynamicTypeEncodable {}

extension SQLPlainArgument {
  var sqliteValue: DatabaseValue { databaseValue }
  func bind(to binds: inout PostgresBindings) { binds.append(self) }
}

extension String: SQLPlainArgument {}
extension Int: SQLPlainArgument {}
extension Int64: SQLPlainArgument {}
extension Double: SQLPlainArgument {}
extension Bool: SQLPlainArgument {}

extension Data: SQLArgument {
  var sqliteValue: DatabaseValue { databaseValue }
  func bind(to binds: inout PostgresBindings) { binds.append(ByteBuffer(bytes: self)) }
}

extension Optional: SQLArgument where Wrapped: SQLArgument {
  var sqliteValue: DatabaseValue { self?.sqliteValue ?? .null }
  func bind(to binds: inout PostgresBindings) {
    if let self { self.bind(to: &binds) } else { binds.appendNull() }
  }
}

/// Texts given as one argument, for `SQLDialect.isAnyOf`: a PostgreSQL array, a JSON array on
/// SQLite (which has no arrays).
struct SQLTextList: SQLArgument {
  let texts: [String]

  init(_ texts: [String]) { self.texts = texts }

  var sqliteValue: DatabaseValue {
    let json = (try? JSONEncoder().encode(texts)).flatMap { String(data: $0, encoding: .utf8) } ?? "[]"
    return json.databaseValue
  }

  func bind(to binds: inout PostgresBindings) { binds.append(texts) }
}

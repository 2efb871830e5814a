@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// Display fields of an entry (title, icon, verse...) in the order written, plus the
/// free-form `extra` data.
package struct Display: Sendable, Equatable {
  /// The text fields, in the order written.
  package var fields: [(key: String, value: String)]
  /// Free-form data under `extra`, passed through as it is.
  package var extra: JSONValue?

  /// Display fields.
  package init(fields: [(key: String, value: String)] = [], extra: JSONValue? = nil) {
    self.fields = fields
    self.extra = extra
  }

  /// The text field named `key`.
  package subscript(key: String) -> String? {
    fields.first { $0.key == key }?.value
  }

  /// Whether both have the same fields and extra data.
  package static func == (lhs: Display, rhs: Display) -> Bool {
    lhs.fields.count == rhs.fields.count
      && zip(lhs.fields, rhs.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
      && lhs.extra == rhs.extra
  }
}

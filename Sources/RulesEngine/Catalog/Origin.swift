import RulesSource

/// Where something was written: a file and a position. Diagnostics about an entry point
/// here, and clashes name both places.
public struct Origin: Sendable, Hashable, CustomStringConvertible {
  /// The file as the user named it.
  public var file: String
  /// The line and column.
  public var mark: Mark

  /// A place in `file`.
  public init(file: String, mark: Mark) {
    self.file = file
    self.mark = mark
  }

  /// `file:line:column`.
  public var description: String { "\(file):\(mark.line):\(mark.column)" }
}

/// An expression as written in a catalog: its text and where it came from. The scalar's
/// style lets a diagnostic find the exact column of a character inside it.
public struct ExpressionSource: Sendable {
  /// The expression's text.
  public var text: String
  /// Where the expression is written.
  public var origin: Origin
  /// How the scalar holding it was written (to map columns inside it).
  public var style: ScalarStyle

  /// An expression's text and place.
  public init(text: String, origin: Origin, style: ScalarStyle = .plain) {
    self.text = text
    self.origin = origin
    self.style = style
  }
}

/// Display fields of an entry (title, icon, verse...) in the order written, plus the
/// free-form `extra` data.
public struct Display: Sendable, Equatable {
  /// The text fields, in the order written.
  public var fields: [(key: String, value: String)]
  /// Free-form data under `extra`, passed through as it is.
  public var extra: JSONValue?

  /// Display fields.
  public init(fields: [(key: String, value: String)] = [], extra: JSONValue? = nil) {
    self.fields = fields
    self.extra = extra
  }

  /// The text field named `key`.
  public subscript(key: String) -> String? {
    fields.first { $0.key == key }?.value
  }

  /// Whether both have the same fields and extra data.
  public static func == (lhs: Display, rhs: Display) -> Bool {
    lhs.fields.count == rhs.fields.count
      && zip(lhs.fields, rhs.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
      && lhs.extra == rhs.extra
  }
}

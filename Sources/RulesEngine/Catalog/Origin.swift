import RulesSource

/// Where something was written: a file and a position. Diagnostics about an entry point
/// here, and clashes name both places.
public struct Origin: Sendable, Hashable, CustomStringConvertible {
  public var file: String
  public var mark: Mark

  public init(file: String, mark: Mark) {
    self.file = file
    self.mark = mark
  }

  public var description: String { "\(file):\(mark.line):\(mark.column)" }
}

/// An expression as written in a catalog: its text and where it came from. The scalar's
/// style lets a diagnostic find the exact column of a character inside it.
public struct ExpressionSource: Sendable {
  public var text: String
  public var origin: Origin
  public var style: ScalarStyle

  public init(text: String, origin: Origin, style: ScalarStyle = .plain) {
    self.text = text
    self.origin = origin
    self.style = style
  }
}

/// Display fields of an entry (title, icon, verse...) in the order written, plus the
/// free-form `extra` data.
public struct Display: Sendable, Equatable {
  public var fields: [(key: String, value: String)]
  public var extra: JSONValue?

  public init(fields: [(key: String, value: String)] = [], extra: JSONValue? = nil) {
    self.fields = fields
    self.extra = extra
  }

  public subscript(key: String) -> String? {
    fields.first { $0.key == key }?.value
  }

  public static func == (lhs: Display, rhs: Display) -> Bool {
    lhs.fields.count == rhs.fields.count
      && zip(lhs.fields, rhs.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
      && lhs.extra == rhs.extra
  }
}

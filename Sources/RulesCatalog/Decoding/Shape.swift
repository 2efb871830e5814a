@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// What a value in a catalog may look like. The checker decodes catalogs with these shapes
/// and `rules schema` turns the same shapes into a JSON Schema, so the two cannot drift.
package indirect enum Shape: Sendable {
  /// Any text (display fields).
  case text
  /// A name used in expressions: a lowercase letter or `_`, then letters, digits and `_`.
  case name
  /// An id: lowercase letters, digits and `-`, starting with a letter or digit.
  case id
  /// A whole number, optionally bounded.
  case integer(min: Int? = nil, max: Int? = nil)
  /// `true` or `false`.
  case boolean
  /// A boolean, a number or a string (an input's default, min and max).
  case scalar
  /// An expression of the rule language, written as a YAML scalar.
  case expression
  /// Display text with `{expression}` placeholders.
  case template
  /// One of a fixed set of words.
  case keyword([String])
  /// A time of day, `HH:MM`, from 00:00 to 12:00 (`DayStart`).
  case timeOfDay
  /// A list whose items all have the given shape.
  case list(Shape)
  /// A mapping with the keys an object schema names.
  case object(ObjectSchema)
  /// A mapping from names (see `.name`) to values of one shape.
  case dictionary(Shape)
  /// One of several shapes, told apart by the kind of node (scalar, list or mapping).
  case oneOf([Shape])
  /// Anything at all, kept as written (`extra` display data for the app).
  case anything

  /// How a message says what was expected: "a list of ids", "an integer of at least 1"...
  package var expectation: String {
    switch self {
    case .text: "text"
    case .name: "a name (lowercase letters, digits and _)"
    case .id: "an id (lowercase letters, digits and -)"
    case .integer(let min, let max):
      switch (min, max) {
      case (let min?, let max?): "an integer from \(min) to \(max)"
      case (let min?, nil): "an integer of at least \(min)"
      case (nil, let max?): "an integer of at most \(max)"
      case (nil, nil): "an integer"
      }
    case .boolean: "true or false"
    case .scalar: "a boolean, a number or a string"
    case .expression: "an expression"
    case .template: "text"
    case .keyword(let words): "one of " + words.map { "'\($0)'" }.joined(separator: ", ")
    case .timeOfDay: "a time from 00:00 to \(DayStart(minutes: DayStart.latest)), written HH:MM"
    case .list(let item): "a list of \(item.plural)"
    case .object(let object): "a mapping (\(object.title))"
    case .dictionary: "a mapping of names"
    case .oneOf(let shapes): shapes.map(\.expectation).joined(separator: " or ")
    case .anything: "anything"
    }
  }

  var plural: String {
    switch self {
    case .text: "texts"
    case .name: "names"
    case .id: "ids"
    case .integer: "integers"
    case .object(let object): object.title + "s"
    case .expression: "expressions"
    default: "values"
    }
  }
}

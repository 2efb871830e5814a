import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// Checks a node tree against the catalog format's shapes and reports every mismatch:
/// unknown keys (with a suggestion), missing keys, values of the wrong kind and malformed
/// ids. It goes on after each problem, so one run shows them all.
package struct ShapeValidator {
  let file: String
  package private(set) var diagnostics: [Diagnostic] = []

  package init(file: String) {
    self.file = file
  }

  /// Validates `node` as `shape`; `what` names the value in messages ("'day'", "badge").
  package mutating func validate(_ node: Node, _ shape: Shape, what: @autoclosure () -> String) {
    switch shape {
    case .anything:
      return
    case .text, .template, .scalar, .expression:
      expectScalar(node, shape, what: what())
    case .name:
      guard let text = expectScalar(node, shape, what: what()) else { return }
      if !Names.isName(text) {
        report(
          node.mark, .invalidValue,
          "'\(Self.clip(text))' is not a valid name for \(what()): use lowercase letters, digits and _, "
            + "starting with a letter" + Names.nameHint(text))
      }
    case .id:
      guard node.tag == .str || node.tag == .int else { return wrongKind(node, shape, what: what()) }
      guard let text = expectScalar(node, shape, what: what()) else { return }
      if !Names.isID(text) {
        report(
          node.mark, .invalidValue,
          "'\(Self.clip(text))' is not a valid id for \(what()): use lowercase letters, digits and -")
      }
    case .integer(let min, let max):
      guard node.tag == .int, case .int(let value)? = node.scalar else {
        return wrongKind(node, shape, what: what())
      }
      if let min, value < min {
        report(node.mark, .invalidValue, "\(what()) must be at least \(min); found \(value)")
      } else if let max, value > max {
        report(node.mark, .invalidValue, "\(what()) must be at most \(max); found \(value)")
      }
    case .boolean:
      guard node.tag == .bool else { return wrongKind(node, shape, what: what()) }
    case .keyword(let words):
      guard let text = expectScalar(node, shape, what: what()) else { return }
      if !words.contains(text) {
        report(
          node.mark, .invalidValue,
          "\(what()) must be \(shape.expectation); found '\(Self.clip(text))'"
            + Suggestion.hint(for: text, in: words))
      }
    case .timeOfDay:
      guard node.tag == .str, let text = expectScalar(node, shape, what: what()) else {
        return wrongKind(node, shape, what: what())
      }
      if DayStart(text) == nil {
        report(node.mark, .invalidValue, "\(what()) must be \(shape.expectation); found '\(Self.clip(text))'")
      }
    case .list(let item):
      guard let items = node.items else { return wrongKind(node, shape, what: what()) }
      for element in items {
        validate(element, item, what: "each item of \(what())")
      }
    case .object(let schema):
      validateObject(node, schema, what: what())
    case .dictionary(let value):
      guard let pairs = node.pairs else { return wrongKind(node, shape, what: what()) }
      for pair in pairs {
        validate(pair.key, .name, what: what())
        guard let name = pair.key.text else { continue }
        validate(pair.value, value, what: "'\(name)'")
      }
    case .oneOf(let shapes):
      guard let chosen = Self.choose(shapes, for: node) else {
        return wrongKind(node, shape, what: what())
      }
      validate(node, chosen, what: what())
    }
  }

  /// The shape among `shapes` that fits the node's kind (scalar, list or mapping).
  static func choose(_ shapes: [Shape], for node: Node) -> Shape? {
    shapes.first { shape in
      switch (shape, node.content) {
      case (.list, .sequence), (.object, .mapping), (.dictionary, .mapping): true
      case (.list, _), (.object, _), (.dictionary, _): false
      case (_, .scalar): true
      default: false
      }
    }
  }

  private mutating func validateObject(_ node: Node, _ schema: ObjectSchema, what: @autoclosure () -> String) {
    guard let pairs = node.pairs else {
      return wrongKind(node, .object(schema), what: what())
    }
    // Messages only: made when a problem is first reported, not for every object, and once
    // (looking up 'id' per unknown key made a mapping of n unknown keys cost n²).
    var madeLabel: String?
    func label() -> String {
      if let madeLabel { return madeLabel }
      let made = Self.label(of: node, schema: schema)
      madeLabel = made
      return made
    }
    // A misspelt required key is told once, as the misspelling, not also as missing.
    var suggested = Set<String>()
    for pair in pairs {
      guard pair.key.tag == .str || pair.key.tag == .int || pair.key.tag == .bool,
        let key = pair.key.text
      else {
        report(pair.key.mark, .wrongType, "keys of \(label()) must be text")
        continue
      }
      guard let keySchema = schema.key(key) else {
        let known = schema.keys.map(\.name)
        let hint = Suggestion.closest(to: key, in: known)
        if let hint { suggested.insert(hint) }
        report(
          pair.key.mark, .unknownKey,
          "unknown key '\(Self.clip(key))' in \(label())"
            + (hint.map { "; did you mean '\($0)'?" }
              ?? "; \(Self.article(schema.title)) \(schema.title) has " + known.joined(separator: ", ")))
        continue
      }
      validate(pair.value, keySchema.shape, what: "'\(key)'")
    }
    for key in schema.keys
    where key.required && !suggested.contains(key.name) && !pairs.contains(where: { $0.key.text == key.name }) {
      report(node.mark, .missingKey, "\(label()) is missing the required key '\(key.name)'")
    }
  }

  /// "badge 'first-week'" when the mapping has an id, else "badge".
  static func label(of node: Node, schema: ObjectSchema) -> String {
    if let id = node["id"]?.text, node["id"]?.items == nil { return "\(schema.title) '\(clip(id))'" }
    return schema.title
  }

  /// A text from the file as a message shows it: a long one is cut, so that a file of
  /// megabyte keys cannot make megabyte messages.
  static func clip(_ text: String) -> String {
    guard text.utf8.count > 80 else { return text }
    return String(text.unicodeScalars.prefix(60)) + "… (\(text.unicodeScalars.count) characters)"
  }

  private static func article(_ word: String) -> String {
    "aeiou".contains(word.first ?? "x") ? "an" : "a"
  }

  /// The scalar's text, or nil after reporting a non-scalar or an empty value.
  @discardableResult
  private mutating func expectScalar(_ node: Node, _ shape: Shape, what: @autoclosure () -> String) -> String? {
    guard let text = node.text, node.tag != .null else {
      wrongKind(node, shape, what: what())
      return nil
    }
    return text
  }

  private mutating func wrongKind(_ node: Node, _ shape: Shape, what: @autoclosure () -> String) {
    var found = node.tag == .null ? "nothing (the value is empty)" : node.kindDescription
    if shape.isBoolean, node.tag == .str, let text = node.text {
      found += " ('\(text)'; YAML 1.2 booleans are true and false)"
    } else if node.tag == .str, let text = node.text, text.count <= 40 {
      found += " ('\(text)')"
    }
    report(node.mark, .wrongType, "\(what()) must be \(shape.expectation); found \(found)")
  }

  private mutating func report(_ mark: Mark, _ id: DiagnosticID, _ message: String) {
    diagnostics.append(Diagnostic(file: file, mark: mark, id: id, message: message))
  }
}

extension Shape {
  var isBoolean: Bool {
    if case .boolean = self { return true }
    return false
  }
}

/// The lexical rules for names (used in expressions) and ids.
package enum Names {
  /// `[a-z_][a-z0-9_]*`
  package static func isName(_ text: String) -> Bool {
    guard let first = text.utf8.first, first == 95 || (97...122).contains(first) else {
      return false
    }
    return text.utf8.allSatisfy { $0 == 95 || (97...122).contains($0) || (48...57).contains($0) }
  }

  /// `[a-z0-9][a-z0-9-]*`
  package static func isID(_ text: String) -> Bool {
    guard let first = text.utf8.first, (97...122).contains(first) || (48...57).contains(first)
    else { return false }
    return text.utf8.allSatisfy { $0 == 45 || (97...122).contains($0) || (48...57).contains($0) }
  }

  /// A hint that turns `no-contact` into `no_contact`.
  static func nameHint(_ text: String) -> String {
    let fixed = text.lowercased().replacingOccurrences(of: "-", with: "_")
      .replacingOccurrences(of: " ", with: "_")
    return fixed != text && isName(fixed) ? " (e.g. '\(fixed)')" : ""
  }
}

/// A message text with `{expression}` placeholders and, in the style of ICU MessageFormat,
/// plurals: `{n, plural, =0 {no habits} one {# habit} other {# habits}}` (`#` is the number,
/// `other` is required). `{{` and `}}` stand for literal braces.
@_spi(Tooling) public struct Template: Sendable {
  /// A part of a template.
  package enum Part: Sendable {
    case text(String)
    /// An expression and the UTF-8 offset of its text within the template.
    case expression(Expr, offset: Int, key: String)
    /// A plural: its number, the UTF-8 offset of the number's text, and its forms.
    case plural(Expr, offset: Int, key: String, forms: [PluralForm])
    /// `#` in a plural's form: the plural's number.
    case number
  }

  /// Which numbers a plural's form is for.
  package enum PluralSelector: Sendable, Equatable, CustomStringConvertible {
    /// `=N`: exactly this number (tried before the categories).
    case exact(Int)
    /// One of CLDR's categories (`zero one two few many other`).
    case category(PluralCategory)

    /// As written: `=0`, `one`.
    package var description: String {
      switch self {
      case .exact(let value): "=\(value)"
      case .category(let category): category.rawValue
      }
    }
  }

  /// One form of a plural: its selector, where the selector is written, and its text.
  package struct PluralForm: Sendable {
    /// Which numbers the form is for.
    package var selector: PluralSelector
    /// The UTF-8 offset of the selector within the template.
    package var offset: Int
    /// The form's text, in which `#` is the number.
    package var parts: [Part]
  }

  /// The parts, in order.
  package var parts: [Part]

  /// The template's arguments (placeholders and plural numbers, nested ones too) by their
  /// key, in the order written, each once, with the offset of its first use.
  package var arguments: [(key: String, expr: Expr, offset: Int)] {
    var result: [(key: String, expr: Expr, offset: Int)] = []
    var seen = Set<String>()
    func walk(_ parts: [Part]) {
      for part in parts {
        switch part {
        case .text, .number: break
        case .expression(let expr, let offset, let key):
          if seen.insert(key).inserted { result.append((key, expr, offset)) }
        case .plural(let expr, let offset, let key, let forms):
          if seen.insert(key).inserted { result.append((key, expr, offset)) }
          for form in forms { walk(form.parts) }
        }
      }
    }
    walk(parts)
    return result
  }

  /// Every plural of the template, nested ones too.
  package var plurals: [(key: String, offset: Int, forms: [PluralForm])] {
    var result: [(key: String, offset: Int, forms: [PluralForm])] = []
    func walk(_ parts: [Part]) {
      for part in parts {
        if case .plural(_, let offset, let key, let forms) = part {
          result.append((key, offset, forms))
          for form in forms { walk(form.parts) }
        }
      }
    }
    walk(parts)
    return result
  }

  /// The key an argument is known by across languages: its text without spaces, so that
  /// `{ streak.current }` and `{streak.current}` are the same placeholder.
  package static func key(_ source: String) -> String {
    String(source.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
  }

  /// Splits `text` into literal parts, parsed expressions and plurals; errors carry offsets
  /// into `text` (every error in the template, not only the first).
  @_spi(Tooling) public static func parse(_ text: String) -> (Template, [ExpressionError]) {
    var parser = TemplateParser(bytes: Array(text.utf8))
    let parts = parser.sequence(inPlural: false)
    return (Template(parts: parts), parser.errors)
  }
}

/// The scanner behind `Template.parse`.
private struct TemplateParser {
  let bytes: [UInt8]
  var i = 0
  var errors: [ExpressionError] = []
  /// How many plurals the scanner is inside.
  var depth = 0
  /// Plurals nest at most this deep (a hostile template cannot exhaust the stack).
  static let maxDepth = 8

  init(bytes: [UInt8]) { self.bytes = bytes }

  private static let open = UInt8(ascii: "{")
  private static let close = UInt8(ascii: "}")

  /// Parts up to the end, or (in a plural's form) up to the `}` that closes the form, which is
  /// left for the caller.
  mutating func sequence(inPlural: Bool) -> [Template.Part] {
    var parts: [Template.Part] = []
    var literal: [UInt8] = []
    func flush() {
      if !literal.isEmpty {
        parts.append(.text(String(decoding: literal, as: UTF8.self)))
        literal.removeAll()
      }
    }
    while i < bytes.count {
      let byte = bytes[i]
      if byte == Self.open {
        if i + 1 < bytes.count, bytes[i + 1] == Self.open {
          literal.append(byte)
          i += 2
          continue
        }
        guard let end = bytes[(i + 1)...].firstIndex(of: Self.close) else {
          errors.append(
            ExpressionError(
              offset: i, id: .templateSyntax, "this '{' has no closing '}'; write '{{' for a literal brace"))
          literal.append(contentsOf: bytes[i...])
          i = bytes.count
          break
        }
        let start = i + 1
        if let comma = pluralComma(from: start, to: end) {
          flush()
          if let plural = plural(start: start, comma: comma) { parts.append(plural) }
          continue
        }
        let source = String(decoding: bytes[start..<end], as: UTF8.self)
        switch Parser.parse(source) {
        case .success(let expression):
          flush()
          parts.append(.expression(expression, offset: start, key: Template.key(source)))
        case .failure(var error):
          error.offset += start
          errors.append(error)
        }
        i = end + 1
        continue
      }
      if byte == Self.close {
        // In a plural's form a `}` always closes the form (`{# days}}` ends the plural too).
        if inPlural { break }
        if i + 1 < bytes.count, bytes[i + 1] == Self.close {
          literal.append(byte)
          i += 2
          continue
        }
        errors.append(
          ExpressionError(
            offset: i, id: .templateSyntax, "this '}' has no opening '{'; write '}}' for a literal brace"))
      }
      if inPlural, byte == UInt8(ascii: "#") {
        flush()
        parts.append(.number)
        i += 1
        continue
      }
      literal.append(byte)
      i += 1
    }
    flush()
    return parts
  }

  /// The offset of the comma in `{n, plural, ...` when the placeholder starting at `start`
  /// (whose first `}` is at `end`) is a plural: a comma outside parentheses and quotes,
  /// followed by the word `plural` and another comma.
  private func pluralComma(from start: Int, to end: Int) -> Int? {
    var depth = 0
    var quote: UInt8?
    var index = start
    while index < end {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
        quote = byte
      } else if byte == UInt8(ascii: "(") {
        depth += 1
      } else if byte == UInt8(ascii: ")") {
        depth -= 1
      } else if byte == UInt8(ascii: ","), depth == 0 {
        var word = index + 1
        while word < end, Self.isSpace(bytes[word]) { word += 1 }
        let keyword = Array("plural".utf8)
        guard word + keyword.count <= end, Array(bytes[word..<word + keyword.count]) == keyword else { return nil }
        var after = word + keyword.count
        while after < end, Self.isSpace(bytes[after]) { after += 1 }
        return after < end && bytes[after] == UInt8(ascii: ",") ? index : nil
      }
      index += 1
    }
    return nil
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }

  /// A plural from its number's text (at `start`) to its closing `}`; `i` ends after it.
  private mutating func plural(start: Int, comma: Int) -> Template.Part? {
    let source = String(decoding: bytes[start..<comma], as: UTF8.self)
    var expression: Expr?
    switch Parser.parse(source) {
    case .success(let parsed): expression = parsed
    case .failure(var error):
      error.offset += start
      errors.append(error)
    }
    // Past `, plural,`.
    i = bytes[(comma + 1)...].firstIndex(of: UInt8(ascii: ","))! + 1
    var forms: [Template.PluralForm] = []
    let opening = start - 1
    guard depth < Self.maxDepth else {
      errors.append(
        ExpressionError(offset: opening, id: .templateSyntax, "plurals nest deeper than \(Self.maxDepth) here"))
      skipPlural()
      return nil
    }
    depth += 1
    defer { depth -= 1 }
    while true {
      while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
      guard i < bytes.count else {
        errors.append(
          ExpressionError(offset: opening, id: .templateSyntax, "this plural has no closing '}'"))
        return nil
      }
      if bytes[i] == Self.close {
        i += 1
        break
      }
      let selectorStart = i
      while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != Self.open, bytes[i] != Self.close { i += 1 }
      let word = String(decoding: bytes[selectorStart..<i], as: UTF8.self)
      while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
      guard i < bytes.count, bytes[i] == Self.open else {
        errors.append(
          ExpressionError(
            offset: selectorStart, id: .templateSyntax,
            word.isEmpty
              ? "a plural's form needs a selector and a text in braces, e.g. 'one {# day}'"
              : "the plural form '\(word)' needs its text in braces, e.g. '\(word) {# days}'"))
        skipPlural()
        return nil
      }
      i += 1
      let parts = sequence(inPlural: true)
      guard i < bytes.count, bytes[i] == Self.close else {
        errors.append(
          ExpressionError(offset: selectorStart, id: .templateSyntax, "the plural form '\(word)' has no closing '}'"))
        return nil
      }
      i += 1
      if let selector = Self.selector(word) {
        if forms.contains(where: { $0.selector == selector }) {
          errors.append(
            ExpressionError(
              offset: selectorStart, id: .templateSyntax, "this plural has two '\(word)' forms"))
        }
        forms.append(Template.PluralForm(selector: selector, offset: selectorStart, parts: parts))
      } else {
        errors.append(
          ExpressionError(
            offset: selectorStart, id: .templateSyntax,
            "'\(word)' is not a plural category; use zero, one, two, few, many, other or =N (an exact number)"))
      }
    }
    guard forms.contains(where: { $0.selector == .category(.other) }) else {
      errors.append(
        ExpressionError(offset: opening, id: .templateSyntax, "this plural has no 'other' form, which it needs"))
      return nil
    }
    guard let expression else { return nil }
    return .plural(expression, offset: start, key: Template.key(source), forms: forms)
  }

  /// Moves past the plural whose forms could not be read: to the `}` that balances it.
  private mutating func skipPlural() {
    var depth = 1
    while i < bytes.count, depth > 0 {
      if bytes[i] == Self.open { depth += 1 } else if bytes[i] == Self.close { depth -= 1 }
      i += 1
    }
  }

  private static func selector(_ word: String) -> Template.PluralSelector? {
    if word.hasPrefix("=") {
      return Int(word.dropFirst()).map { .exact($0) }
    }
    return PluralCategory(rawValue: word).map { .category($0) }
  }
}

/// A message text with `{expression}` placeholders. `{{` and `}}` stand for literal braces.
public struct Template: Sendable {
  /// A part of a template.
  public enum Part: Sendable {
    case text(String)
    /// An expression and the UTF-8 offset of its text within the template.
    case expression(Expr, offset: Int)
  }

  /// The parts, in order.
  public var parts: [Part]

  /// Splits `text` into literal parts and parsed expressions; errors carry offsets into
  /// `text` (every error in the template, not only the first).
  public static func parse(_ text: String) -> (Template, [ExpressionError]) {
    let bytes = Array(text.utf8)
    var parts: [Part] = []
    var errors: [ExpressionError] = []
    var literal: [UInt8] = []
    var i = 0
    func flush() {
      if !literal.isEmpty {
        parts.append(.text(String(decoding: literal, as: UTF8.self)))
        literal.removeAll()
      }
    }
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "{") {
        if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "{") {
          literal.append(byte)
          i += 2
          continue
        }
        guard let close = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: "}")) else {
          errors.append(
            ExpressionError(
              offset: i, id: .templateSyntax,
              "this '{' has no closing '}'; write '{{' for a literal brace"))
          literal.append(contentsOf: bytes[i...])
          break
        }
        let start = i + 1
        let source = String(decoding: bytes[start..<close], as: UTF8.self)
        switch Parser.parse(source) {
        case .success(let expression):
          flush()
          parts.append(.expression(expression, offset: start))
        case .failure(var error):
          error.offset += start
          errors.append(error)
        }
        i = close + 1
        continue
      }
      if byte == UInt8(ascii: "}") {
        if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "}") {
          literal.append(byte)
          i += 2
          continue
        }
        errors.append(
          ExpressionError(
            offset: i, id: .templateSyntax,
            "this '}' has no opening '{'; write '}}' for a literal brace"))
      }
      literal.append(byte)
      i += 1
    }
    flush()
    return (Template(parts: parts), errors)
  }
}

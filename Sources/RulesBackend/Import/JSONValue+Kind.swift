@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

extension JSONValue {
  /// What the value is, for messages: "a string ('x')", "an object"...
  package var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool(let flag): "\(flag)"
    case .int(let number): "the integer \(number)"
    case .number(let number): "the number \(number)"
    case .string(let text): "a string ('\(text.count > 40 ? String(text.prefix(40)) + "..." : text)')"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// An input's value as the store writes it in a record (an enum member by its name).
  init(_ value: Value) {
    switch value {
    case .bool(let flag): self = .bool(flag)
    case .int(let int): self = .int(int)
    case .number(let double): self = .number(double)
    case .string(let text): self = .string(text)
    case .member(let position, let type): self = .string(type.values[position])
    }
  }
}

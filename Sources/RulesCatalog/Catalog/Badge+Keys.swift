@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// A badge key's value, decoded by the key's shape in `CatalogSchema.badge`.
package enum BadgeKeyValue {
  /// `.text` or `.id`: the scalar's text.
  case text(String)
  /// `.integer`: the value.
  case integer(Int)
  /// `.expression`: the scalar as an expression.
  case expression(ExpressionSource)
  /// `.list`: the items' texts.
  case texts([String])
  /// `.object` whose keys are all required expressions: the values, in the schema's key order.
  case expressions([ExpressionSource])
  /// `.anything`: the value as JSON.
  case json(JSONValue)
}

extension Badge {
  /// Where a key's value goes in the badge; `Mark` is the value's place in the badge's file.
  package typealias KeySetter = @Sendable (inout Badge, BadgeKeyValue, Mark) -> Void

  /// One key of a badge: its schema entry and where its value goes.
  package struct Key: Sendable {
    /// The key's entry in `CatalogSchema.badge`: its name, shape and whether it is required.
    package let schema: KeySchema
    /// Where its value goes.
    package let set: KeySetter
  }

  /// Every key of `CatalogSchema.badge`, in the schema's order, with where its value goes. Both
  /// decoders read a badge through this table (`RuleFileDecoder` from located nodes,
  /// `EventCatalogDecoder` from the parser's events): each decodes a value by its key's shape
  /// and hands it to `set`. A key of the schema with no setter here and no place among
  /// `CatalogSchema.badgeDisplayKeys` is a programming error that `BadgeKeysTests` finds.
  package static let keys: [Key] = CatalogSchema.badge.keys.compactMap { schema in
    if CatalogSchema.badgeDisplayKeys.contains(schema.name) {
      let name = schema.name
      return Key(schema: schema) { badge, value, _ in
        guard case .text(let text) = value else { return }
        if badge.display.fields.isEmpty { badge.display.fields.reserveCapacity(4) }  // one allocation
        badge.display.fields.append((key: name, value: text))
      }
    }
    return setters[schema.name].map { Key(schema: schema, set: $0) }
  }

  /// The position of the key named `name` in `keys`.
  package static let keyIndex: [String: Int] = Dictionary(
    uniqueKeysWithValues: keys.enumerated().map { ($0.element.schema.name, $0.offset) })

  /// Where each key that is not a display field goes: the model's side of a badge key.
  private static let setters: [String: KeySetter] = [
    "id": text { $0.id = $1 },
    "name": text { $0.name = $1 },
    "when": expression { $0.when = $1 },
    "description": text { $0.description = $1 },
    "category": text { $0.category = $1 },
    "progress": expressions { $0.progress = (current: $1[0], target: $1[1]) },
    "xp": integer { $0.xp = $1 },
    "group": text {
      $0.group = $1
      $0.groupOrigin = Origin(file: $0.origin.file, mark: $2)
    },
    "tags": texts { $0.tags = $1 },
    "extra": json { $0.display.extra = $1 },
  ]

  private static func text(_ set: @escaping @Sendable (inout Badge, String, Mark) -> Void) -> KeySetter {
    { badge, value, mark in if case .text(let text) = value { set(&badge, text, mark) } }
  }

  private static func text(_ set: @escaping @Sendable (inout Badge, String) -> Void) -> KeySetter {
    { badge, value, _ in if case .text(let text) = value { set(&badge, text) } }
  }

  private static func expression(_ set: @escaping @Sendable (inout Badge, ExpressionSource) -> Void) -> KeySetter {
    { badge, value, _ in if case .expression(let expression) = value { set(&badge, expression) } }
  }

  private static func expressions(_ set: @escaping @Sendable (inout Badge, [ExpressionSource]) -> Void)
    -> KeySetter
  {
    { badge, value, _ in if case .expressions(let list) = value, list.count == 2 { set(&badge, list) } }
  }

  private static func integer(_ set: @escaping @Sendable (inout Badge, Int) -> Void) -> KeySetter {
    { badge, value, _ in if case .integer(let number) = value { set(&badge, number) } }
  }

  private static func texts(_ set: @escaping @Sendable (inout Badge, [String]) -> Void) -> KeySetter {
    { badge, value, _ in if case .texts(let list) = value { set(&badge, list) } }
  }

  private static func json(_ set: @escaping @Sendable (inout Badge, JSONValue) -> Void) -> KeySetter {
    { badge, value, _ in if case .json(let json) = value { set(&badge, json) } }
  }

  /// A badge at `origin` with nothing read yet, for a decoder to fill through `keys`.
  package static func draft(at origin: Origin) -> Badge {
    Badge(id: "", origin: origin, name: "", when: ExpressionSource(text: "", origin: origin))
  }
}

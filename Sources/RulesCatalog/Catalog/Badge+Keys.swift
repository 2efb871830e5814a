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
  /// `.list` read with each item's place (`requires`, whose ids are reported where they are).
  case located([(text: String, mark: Mark)])
  /// `.object` whose keys are all required expressions: the values, in the schema's key order.
  case expressions([ExpressionSource])
  /// `.anything`: the value as JSON.
  case json(JSONValue)
}

extension Badge {
  /// Where a key's value goes in the badge; `Mark` is the value's place in the badge's file.
  package typealias KeySetter = @Sendable (inout Badge, __owned BadgeKeyValue, Mark) -> Void

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
      return Key(schema: schema) { (badge: inout Badge, value: __owned BadgeKeyValue, _: Mark) in
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

  /// Where each key that is not a display field goes: the model's side of a badge key. (Each
  /// closure spells its types: a dictionary of closures on `$0` and `$1` is more than the type
  /// checker takes, and closures wrapping closures cost a call more a key.)
  private static let setters: [String: KeySetter] = [
    "id": { (badge: inout Badge, value: __owned BadgeKeyValue, _: Mark) in
      if case .text(let text) = value { badge.id = text }
    },
    "name": { (badge: inout Badge, value: __owned BadgeKeyValue, _: Mark) in
      if case .text(let text) = value { badge.name = text }
    },
    "when": { (badge: inout Badge, value: __owned BadgeKeyValue, _: Mark) in
      if case .expression(let expression) = value { badge.when = expression }
    },
    "description": { (badge: inout Badge, value: __owned BadgeKeyValue, _: Mark) in
      if case .text(let text) = value { badge.description = text }
    },
    "category": { (badge: inout Badge, value: __owned BadgeKeyValue, _: Mark) in
      if case .text(let text) = value { badge.category = text }
    },
    "progress": { (badge: inout Badge, value: __owned BadgeKeyValue, _: Mark) in
      if case .expressions(let pair) = value, pair.count == 2 { badge.progress = (current: pair[0], target: pair[1]) }
    },
    "xp": { (badge: inout Badge, value: __owned BadgeKeyValue, _: Mark) in
      if case .integer(let xp) = value { badge.xp = xp }
    },
    "group": { (badge: inout Badge, value: __owned BadgeKeyValue, mark: Mark) in
      guard case .text(let text) = value else { return }
      badge.group = text
      badge.groupOrigin = Origin(file: badge.origin.file, mark: mark)
    },
    "tags": { (badge: inout Badge, value: __owned BadgeKeyValue, _: Mark) in
      if case .texts(let tags) = value { badge.tags = tags }
      if case .located(let tags) = value { badge.tags = tags.map(\.text) }
    },
    "requires": { (badge: inout Badge, value: __owned BadgeKeyValue, mark: Mark) in
      guard case .located(let items) = value else { return }
      let file = badge.origin.file
      badge.requires = items.map { Prerequisite(id: $0.text, origin: Origin(file: file, mark: $0.mark)) }
      badge.requiresOrigin = Origin(file: file, mark: mark)
    },
    "extra": { (badge: inout Badge, value: __owned BadgeKeyValue, _: Mark) in
      if case .json(let extra) = value { badge.display.extra = extra }
    },
    "repeats": { (badge: inout Badge, value: __owned BadgeKeyValue, mark: Mark) in
      guard case .text(let text) = value else { return }
      badge.repeats = PeriodSum(rawValue: text)
      badge.repeatsOrigin = Origin(file: badge.origin.file, mark: mark)
    },
  ]
}

@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

extension Evaluation {
  /// What an app shows of a badge, as its catalog gives it: every badge in `unlocked` and
  /// `locked` carries it, so a screen is drawn from the evaluation alone.
  public struct BadgeDisplay: Sendable, Equatable {
    /// The badge's name.
    public var name: String
    /// What it is for.
    public var description: String?
    /// The category the app groups it by.
    public var category: String?
    /// The experience points it gives.
    public var xp: Int
    /// The badge group it belongs to.
    public var group: String?
    /// Its tags.
    public var tags: [String]
    /// A short symbol shown on it.
    public var emoji: String?
    /// An icon name.
    public var icon: String?
    /// An image name.
    public var image: String?
    /// A colour name.
    public var color: String?
    /// The catalog's free-form `extra` data for the app, if any.
    public var extra: JSONValue?

    /// A badge's display fields.
    public init(
      name: String, description: String? = nil, category: String? = nil, xp: Int = 0, group: String? = nil,
      tags: [String] = [], emoji: String? = nil, icon: String? = nil, image: String? = nil, color: String? = nil,
      extra: JSONValue? = nil
    ) {
      self.name = name
      self.description = description
      self.category = category
      self.xp = xp
      self.group = group
      self.tags = tags
      self.emoji = emoji
      self.icon = icon
      self.image = image
      self.color = color
      self.extra = extra
    }

    /// The display fields of `badge`.
    package init(_ badge: Badge) {
      self.init(
        name: badge.name, description: badge.description, category: badge.category, xp: badge.xp,
        group: badge.group, tags: badge.tags, emoji: badge.display["emoji"], icon: badge.display["icon"],
        image: badge.display["image"], color: badge.display["color"], extra: badge.display.extra)
    }

    /// The fields as JSON, in the documented order (absent ones null, `tags` `[]`).
    var jsonFields: [(String, JSONValue)] {
      [
        ("name", .string(name)),
        ("description", description.map(JSONValue.string) ?? .null),
        ("category", category.map(JSONValue.string) ?? .null),
        ("xp", .int(xp)),
        ("group", group.map(JSONValue.string) ?? .null),
        ("tags", .array(tags.map(JSONValue.string))),
        ("emoji", emoji.map(JSONValue.string) ?? .null),
        ("icon", icon.map(JSONValue.string) ?? .null),
        ("image", image.map(JSONValue.string) ?? .null),
        ("color", color.map(JSONValue.string) ?? .null),
        ("extra", extra ?? .null),
      ]
    }

    /// Reads what `jsonFields` writes.
    init(from fields: KeyedDecodingContainer<JSONKey>) throws {
      self.init(
        name: try fields.decode(String.self, forKey: "name"),
        description: try fields.decodeIfPresent(String.self, forKey: "description"),
        category: try fields.decodeIfPresent(String.self, forKey: "category"),
        xp: try fields.decode(Int.self, forKey: "xp"), group: try fields.decodeIfPresent(String.self, forKey: "group"),
        tags: try fields.decode([String].self, forKey: "tags"),
        emoji: try fields.decodeIfPresent(String.self, forKey: "emoji"),
        icon: try fields.decodeIfPresent(String.self, forKey: "icon"),
        image: try fields.decodeIfPresent(String.self, forKey: "image"),
        color: try fields.decodeIfPresent(String.self, forKey: "color"),
        extra: try fields.decodeNil(forKey: "extra") ? nil : try fields.decode(JSONValue.self, forKey: "extra"))
    }
  }
}

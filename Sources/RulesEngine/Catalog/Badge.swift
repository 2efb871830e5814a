/// A once-only achievement.
public struct Badge: Sendable {
  public var id: String
  public var origin: Origin
  public var name: String
  public var description: String?
  public var category: String?
  /// The criterion: the badge unlocks on the first day (or check, in a progressive group)
  /// where it holds.
  public var when: ExpressionSource
  /// An explicit progress measure; without it progress is inferred from `when`.
  public var progress: (current: ExpressionSource, target: ExpressionSource)?
  public var xp: Int
  public var group: String?
  public var groupOrigin: Origin?
  public var tags: [String]
  public var display: Display

  public init(
    id: String, origin: Origin, name: String, description: String? = nil,
    category: String? = nil, when: ExpressionSource,
    progress: (current: ExpressionSource, target: ExpressionSource)? = nil, xp: Int = 0,
    group: String? = nil, groupOrigin: Origin? = nil, tags: [String] = [],
    display: Display = Display()
  ) {
    self.id = id
    self.origin = origin
    self.name = name
    self.description = description
    self.category = category
    self.when = when
    self.progress = progress
    self.xp = xp
    self.group = group
    self.groupOrigin = groupOrigin
    self.tags = tags
    self.display = display
  }
}

/// A group of badges; a progressive group unlocks its badges in order, one per check.
public struct BadgeGroup: Sendable {
  public var id: String
  public var origin: Origin
  public var name: String?
  public var description: String?
  public var progressive: Bool
  public var display: Display

  public init(
    id: String, origin: Origin, name: String? = nil, description: String? = nil,
    progressive: Bool = false, display: Display = Display()
  ) {
    self.id = id
    self.origin = origin
    self.name = name
    self.description = description
    self.progressive = progressive
    self.display = display
  }
}

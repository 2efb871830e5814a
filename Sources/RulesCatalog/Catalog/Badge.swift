/// A once-only achievement.
public struct Badge: Sendable {
  /// The badge's id, unique in the catalog.
  public var id: String
  /// Where the badge is defined.
  public var origin: Origin
  /// The badge's name, for people.
  public var name: String
  /// What the badge is for.
  public var description: String?
  /// The badge's category.
  public var category: String?
  /// The criterion: the badge unlocks on the first day (or check, in a progressive group)
  /// where it holds.
  public var when: ExpressionSource
  /// An explicit progress measure; without it progress is inferred from `when`.
  public var progress: (current: ExpressionSource, target: ExpressionSource)?
  /// The xp the badge gives when it unlocks.
  public var xp: Int
  /// The id of the badge's group, if it is in one.
  public var group: String?
  /// Where the group is named.
  public var groupOrigin: Origin?
  /// Tags, for listings.
  public var tags: [String]
  /// Display fields (emoji, icon...), passed through to apps.
  public var display: Display

  /// A badge. Inlinable, so that a decoder in another module builds the badge in place instead
  /// of copying it out of the initializer (a dozen references retained and released).
  @inlinable
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

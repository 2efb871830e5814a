/// A group of badges; a progressive group unlocks its badges in order, one per check.
public struct BadgeGroup: Sendable {
  /// The group's id.
  public var id: String
  /// Where the group is defined.
  public var origin: Origin
  /// The group's name, for people.
  public var name: String?
  /// What the group is for.
  public var description: String?
  /// Whether its badges unlock one per check, in order.
  public var progressive: Bool
  /// Display fields, passed through to apps.
  public var display: Display

  /// A badge group.
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

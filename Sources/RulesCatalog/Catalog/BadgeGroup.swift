@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A group of badges; a progressive group unlocks its badges in order, one per check.
@_spi(Tooling) public struct BadgeGroup: Sendable {
  /// The group's id.
  @_spi(Tooling) public var id: String
  /// Where the group is defined.
  @_spi(Tooling) public var origin: Origin
  /// The group's name, for people.
  @_spi(Tooling) public var name: String?
  /// What the group is for.
  @_spi(Tooling) public var description: String?
  /// Whether its badges unlock one per check, in order.
  @_spi(Tooling) public var progressive: Bool
  /// Display fields, passed through to apps.
  @_spi(Tooling) public var display: Display

  /// A badge group.
  @_spi(Tooling) public init(
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

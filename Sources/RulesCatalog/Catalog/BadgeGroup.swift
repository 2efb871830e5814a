@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A group of badges; a progressive group unlocks its badges in order, one per check.
package struct BadgeGroup: Sendable {
  /// The group's id.
  package var id: String
  /// Where the group is defined.
  package var origin: Origin
  /// The group's name, for people.
  package var name: String?
  /// What the group is for.
  package var description: String?
  /// Whether its badges unlock one per check, in order.
  package var progressive: Bool
  /// Display fields, passed through to apps.
  package var display: Display

  /// A badge group.
  package init(
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

import RulesLanguage

/// A name a rule module needs its importer to define (`requires:` in the module).
public struct Requirement: Sendable {
  /// The name required (an input or a metric).
  public var name: String
  /// The type it must have.
  public var type: ValueType
  /// Where the requirement is written.
  public var origin: Origin

  /// A requirement.
  public init(name: String, type: ValueType, origin: Origin) {
    self.name = name
    self.type = type
    self.origin = origin
  }
}

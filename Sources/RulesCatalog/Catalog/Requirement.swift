@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A name a rule module needs its importer to define (`requires:` in the module).
@_spi(Tooling) public struct Requirement: Sendable {
  /// The name required (an input or a metric).
  @_spi(Tooling) public var name: String
  /// The type it must have.
  @_spi(Tooling) public var type: ValueType
  /// Where the requirement is written.
  @_spi(Tooling) public var origin: Origin

  /// A requirement.
  @_spi(Tooling) public init(name: String, type: ValueType, origin: Origin) {
    self.name = name
    self.type = type
    self.origin = origin
  }
}

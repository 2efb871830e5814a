@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A name a rule module needs its importer to define (`requires:` in the module).
package struct Requirement: Sendable {
  /// The name required (an input or a metric).
  package var name: String
  /// The type it must have.
  package var type: ValueType
  /// Where the requirement is written.
  package var origin: Origin

  /// A requirement.
  package init(name: String, type: ValueType, origin: Origin) {
    self.name = name
    self.type = type
    self.origin = origin
  }
}

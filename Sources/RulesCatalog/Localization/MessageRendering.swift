@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// What writing a reported message in another language needs: which wording was chosen and
/// the values of its templates' arguments, by key. It is not part of the report's value: two
/// reports that read the same are equal whatever their renderings.
package struct MessageRendering: Sendable, Equatable {
  /// The wording chosen, from 0.
  package let wording: Int
  /// The arguments' values by key (see `Template.key`).
  package let values: [String: Value]

  /// Always true: a rendering is how a report was made, not what it says.
  package static func == (lhs: MessageRendering, rhs: MessageRendering) -> Bool { true }
  /// A value of each stored property.
  package init(wording: Int, values: [String: Value]) {
    self.wording = wording
    self.values = values
  }
}

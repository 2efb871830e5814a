@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A freeze is earned every `earnEvery` counted days (up to `max` held) and used up on a
/// day that would break the streak: that day neither extends nor breaks it.
package struct FreezeRule: Sendable, Equatable {
  /// Counted days that earn one freeze.
  package var earnEvery: Int
  /// The most freezes a user may hold; nil for no limit.
  package var max: Int?
  /// Whether the counted days towards the next freeze are kept when the streak breaks
  /// (`progress: overall`: every `earnEvery`-th counted day overall earns one) rather than
  /// counted again from the next run (`progress: run`, the default).
  package var overall: Bool

  /// A freeze rule.
  package init(earnEvery: Int, max: Int? = nil, overall: Bool = false) {
    self.earnEvery = earnEvery
    self.max = max
    self.overall = overall
  }
}

@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A freeze is earned every `earnEvery` counted days (up to `max` held) and used up on a
/// day that would break the streak: that day neither extends nor breaks it.
@_spi(Tooling) public struct FreezeRule: Sendable, Equatable {
  /// Counted days that earn one freeze.
  @_spi(Tooling) public var earnEvery: Int
  /// The most freezes a user may hold; nil for no limit.
  @_spi(Tooling) public var max: Int?
  /// Whether the counted days towards the next freeze are kept when the streak breaks
  /// (`progress: overall`: every `earnEvery`-th counted day overall earns one) rather than
  /// counted again from the next run (`progress: run`, the default).
  @_spi(Tooling) public var overall: Bool

  /// A freeze rule.
  @_spi(Tooling) public init(earnEvery: Int, max: Int? = nil, overall: Bool = false) {
    self.earnEvery = earnEvery
    self.max = max
    self.overall = overall
  }
}

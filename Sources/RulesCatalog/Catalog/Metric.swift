@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A named derived value.
@_spi(Tooling) public struct Metric: Sendable {
  /// The metric's name, as expressions write it.
  @_spi(Tooling) public var name: String
  /// Where the metric is defined.
  @_spi(Tooling) public var origin: Origin
  /// The metric's expression.
  @_spi(Tooling) public var expression: ExpressionSource
  /// The metric's name, for people.
  @_spi(Tooling) public var displayName: String?
  /// What the metric means.
  @_spi(Tooling) public var description: String?
  /// How far the user is towards the metric's next value (RIZQ's "340 / 500 XP" towards the
  /// next level): where the user is and where the next value begins, both counted from where
  /// the current value began.
  @_spi(Tooling) public var progress: (current: ExpressionSource, target: ExpressionSource)?

  /// A metric.
  @_spi(Tooling) public init(
    name: String, origin: Origin, expression: ExpressionSource, displayName: String? = nil,
    description: String? = nil, progress: (current: ExpressionSource, target: ExpressionSource)? = nil
  ) {
    self.name = name
    self.origin = origin
    self.expression = expression
    self.displayName = displayName
    self.description = description
    self.progress = progress
  }
}

@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A named derived value.
package struct Metric: Sendable {
  /// The metric's name, as expressions write it.
  package var name: String
  /// Where the metric is defined.
  package var origin: Origin
  /// The metric's expression.
  package var expression: ExpressionSource
  /// The metric's name, for people.
  package var displayName: String?
  /// What the metric means.
  package var description: String?
  /// How far the user is towards the metric's next value (RIZQ's "340 / 500 XP" towards the
  /// next level): where the user is and where the next value begins, both counted from where
  /// the current value began.
  package var progress: (current: ExpressionSource, target: ExpressionSource)?

  /// A metric.
  package init(
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

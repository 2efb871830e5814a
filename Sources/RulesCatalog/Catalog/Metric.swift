/// A named derived value.
public struct Metric: Sendable {
  /// The metric's name, as expressions write it.
  public var name: String
  /// Where the metric is defined.
  public var origin: Origin
  /// The metric's expression.
  public var expression: ExpressionSource
  /// The metric's name, for people.
  public var displayName: String?
  /// What the metric means.
  public var description: String?
  /// How far the user is towards the metric's next value (RIZQ's "340 / 500 XP" towards the
  /// next level): where the user is and where the next value begins, both counted from where
  /// the current value began.
  public var progress: (current: ExpressionSource, target: ExpressionSource)?

  /// A metric.
  public init(
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

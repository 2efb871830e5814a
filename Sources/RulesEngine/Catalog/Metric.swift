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

  /// A metric.
  public init(
    name: String, origin: Origin, expression: ExpressionSource, displayName: String? = nil,
    description: String? = nil
  ) {
    self.name = name
    self.origin = origin
    self.expression = expression
    self.displayName = displayName
    self.description = description
  }
}

/// A named derived value.
public struct Metric: Sendable {
  public var name: String
  public var origin: Origin
  public var expression: ExpressionSource
  public var displayName: String?
  public var description: String?

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

public struct ValidatedMessage: Sendable {
  public let message: Message
  public let when: TypedExpr?
  public let title: TypedTemplate?
  public let variants: [(when: TypedExpr?, text: TypedTemplate)]
  public let action: TypedTemplate?
}

/// A template with its expressions typed.
public struct TypedTemplate: Sendable {
  public enum Part: Sendable {
    case text(String)
    case value(TypedExpr)
  }

  public let parts: [Part]
}

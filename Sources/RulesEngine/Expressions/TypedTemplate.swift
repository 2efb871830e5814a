/// A template with its expressions typed.
public struct TypedTemplate: Sendable {
  /// A part of a typed template: text, or a typed value.
  public enum Part: Sendable {
    case text(String)
    case value(TypedExpr)
  }

  /// The parts, in order.
  public let parts: [Part]
}

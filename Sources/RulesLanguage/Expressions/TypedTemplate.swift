/// A template with its arguments (placeholders and plural numbers) typed.
package struct TypedTemplate: Sendable {
  /// The template as parsed.
  package let template: Template
  /// Each argument's key (see `Template.key`) and typed expression, in the order written.
  package let arguments: [(key: String, expr: TypedExpr)]

  /// A template typed: `template` with each argument's typed expression.
  package init(template: Template, arguments: [(key: String, expr: TypedExpr)]) {
    self.template = template
    self.arguments = arguments
  }
}

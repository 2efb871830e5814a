import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let unreachableMessage: DiagnosticID = "unreachable-message"
}

/// The first message whose `when` holds is shown, so a message without `when` (or with
/// `when: true`) hides every message after it. The same goes for a message's text wordings.
package enum ShadowedMessageRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.unreachableMessage
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary =
    "A message without `when` hides the messages after it (a warning); so does a text wording."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      messages:
        - {id: hello, text: Hello}
        - {id: done, when: done, text: Well done}
      """,
      expected: [
        "5:5: warning: the message 'done' is never shown: 'hello' (line 4, column 5) comes first and always applies"
      ]),
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      messages:
        - {id: done, when: done, text: Well done}
        - {id: hello, text: Hello}
      """),
  ]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    var catchAll: Message?
    for message in catalog.messages {
      if let first = catchAll {
        report.warning(
          message.origin,
          "the message '\(message.id)' is never shown: '\(first.id)' (line \(first.origin.mark.line), column \(first.origin.mark.column)) comes first and always applies"
        )
        continue
      }
      if isAlways(message.when) { catchAll = message }
      var wording: TextVariant?
      for variant in message.text {
        if let first = wording {
          report.warning(
            variant.text.origin,
            "this wording of '\(message.id)' is never used: the one at line \(first.text.origin.mark.line) always applies"
          )
          break
        }
        if isAlways(variant.when) { wording = variant }
      }
    }
  }

  private static func isAlways(_ when: ExpressionSource?) -> Bool {
    guard let when else { return true }
    return when.text.trimmingCharacters(in: .whitespaces) == "true"
  }
}

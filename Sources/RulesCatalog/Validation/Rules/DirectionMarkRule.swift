@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let directionMarks: DiagnosticID = "direction-marks"
}

/// In a right-to-left language (Arabic, Hebrew, Persian, Urdu...), a number or a placeholder
/// in a text follows a direction mark: a right-to-left mark (U+200F) or an Arabic letter mark
/// (U+061C) right before it, or an isolate (U+2066, U+2067 or U+2068 ... U+2069) around it.
/// Without one, a number next to Latin text or punctuation can be laid out on the wrong side
/// (a warning). The engine inserts no marks itself: a text comes out as the translator wrote it.
package enum DirectionMarkRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.directionMarks
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary =
    "In a right-to-left language, a number or placeholder follows a direction mark (U+200F, U+061C) or is isolated (U+2066-U+2068 ... U+2069)."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: int}}
      badges:
        - {id: week, name: Week Warrior, description: Maintain a 7-day streak, when: done > 6}
      messages:
        - {id: going, text: "{done} done"}
      """,
      expected: [
        "locales/ar/catalog.yaml:2:44: warning: this right-to-left text has the number 7 without a direction mark before it; write \\u200F (RLM) or \\u061C (ALM) right before it, or isolate it in \\u2068...\\u2069",
        "locales/ar/catalog.yaml:4:17: warning: this right-to-left text has the placeholder {done} without a direction mark before it; write \\u200F (RLM) or \\u061C (ALM) right before it, or isolate it in \\u2068...\\u2069",
      ],
      modules: [
        "locales/ar/catalog.yaml": """
        badges:
          week: {name: محارب الأسبوع, description: حافظ على سلسلة 7 أيام}
        messages:
          going: {text: "{done} أنجزت"}
        """
      ]),
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: int}}
      messages:
        - {id: going, text: "{done, plural, one {# done} other {# done}}"}
      """,
      modules: [
        "locales/ar/catalog.yaml": """
        messages:
          going: {text: "{done, plural, one {\\u200F# أنجزت} other {\\u061C# أنجزت}}"}
        """
      ]),
  ]

  /// The marks that may come right before a number or placeholder.
  static let marks: Set<Unicode.Scalar> = ["\u{200F}", "\u{061C}", "\u{200E}", "\u{2066}", "\u{2067}", "\u{2068}"]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    for locale in catalog.translations.locales {
      guard let language = catalog.translations.languages[locale], TextLocale.named(locale).isRightToLeft else {
        continue
      }
      for (key, text) in language.texts.sorted(by: { $0.key < $1.key }) {
        let (template, errors) = Template.parse(text.text)
        // Only message texts are templates; elsewhere a brace is a brace.
        let parts: [Template.Part] = Catalog.isTemplate(key) && errors.isEmpty ? template.parts : [.text(text.text)]
        if let offence = firstUnmarked(parts, after: nil) {
          report.warning(
            text.origin,
            "this right-to-left text has \(offence) without a direction mark before it; write \\u200F (RLM) or \\u061C (ALM) right before it, or isolate it in \\u2068...\\u2069"
          )
        }
      }
    }
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  /// The first number or placeholder of `parts` not right after a mark, described; `previous`
  /// is the character before the parts.
  private static func firstUnmarked(_ parts: [Template.Part], after previous: Unicode.Scalar?) -> String? {
    var previous = previous
    func marked() -> Bool { previous.map { marks.contains($0) } ?? false }
    for part in parts {
      switch part {
      case .text(let text):
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.first {
          if isDigit(scalar) {
            // A number runs on over digits and a separator between two digits (`94:5`, `2.5`).
            var length = 1
            let rest = Array(scalars)
            while length < rest.count {
              if isDigit(rest[length]) {
                length += 1
              } else if ":.,/-".unicodeScalars.contains(rest[length]), length + 1 < rest.count,
                isDigit(rest[length + 1])
              {
                length += 2
              } else {
                break
              }
            }
            let number = String(String.UnicodeScalarView(rest[..<length]))
            if !marked() { return "the number \(number)" }
            scalars = scalars.dropFirst(length)
            previous = rest[length - 1]
            continue
          }
          previous = scalar
          scalars = scalars.dropFirst()
        }
      case .number:
        if !marked() { return "the number sign #" }
        previous = "#"
      case .expression(_, _, let key):
        if !marked() { return "the placeholder {\(key)}" }
        previous = "}"
      case .plural(_, _, _, let forms):
        for form in forms {
          if let offence = firstUnmarked(form.parts, after: previous) { return offence }
        }
        previous = "}"
      }
    }
    return nil
  }
}

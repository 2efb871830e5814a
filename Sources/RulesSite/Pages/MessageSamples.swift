@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A message template as the engine writes it, for the catalog page (docs/site.md, "Messages"):
/// never the template itself. A template without placeholders is its text; one with
/// placeholders is written once for each sample number `n`, every placeholder given `n`: with
/// a plural, one `n` for each plural form of the language (CLDR: English `1` one and `2` other;
/// Arabic `0` zero, `1` one, `2` two, `3` few, `11` many and `100` other) and each `=N` the
/// template names; without one, `n` = 3. Numbers in the locale's digits, forms by its plural
/// rules, as `rules eval --locale` writes the message.
package struct MessageSamples: Sendable {
  /// One sample: the number, the form it takes and the text written with it.
  package struct Row: Sendable {
    /// `n`, in ASCII digits (`data-n`).
    package var n: Int
    /// `n` in the locale's digits.
    package var number: String
    /// The plural form chosen (`one`, `=0`) for a template with a plural; nil without one.
    package var form: String?
    package var text: String
  }

  /// The text of a template without placeholders.
  package var text: String?
  /// The samples of a template with placeholders, by `n`.
  package var rows: [Row]
  /// Stored for the templates (they see stored properties only).
  package var hasRows: Bool

  /// `n` for a template with placeholders but no plural.
  package static let plain = 3

  /// `source` written in `locale` (`TextLocale.named`): its text, or its samples.
  package init(_ source: String, locale identifier: String) {
    let (template, errors) = Template.parse(source)
    let arguments = template.arguments
    guard errors.isEmpty, !arguments.isEmpty else {
      // A template the check refused is not rendered: its text is what the catalog says.
      text = errors.isEmpty ? template.render([:], in: TextLocale.named(identifier)) : source
      rows = []
      hasRows = false
      return
    }
    let locale = TextLocale.named(identifier)
    let plurals = template.plurals
    var exact = Set<Int>()
    for plural in plurals {
      for form in plural.forms { if case .exact(let value) = form.selector { exact.insert(value) } }
    }
    let numbers = plurals.isEmpty ? [Self.plain] : (Self.samples(locale.plurals) + exact).sorted()
    text = nil
    rows = Set(numbers).sorted().map { n in
      let values = Dictionary(arguments.map { ($0.key, Value.int(n)) }, uniquingKeysWith: { first, _ in first })
      return Row(
        n: n, number: locale.format(.int(n)),
        form: plurals.isEmpty ? nil : exact.contains(n) ? "=\(n)" : locale.plurals.category(for: n).rawValue,
        text: template.render(values, in: locale))
    }
    hasRows = true
  }

  /// The first text of a title or action: its text, or its first sample's.
  package var first: String { text ?? rows.first?.text ?? "" }

  /// The smallest whole number of each plural category the rules have, counting from 1 (then
  /// 0): English 1 and 2, Arabic 1, 2, 3, 11, 100 and 0.
  static func samples(_ rules: PluralRules) -> [Int] {
    var seen = Set<PluralCategory>()
    var numbers: [Int] = []
    for n in Array(1...200) + [0] where seen.insert(rules.category(for: n)).inserted { numbers.append(n) }
    return numbers
  }
}

@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

extension Template {
  /// The text with each argument written in from `arguments` (by key) in `locale`: numbers
  /// in its digits, each plural's form chosen by an exact `=N` first and then by the locale's
  /// plural category. An argument missing from `arguments` is written back as `{key}`.
  package func render(_ arguments: [String: Value], in locale: TextLocale) -> String {
    var out = ""
    Self.write(parts, arguments, locale, number: nil, into: &out)
    return out
  }

  private static func write(
    _ parts: [Part], _ arguments: [String: Value], _ locale: TextLocale, number: Value?, into out: inout String
  ) {
    for part in parts {
      switch part {
      case .text(let text): out += text
      case .number: out += number.map(locale.format) ?? "#"
      case .expression(_, _, let key):
        out += arguments[key].map(locale.format) ?? "{\(key)}"
      case .plural(_, _, let key, let forms):
        guard let value = arguments[key] else {
          out += "{\(key)}"
          continue
        }
        if let form = form(of: value, in: forms, locale) {
          write(form.parts, arguments, locale, number: value, into: &out)
        }
      }
    }
  }

  /// The form a plural takes for `value`: `=N` when one matches, else the locale's category,
  /// else `other`.
  static func form(of value: Value, in forms: [PluralForm], _ locale: TextLocale) -> PluralForm? {
    if case .int(let int) = value, let exact = forms.first(where: { $0.selector == .exact(int) }) { return exact }
    if case .number(let number) = value, number.rounded() == number, abs(number) < 1e15,
      let exact = forms.first(where: { $0.selector == .exact(Int(number)) })
    {
      return exact
    }
    let category = locale.category(of: value)
    return forms.first { $0.selector == .category(category) } ?? forms.first { $0.selector == .category(.other) }
  }
}

@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// A locale file that is not shaped as one (a section, field or value it cannot hold).
  package static let badLocaleFile: DiagnosticID = "bad-locale-file"
}

/// Reads a locale file (`locales/ar/rizq.yaml`): the catalog's display texts in one language,
/// keyed like Rails i18n by section and id:
///
/// ```yaml
/// catalog: rizq            # optional; names the catalog the file translates
/// name: رزق
/// badges:
///   first-step: {name: الخطوة الأولى, description: أكمل دعاءك الأول}
/// messages:
///   not-started:
///     text: ["...", "..."]   # a message's wordings, in the catalog's order
/// ```
package enum LocaleFileDecoder {
  /// The language `locale` read from `root` (the file `file`), and the problems of its shape.
  /// `catalogID` is the catalog the file is found next to.
  package static func decode(_ root: Node?, file: String, locale: String, catalogID: String)
    -> (Translations.Language, [Diagnostic])
  {
    var diagnostics: [Diagnostic] = []
    func report(_ node: Node, _ message: String) {
      diagnostics.append(Diagnostic(file: file, mark: node.mark, id: .badLocaleFile, message: message))
    }
    let start = Origin(file: file, mark: root?.mark ?? .start)
    var language = Translations.Language(locale: LocaleChain.normalize(locale), file: file, origin: start)
    guard let root else { return (language, diagnostics) }
    guard let pairs = root.pairs else {
      report(
        root,
        "a locale file is a mapping of sections ('badges', 'messages', ...); this file holds \(root.kindDescription)")
      return (language, diagnostics)
    }
    func text(_ node: Node, _ key: TextKey, id: Node) {
      guard let value = node.text, node.tag == .str || node.tag == .int || node.tag == .float else {
        report(node, "a translation is a text; \(key) is \(node.kindDescription)")
        return
      }
      language.texts[key] = Translations.Text(
        text: value, origin: Origin(file: file, mark: node.mark), idOrigin: Origin(file: file, mark: id.mark))
    }
    let sections = TextKey.Kind.allCases.filter { $0 != .catalog }.map(\.rawValue)
    for pair in pairs {
      guard let name = pair.key.text else { continue }
      if name == "catalog" {
        if let id = pair.value.text, id != catalogID {
          report(
            pair.value, "this locale file is for the catalog '\(id)', but it is next to the catalog '\(catalogID)'")
        }
        continue
      }
      if TextKey.Kind.catalog.fields.contains(name) {
        text(pair.value, TextKey(.catalog, "", name), id: pair.key)
        continue
      }
      guard let kind = TextKey.Kind(rawValue: name), kind != .catalog else {
        let known = ["catalog"] + TextKey.Kind.catalog.fields + sections
        report(
          pair.key,
          "'\(name)' is not a key of a locale file (\(known.joined(separator: ", ")))\(Suggestion.hint(for: name, in: known))"
        )
        continue
      }
      guard let entries = pair.value.pairs else {
        report(pair.value, "'\(name)' holds the \(name) by id, as a mapping; this is \(pair.value.kindDescription)")
        continue
      }
      for entry in entries {
        guard let id = entry.key.text else { continue }
        guard let fields = entry.value.pairs else {
          report(
            entry.value,
            "the \(kind.singular) '\(id)' holds its texts by field (\(kind.fields.joined(separator: ", "))); this is \(entry.value.kindDescription)"
          )
          continue
        }
        for field in fields {
          guard let fieldName = field.key.text else { continue }
          guard kind.fields.contains(fieldName) else {
            report(
              field.key,
              "'\(fieldName)' is not a text of a \(kind.singular) (\(kind.fields.joined(separator: ", ")))\(Suggestion.hint(for: fieldName, in: kind.fields))"
            )
            continue
          }
          if kind == .messages, fieldName == "text", let wordings = field.value.items {
            for (index, wording) in wordings.enumerated() {
              text(wording, TextKey(kind, id, fieldName, wording: index), id: entry.key)
            }
          } else {
            text(field.value, TextKey(kind, id, fieldName), id: entry.key)
          }
        }
      }
    }
    return (language, diagnostics)
  }
}

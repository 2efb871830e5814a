@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A catalog's texts in other languages than its default, read from its locale files
/// (`locales/ar/rizq.yaml` next to `rizq.yaml`) or from an export.
package struct Translations: Sendable {
  /// One language's texts.
  package struct Language: Sendable {
    /// The locale, normalized (`ar`, `ar-EG`).
    package var locale: String
    /// The file the texts were read from.
    package var file: String
    /// Where the file's content starts (for problems about the file as a whole).
    package var origin: Origin
    /// The texts, by what they translate.
    package var texts: [TextKey: Text] = [:]

    /// An empty language read from `file`.
    package init(locale: String, file: String, origin: Origin) {
      self.locale = locale
      self.file = file
      self.origin = origin
    }
  }

  /// One translated text and where it is written.
  package struct Text: Sendable {
    /// The text.
    package var text: String
    /// Where the text is written.
    package var origin: Origin
    /// Where its element's id is written (the key of its entry).
    package var idOrigin: Origin
  }

  /// The languages, by normalized locale.
  package var languages: [String: Language] = [:]

  /// No translations.
  package init() {}

  /// The locales, sorted.
  package var locales: [String] { languages.keys.sorted() }

  /// The text of `key` for `requested`, following `LocaleChain.chain` down to (not including)
  /// the default locale; nil when no language of the chain translates it.
  package func text(_ key: TextKey, for chain: [String]) -> String? {
    for locale in chain {
      if let text = languages[locale]?.texts[key] { return text.text }
    }
    return nil
  }
}

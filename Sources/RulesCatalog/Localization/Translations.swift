@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A catalog's texts in other languages than its default, read from its locale files
/// (`locales/ar/rizq.yaml` next to `rizq.yaml`) or from an export.
@_spi(Tooling) public struct Translations: Sendable {
  /// One language's texts.
  @_spi(Tooling) public struct Language: Sendable {
    /// The locale, normalized (`ar`, `ar-EG`).
    @_spi(Tooling) public var locale: String
    /// The file the texts were read from.
    @_spi(Tooling) public var file: String
    /// Where the file's content starts (for problems about the file as a whole).
    @_spi(Tooling) public var origin: Origin
    /// The texts, by what they translate.
    @_spi(Tooling) public var texts: [TextKey: Text] = [:]

    /// An empty language read from `file`.
    @_spi(Tooling) public init(locale: String, file: String, origin: Origin) {
      self.locale = locale
      self.file = file
      self.origin = origin
    }
  }

  /// One translated text and where it is written.
  @_spi(Tooling) public struct Text: Sendable {
    /// The text.
    @_spi(Tooling) public var text: String
    /// Where the text is written.
    @_spi(Tooling) public var origin: Origin
    /// Where its element's id is written (the key of its entry).
    @_spi(Tooling) public var idOrigin: Origin
  }

  /// The languages, by normalized locale.
  @_spi(Tooling) public var languages: [String: Language] = [:]

  /// No translations.
  @_spi(Tooling) public init() {}

  /// The locales, sorted.
  @_spi(Tooling) public var locales: [String] { languages.keys.sorted() }

  /// The text of `key` for `requested`, following `LocaleChain.chain` down to (not including)
  /// the default locale; nil when no language of the chain translates it.
  @_spi(Tooling) public func text(_ key: TextKey, for chain: [String]) -> String? {
    for locale in chain {
      if let text = languages[locale]?.texts[key] { return text.text }
    }
    return nil
  }
}

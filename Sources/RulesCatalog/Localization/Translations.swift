/// A catalog's texts in other languages than its default, read from its locale files
/// (`locales/ar/rizq.yaml` next to `rizq.yaml`) or from an export.
public struct Translations: Sendable {
  /// One language's texts.
  public struct Language: Sendable {
    /// The locale, normalized (`ar`, `ar-EG`).
    public var locale: String
    /// The file the texts were read from.
    public var file: String
    /// Where the file's content starts (for problems about the file as a whole).
    public var origin: Origin
    /// The texts, by what they translate.
    public var texts: [TextKey: Text] = [:]

    /// An empty language read from `file`.
    public init(locale: String, file: String, origin: Origin) {
      self.locale = locale
      self.file = file
      self.origin = origin
    }
  }

  /// One translated text and where it is written.
  public struct Text: Sendable {
    /// The text.
    public var text: String
    /// Where the text is written.
    public var origin: Origin
    /// Where its element's id is written (the key of its entry).
    public var idOrigin: Origin
  }

  /// The languages, by normalized locale.
  public var languages: [String: Language] = [:]

  /// No translations.
  public init() {}

  /// The locales, sorted.
  public var locales: [String] { languages.keys.sorted() }

  /// The text of `key` for `requested`, following `LocaleChain.chain` down to (not including)
  /// the default locale; nil when no language of the chain translates it.
  public func text(_ key: TextKey, for chain: [String]) -> String? {
    for locale in chain {
      if let text = languages[locale]?.texts[key] { return text.text }
    }
    return nil
  }
}

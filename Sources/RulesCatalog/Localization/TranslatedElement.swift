@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// An element of a catalog section whose display texts a locale file translates field by
/// field (streaks, metrics, groups, badges, quotes): `Catalog.texts` lists them and
/// `Catalog.localized(to:)` replaces them by walking `translatedFields`, one loop for every
/// section.
protocol TranslatedElement {
  /// The element's id in a text key (a streak's or metric's name, a group's, badge's or
  /// quote's id).
  var textID: String { get }
  /// Where the element is defined.
  var origin: Origin { get }
  /// Each translated field: its name in the text key, and the text (nil: none given).
  static var translatedFields: [(field: String, text: WritableKeyPath<Self, String?>)] { get }
}

extension Streak: TranslatedElement {
  var textID: String { name }
  static var translatedFields: [(field: String, text: WritableKeyPath<Self, String?>)] {
    [("name", \.displayName), ("description", \.description)]
  }
}

extension Metric: TranslatedElement {
  var textID: String { name }
  static var translatedFields: [(field: String, text: WritableKeyPath<Self, String?>)] {
    [("name", \.displayName), ("description", \.description)]
  }
}

extension BadgeGroup: TranslatedElement {
  var textID: String { id }
  static var translatedFields: [(field: String, text: WritableKeyPath<Self, String?>)] {
    [("name", \.name), ("description", \.description)]
  }
}

extension Badge: TranslatedElement {
  var textID: String { id }
  /// The name, which a badge always has: a translation replaces it, none leaves it.
  var translatedName: String? {
    get { name }
    set { if let newValue { name = newValue } }
  }
  static var translatedFields: [(field: String, text: WritableKeyPath<Self, String?>)] {
    [("name", \.translatedName), ("description", \.description)]
  }
}

extension Quote: TranslatedElement {
  var textID: String { id }
  /// The text, which a quote always has: a translation replaces it, none leaves it.
  var translatedText: String? {
    get { text }
    set { if let newValue { text = newValue } }
  }
  static var translatedFields: [(field: String, text: WritableKeyPath<Self, String?>)] {
    [("text", \.translatedText), ("source", \.source)]
  }
}

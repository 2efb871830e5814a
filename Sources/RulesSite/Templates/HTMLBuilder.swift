import Mustache

/// A typed HTML builder for the part of a page repeated hundreds of times (a year's day steps),
/// where swift-mustache's lookups and casts per value cost most of the page: elements and
/// attributes by name, every text and attribute value escaped by `SiteHTML`, so no caller
/// writes a tag or an unescaped value. Its result is `BuiltHTML`, which a template writes with
/// `{{{...}}}`.
struct HTMLBuilder {
  /// An attribute: `name="value"` (the value escaped) or a boolean attribute (`hidden`).
  enum Attribute {
    case value(StaticString, String)
    case flag(StaticString)
  }

  private var html = ""

  init(capacity: Int = 0) { html.reserveCapacity(capacity) }

  var built: BuiltHTML { BuiltHTML(html) }

  /// `<tag attributes>`, the content, `</tag>`.
  mutating func element(_ tag: StaticString, _ attributes: Attribute..., content: (inout HTMLBuilder) -> Void) {
    element(tag, attributes, content: content)
  }

  mutating func element(_ tag: StaticString, _ attributes: [Attribute], content: (inout HTMLBuilder) -> Void) {
    open(tag, attributes)
    content(&self)
    close(tag)
  }

  /// `<tag attributes>text</tag>`, the text escaped.
  mutating func element(_ tag: StaticString, _ attributes: Attribute..., text: String) {
    open(tag, attributes)
    self.text(text)
    close(tag)
  }

  /// Text, escaped.
  mutating func text(_ text: String) { html += SiteHTML.escape(text) }

  /// A line break between elements, as the templates' source lines give them.
  mutating func newline() { html += "\n" }

  private mutating func open(_ tag: StaticString, _ attributes: [Attribute]) {
    html += "<"
    html += tag.description
    for attribute in attributes {
      switch attribute {
      case .value(let name, let value):
        html += " "
        html += name.description
        html += "=\""
        html += SiteHTML.escape(value)
        html += "\""
      case .flag(let name):
        html += " "
        html += name.description
      }
    }
    html += ">"
  }

  private mutating func close(_ tag: StaticString) {
    html += "</"
    html += tag.description
    html += ">"
  }
}

/// HTML made by `HTMLBuilder` (every value in it escaped): a template writes it as it is with
/// `{{{...}}}`; written with `{{...}}` it would be escaped again, never the other way round.
struct BuiltHTML: MustacheCustomRenderable, Sendable {
  let html: String

  fileprivate init(_ html: String) { self.html = html }

  var renderText: String { html }

  var isNull: Bool { false }
}

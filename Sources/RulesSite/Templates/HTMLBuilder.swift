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

  /// The page's UTF-8, decoded once at the end.
  private var bytes: [UInt8] = []

  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  var built: BuiltHTML { BuiltHTML(String(decoding: bytes, as: UTF8.self)) }

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
  mutating func text(_ text: String) { SiteHTML.escape(text, into: &bytes) }

  /// A line break between elements, as the templates' source lines give them.
  mutating func newline() { bytes.append(UInt8(ascii: "\n")) }

  private mutating func open(_ tag: StaticString, _ attributes: [Attribute]) {
    bytes.append(UInt8(ascii: "<"))
    raw(tag)
    for attribute in attributes {
      bytes.append(UInt8(ascii: " "))
      switch attribute {
      case .value(let name, let value):
        raw(name)
        bytes.append(contentsOf: "=\"".utf8)
        SiteHTML.escape(value, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
      case .flag(let name):
        raw(name)
      }
    }
    bytes.append(UInt8(ascii: ">"))
  }

  private mutating func close(_ tag: StaticString) {
    bytes.append(contentsOf: "</".utf8)
    raw(tag)
    bytes.append(UInt8(ascii: ">"))
  }

  /// A tag's or an attribute's name: ours, never escaped.
  private mutating func raw(_ name: StaticString) {
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
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

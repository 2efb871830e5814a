import Mustache

/// How the pages' templates escape a `{{value}}`: the five characters swift-mustache's HTML
/// content type replaces (`<`, `>`, `&`, `"`, `'`), found by scanning the value's UTF-8 bytes
/// once. A value holding none of them (nearly every one: dates, numbers, ids) is returned as it
/// is, without a copy. swift-mustache's own escaper looks up every `Character` in a dictionary,
/// which was most of a year's user page; it also leaves a quote alone when a combining mark
/// follows it (one `Character`), which this one does not.
struct SiteHTML: MustacheContentType {
  /// The name the templates' `{{% CONTENT_TYPE: ...}}` pragma gives it.
  static let name = "RULES_HTML"

  func escapeText(_ text: String) -> String { Self.escape(text) }

  static func escape(_ text: String) -> String {
    // The fast path: nothing to replace.
    guard text.utf8.contains(where: replaced) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    escape(text, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text` escaped, appended to `bytes` (UTF-8).
  static func escape(_ text: String, into bytes: inout [UInt8]) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
      case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
      case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
      default: bytes.append(byte)
      }
    }
  }

  private static func replaced(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
    default: false
    }
  }
}

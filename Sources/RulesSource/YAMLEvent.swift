/// One event of a YAML parser, as a decoder that builds its model straight from the events (with
/// no tree of located nodes) reads it: `RulesCatalog`'s `EventCatalogDecoder`. The parser
/// (`YAMLReader`'s `YAMLEventStream`, over libyaml) fills it in place at each step, so the
/// decoder reads fields, not calls across modules, and links no libyaml.
package struct YAMLEvent {
  /// What an event is.
  package enum Kind: UInt8, Sendable {
    case streamStart, streamEnd, documentStart, documentEnd
    case sequenceStart, sequenceEnd, mappingStart, mappingEnd
    case scalar, alias

    /// By the raw value, and inlinable: the decoder compares kinds at every event, and the
    /// synthesized `==` is a call across modules.
    @inlinable
    package static func == (a: Kind, b: Kind) -> Bool { a.rawValue == b.rawValue }
  }

  /// The event's kind.
  package var kind: Kind = .streamEnd
  /// How a scalar was written (`.plain` for any other event).
  package var style: ScalarStyle = .plain
  /// Whether the scalar, list or mapping has an anchor or a tag.
  package var hasProperties = false
  /// A scalar's value as UTF-8 bytes (empty for any other event), valid until the next step.
  package var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  /// Where the event starts: 1-based line and column, as `Node.mark` gives them.
  package var mark = Mark.start
  /// Where the event starts as libyaml counts its position in the text (from 0): how far
  /// through the text the parser is, beside `YAMLEventSource.length`.
  package var offset = 0

  package init() {}

  /// Whether the event is a scalar without an anchor or a tag (the only scalars a decoder takes
  /// as they are).
  @inlinable
  package var isBareScalar: Bool { kind == .scalar && !hasProperties }

  /// A scalar's value as a string.
  @inlinable
  package var string: String {
    bytes.count > 0 ? String(decoding: bytes, as: UTF8.self) : ""
  }
}

/// A YAML parser's events, pulled one at a time: a fast path only, which reports no problems.
/// `next()` returns false on anything a decoder should leave to the reference reader (a syntax
/// error, text that is not UTF-8, a file over the size limit), and after the end of the stream.
package protocol YAMLEventSource: AnyObject {
  /// Moves to the next event, which `current` then holds; false on an error or after the end.
  func next() -> Bool
  /// The current event, updated in place by `next()` (the same pointer for the stream's life).
  var current: UnsafePointer<YAMLEvent> { get }
  /// The text's length in bytes: with `YAMLEvent.offset`, how much of it is still to come
  /// (a decoder sizes its lists from it).
  var length: Int { get }
}

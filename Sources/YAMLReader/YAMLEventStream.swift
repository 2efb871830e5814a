internal import CYaml
import RulesSource

/// libyaml's events, pulled one at a time, for decoders that build their model straight from
/// the events (`RulesCatalog`'s `EventCatalogDecoder`, through `YAMLEventSource`) instead of
/// from located nodes.
///
/// It is a fast path only: it reports no problems. `next()` returns false on anything a
/// decoder should leave to `YAMLDocumentReader` (which then reports it with its place): a syntax
/// error, text that is not UTF-8, a file over the size limit. Anchors, aliases and tags are
/// passed on as `hasProperties`/`.alias` for the decoder to refuse.
public final class YAMLEventStream {
  /// What an event is.
  public enum Kind: Sendable {
    case streamStart, streamEnd, documentStart, documentEnd
    case sequenceStart, sequenceEnd, mappingStart, mappingEnd
    case scalar, alias
  }

  // The parser and the current event live behind pointers, not in stored properties: each
  // access to a class's stored `var` pays a dynamic exclusivity check (86 M instructions
  // for the events of 5,000 badges, a third of the whole fast path's own work).
  private let parser: UnsafeMutablePointer<yaml_parser_t>
  private let event: UnsafeMutablePointer<yaml_event_t>
  /// The current event as `YAMLEventSource` gives it, filled by each `next()`.
  private let view: UnsafeMutablePointer<YAMLEvent>
  /// The text, which libyaml pulls in chunks through `read` (a whole copy of it made first for
  /// `yaml_parser_set_input_string` was 1.9 M instructions for a 1.9 MB catalog).
  private let input: Input

  /// The text and how much of it libyaml has read.
  private final class Input {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// libyaml's read handler: copies up to `size` bytes to `buffer`; 0 at the end.
    static let read:
      @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int, UnsafeMutablePointer<Int>?)
        -> Int32 = { data, buffer, size, read in
          guard let data, let buffer, let read else { return 0 }
          let input = Unmanaged<Input>.fromOpaque(data).takeUnretainedValue()
          let count = Swift.min(size, input.bytes.count - input.offset)
          if count > 0 {
            input.bytes.withUnsafeBufferPointer { bytes in
              buffer.update(from: bytes.baseAddress! + input.offset, count: count)
            }
          }
          input.offset += count
          read.pointee = count
          return 1
        }
  }

  /// A stream over `source`, or nil when the reader would refuse the file before parsing it
  /// (too large, UTF-16 or UTF-32 text) or libyaml cannot start.
  public init?(_ source: SourceFile, limits: ReaderLimits = .default) {
    guard source.bytes.count <= limits.maxFileSize, EncodingValidation.problem(in: source.bytes) == nil else {
      return nil
    }
    parser = .allocate(capacity: 1)
    parser.initialize(to: yaml_parser_t())
    event = .allocate(capacity: 1)
    // A zeroed event is YAML_NO_EVENT, which holds nothing to delete.
    event.initialize(to: yaml_event_t())
    view = .allocate(capacity: 1)
    view.initialize(to: YAMLEvent())
    input = Input(source.bytes)
    guard yaml_parser_initialize(parser) == 1 else {
      parser.deallocate()
      event.deallocate()
      view.deallocate()
      return nil
    }
    // The stream keeps `input` as long as the parser.
    yaml_parser_set_input(parser, Input.read, Unmanaged.passUnretained(input).toOpaque())
  }

  deinit {
    yaml_event_delete(event)
    yaml_parser_delete(parser)
    parser.deallocate()
    event.deallocate()
    view.deallocate()
  }

  /// Moves to the next event; false on a libyaml error (or after the end of the stream).
  public func next() -> Bool {
    guard event.pointee.type != YAML_STREAM_END_EVENT, parser.pointee.error == YAML_NO_ERROR else { return false }
    // Deleting zeroes the event (YAML_NO_EVENT), which a failed parse leaves as it is.
    yaml_event_delete(event)
    guard yaml_parser_parse(parser, event) == 1, event.pointee.type != YAML_NO_EVENT else { return false }
    fillView()
    return true
  }

  /// The current event into `view`: its kind, place and, for a scalar, its style and bytes.
  private func fillView() {
    let view = view
    view.pointee.mark = Mark(
      line: Int(event.pointee.start_mark.line) + 1, column: Int(event.pointee.start_mark.column) + 1)
    view.pointee.offset = Int(event.pointee.start_mark.index)
    switch event.pointee.type {
    case YAML_SCALAR_EVENT:
      view.pointee.kind = .scalar
      view.pointee.hasProperties = event.pointee.data.scalar.tag != nil || event.pointee.data.scalar.anchor != nil
      view.pointee.style =
        switch event.pointee.data.scalar.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
      view.pointee.bytes = UnsafeBufferPointer(
        start: event.pointee.data.scalar.value, count: event.pointee.data.scalar.length)
      return
    case YAML_MAPPING_START_EVENT:
      view.pointee.kind = .mappingStart
      view.pointee.hasProperties =
        event.pointee.data.mapping_start.tag != nil || event.pointee.data.mapping_start.anchor != nil
    case YAML_SEQUENCE_START_EVENT:
      view.pointee.kind = .sequenceStart
      view.pointee.hasProperties =
        event.pointee.data.sequence_start.tag != nil || event.pointee.data.sequence_start.anchor != nil
    case YAML_MAPPING_END_EVENT: view.pointee.kind = .mappingEnd
    case YAML_SEQUENCE_END_EVENT: view.pointee.kind = .sequenceEnd
    case YAML_ALIAS_EVENT: view.pointee.kind = .alias
    case YAML_DOCUMENT_START_EVENT: view.pointee.kind = .documentStart
    case YAML_DOCUMENT_END_EVENT: view.pointee.kind = .documentEnd
    case YAML_STREAM_START_EVENT: view.pointee.kind = .streamStart
    default: view.pointee.kind = .streamEnd
    }
    switch event.pointee.type {
    case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT: break
    default: view.pointee.hasProperties = false
    }
    view.pointee.style = .plain
    view.pointee.bytes = UnsafeBufferPointer(start: nil, count: 0)
  }

  /// The current event's kind (`.streamEnd` before the first `next()` and after an error).
  public var kind: Kind {
    switch event.pointee.type {
    case YAML_SCALAR_EVENT: .scalar
    case YAML_MAPPING_START_EVENT: .mappingStart
    case YAML_MAPPING_END_EVENT: .mappingEnd
    case YAML_SEQUENCE_START_EVENT: .sequenceStart
    case YAML_SEQUENCE_END_EVENT: .sequenceEnd
    case YAML_ALIAS_EVENT: .alias
    case YAML_DOCUMENT_START_EVENT: .documentStart
    case YAML_DOCUMENT_END_EVENT: .documentEnd
    case YAML_STREAM_START_EVENT: .streamStart
    default: .streamEnd
    }
  }

  /// Where the current event starts: 1-based line and column, as `Node.mark` gives them.
  public var mark: Mark {
    Mark(line: Int(event.pointee.start_mark.line) + 1, column: Int(event.pointee.start_mark.column) + 1)
  }

  /// How the current scalar was written.
  public var style: ScalarStyle {
    guard event.pointee.type == YAML_SCALAR_EVENT else { return .plain }
    switch event.pointee.data.scalar.style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: return .literal
    case YAML_FOLDED_SCALAR_STYLE: return .folded
    default: return .plain
    }
  }

  /// Whether the current scalar, list or mapping has an anchor or a tag.
  public var hasProperties: Bool {
    switch event.pointee.type {
    case YAML_SCALAR_EVENT: event.pointee.data.scalar.tag != nil || event.pointee.data.scalar.anchor != nil
    case YAML_MAPPING_START_EVENT:
      event.pointee.data.mapping_start.tag != nil || event.pointee.data.mapping_start.anchor != nil
    case YAML_SEQUENCE_START_EVENT:
      event.pointee.data.sequence_start.tag != nil || event.pointee.data.sequence_start.anchor != nil
    default: false
    }
  }

  /// Whether the current event is a scalar without an anchor or a tag (the only scalars a
  /// decoder takes as they are).
  public var isBareScalar: Bool {
    event.pointee.type == YAML_SCALAR_EVENT && event.pointee.data.scalar.tag == nil
      && event.pointee.data.scalar.anchor == nil
  }

  /// The current scalar's value as UTF-8 bytes, valid until the next `next()`.
  public var bytes: UnsafeBufferPointer<UInt8> {
    guard event.pointee.type == YAML_SCALAR_EVENT, let pointer = event.pointee.data.scalar.value else {
      return UnsafeBufferPointer(start: nil, count: 0)
    }
    return UnsafeBufferPointer(start: pointer, count: event.pointee.data.scalar.length)
  }

  /// The current scalar's value as a string.
  public var string: String {
    let bytes = bytes
    guard bytes.count > 0 else { return "" }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension YAMLEventStream: YAMLEventSource {
  /// The current event, for `YAMLEventSource`'s decoders.
  package var current: UnsafePointer<YAMLEvent> { UnsafePointer(view) }
  /// The text's length in bytes.
  package var length: Int { input.bytes.count }
}

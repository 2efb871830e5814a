@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// The fast path of reading a catalog or rule module: decodes it straight from a YAML parser's
/// events (`YAMLEventSource`: `YAMLReader`'s `YAMLEventStream` over libyaml, which the tooling
/// hands in; this layer links no libyaml), with no tree of located nodes for the badges, which
/// are nearly all of a large catalog. A badge's keys, their shapes and bounds come from
/// `CatalogSchema.badge`, and where each value goes from `Badge.keys`, the table the reference
/// decoder (`RuleFileDecoder`) reads too; keys are matched as bytes, and values become strings
/// only where the model holds one. The other sections (a few dozen entries at most) are built
/// as nodes and go through `RuleFileDecoder`, as on the reference path.
///
/// It gives up (nil) on anything that the reference path (`YAMLDocumentReader`, then
/// `RuleFileDecoder`) would report or that it does not know: a syntax error, an anchor, an
/// alias or a tag, a second document, an unknown, duplicate or missing key, a value of the
/// wrong kind or out of range, an id or name that is not one, a section whose decoding reports
/// anything. The tooling then reads the file on the reference path, which reports every
/// problem, so diagnostics never come from here. The reference path is the oracle: RulesKit's
/// `CatalogDecoderOracle`, `EventCatalogDecoderTests` and the fuzz target `FuzzCatalog` check
/// that both give the same model.
package struct EventCatalogDecoder {
  private let events: any YAMLEventSource
  /// The current event, which `events.next()` updates in place.
  private let event: UnsafePointer<YAMLEvent>
  private let file: String
  private let maxDepth: Int
  /// The badge keys, from `CatalogSchema.badge` and `Badge.keys`.
  private let keys = BadgeKeys.schema

  /// The file whose events `events` gives (none pulled yet), named `file` in origins, or nil
  /// when the reference path must read it. `maxDepth` is the reader's limit on nesting.
  package static func decode(_ events: any YAMLEventSource, file: String, maxDepth: Int) -> RuleFile? {
    var decoder = EventCatalogDecoder(events: events, event: events.current, file: file, maxDepth: maxDepth)
    return decoder.decodeFile()
  }

  // MARK: - The file

  /// Keys of a catalog or a rule module (the two schemas' keys).
  private static let fileKeys: Set<String> = Set(
    (CatalogSchema.catalog.keys + CatalogSchema.module.keys).map(\.name))

  private mutating func decodeFile() -> RuleFile? {
    guard pull(.streamStart), pull(.documentStart), pull(.mappingStart), !event.pointee.hasProperties else {
      return nil
    }
    let rootMark = event.pointee.mark
    var pairs: [Pair] = []
    var badges: [Badge]?
    while true {
      guard events.next() else { return nil }
      if at(.mappingEnd) { break }
      guard isBareScalar else { return nil }
      if equals(event.pointee.bytes, Self.badgesKey) {
        guard badges == nil, let list = decodeBadges() else { return nil }
        badges = list
        continue
      }
      guard let key = scalarNode(), key.tag == .str, let name = key.text, Self.fileKeys.contains(name),
        !pairs.contains(where: { $0.key.text == name })
      else { return nil }
      guard events.next(), let value = node(depth: 2) else { return nil }
      pairs.append(Pair(key: key, value: value))
    }
    // One document, then the end of the stream.
    guard pull(.documentEnd), pull(.streamEnd) else { return nil }
    let skeleton = Node(content: .mapping(pairs), mark: rootMark, tag: .map)
    let (decoded, problems) = RuleFileDecoder.decode(skeleton, file: file)
    guard problems.isEmpty, var result = decoded else { return nil }
    result.badges = badges ?? []
    return result
  }

  // MARK: - Badges

  private static let badgesKey = Array("badges".utf8)

  /// How this path reads a badge key's value, from the key's shape in the schema. A plain tag
  /// (its bounds and words are the entry's own fields): an enum with array payloads was copied,
  /// retained and released for every key read.
  private enum Reading: UInt8, Sendable {
    case text, id, expression, ids, json
    /// An integer in the entry's `min...max`.
    case integer
    /// A word among the entry's `words` (`repeats: week`); another sends the badge to the
    /// reference path.
    case keyword
    /// A mapping of required expressions (`progress`): their names are the entry's `names`.
    case expressions
    /// A shape this path does not read: a badge using the key goes to the reference path.
    case unsupported

    init(_ shape: Shape) {
      switch shape {
      case .text: self = .text
      case .id: self = .id
      case .expression: self = .expression
      case .list(.id): self = .ids
      case .anything: self = .json
      case .integer: self = .integer
      case .keyword: self = .keyword
      case .object(let object)
      where object.keys.allSatisfy({ key in
        guard key.required, case .expression = key.shape else { return false }
        return true
      }):
        self = .expressions
      default: self = .unsupported
      }
    }
  }

  /// The keys of `Badge.keys`, matched by their bytes: each name's length and first eight bytes
  /// as one little-endian word, then the rest. Made once from the table.
  private struct BadgeKeys: Sendable {
    struct Entry: Sendable {
      let count: Int
      let head: UInt64
      let rest: [UInt8]
      let reading: Reading
      /// The bounds of an `.integer`.
      let min: Int
      let max: Int
      /// The words of a `.keyword`.
      let words: [String]
      /// The keys of a `.expressions` mapping, as bytes, in the schema's order.
      let names: [[UInt8]]
      let set: Badge.KeySetter
    }
    let entries: [Entry]
    /// The bits of the required keys, by their position in `entries`.
    let required: UInt64

    static let schema = BadgeKeys()

    private init() {
      precondition(Badge.keys.count <= 64, "a badge's keys are seen as bits of one word")
      var required: UInt64 = 0
      entries = Badge.keys.enumerated().map { index, key in
        // `when` is required here: a badge without it (which `requires` allows) goes to the
        // reference path, as does any badge with `requires` (whose ids it reports where they are).
        if key.schema.required || key.schema.name == "when" { required |= 1 << UInt64(index) }
        let bytes = Array(key.schema.name.utf8)
        let head = bytes.withUnsafeBufferPointer { word($0.baseAddress!, Swift.min(bytes.count, 8)) }
        var names: [[UInt8]] = []
        if case .object(let object) = key.schema.shape { names = object.keys.map { Array($0.name.utf8) } }
        var bounds = (min: Int.min, max: Int.max)
        if case .integer(let min, let max) = key.schema.shape { bounds = (min ?? .min, max ?? .max) }
        var words: [String] = []
        if case .keyword(let allowed) = key.schema.shape { words = allowed }
        return Entry(
          count: bytes.count, head: head, rest: Array(bytes.dropFirst(8)),
          reading: key.schema.name == "requires" ? .unsupported : Reading(key.schema.shape),
          min: bounds.min, max: bounds.max, words: words, names: names, set: key.set)
      }
      self.required = required
    }

    /// The position of the key whose name is `bytes`. No bytes past the scalar are read.
    func match(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
      let count = bytes.count
      guard count >= 1, let base = bytes.baseAddress else { return nil }
      let head = word(base, Swift.min(count, 8))
      for index in entries.indices {
        let entry = entries[index]
        guard entry.count == count, entry.head == head else { continue }
        if count <= 8 { return index }
        var same = true
        for offset in 8..<count where base[offset] != entry.rest[offset - 8] {
          same = false
          break
        }
        if same { return index }
      }
      return nil
    }
  }

  /// How many badges are decoded before the list's room is reserved for the rest of the text.
  private static let sampledBadges = 32

  /// The badge list; the current event is its key.
  private mutating func decodeBadges() -> [Badge]? {
    guard events.next(), at(.sequenceStart), !event.pointee.hasProperties else { return nil }
    var badges: [Badge] = []
    let start = event.pointee.offset
    while true {
      guard events.next() else { return nil }
      if at(.sequenceEnd) { return badges }
      guard at(.mappingStart), !event.pointee.hasProperties else { return nil }
      if badges.count == Self.sampledBadges, event.pointee.offset > start {
        // Room for the badges the rest of the text holds at the first ones' size: a badge is
        // about 400 bytes, and the list grew by doubling, moved whole each time (3.2 M
        // instructions of 5,000 badges' load). Only touched pages cost memory, so a guess too
        // large (a long section after the badges) costs address space, not memory.
        let rest = max(events.length - event.pointee.offset, 0) * badges.count / (event.pointee.offset - start)
        badges.reserveCapacity(badges.count + rest + rest / 16)
      }
      // Each badge is decoded where it stays, in the list: one decoded aside and then appended
      // was copied (its dozen references retained), the original destroyed, and moved (about
      // 400 bytes) three times more (2.0 M instructions of 5,000 badges' load).
      badges.append(Badge(draftAt: Origin(file: file, mark: event.pointee.mark)))
      guard decodeBadge(into: &badges[badges.count - 1]) else { return nil }
    }
  }

  /// One badge, into `badge` (a draft at the mapping's place); the current event starts its
  /// mapping. False when the reference path must read it.
  private mutating func decodeBadge(into badge: inout Badge) -> Bool {
    var seen: UInt64 = 0
    while true {
      guard events.next() else { return false }
      if at(.mappingEnd) { break }
      guard isBareScalar, let index = keys.match(event.pointee.bytes) else {
        return false
      }
      let bit: UInt64 = 1 << UInt64(index)
      guard seen & bit == 0 else { return false }
      seen |= bit
      // The entry's fields read in place: a copy of the entry retains and releases its three
      // references for every key.
      guard let value = value(keys.entries[index].reading, index) else { return false }
      keys.entries[index].set(&badge, value, event.pointee.mark)
    }
    return seen & keys.required == keys.required
  }

  /// The next value, read as `reading` says for the key at `index`; nil when the reference path
  /// must read it.
  private mutating func value(_ reading: Reading, _ index: Int) -> BadgeKeyValue? {
    switch reading {
    case .text: return textValue().map { .text($0) }
    case .id: return idValue().map { .text($0) }
    case .expression: return expressionValue().map { .expression($0) }
    case .ids: return idList().map { .texts($0) }
    case .integer:
      guard let value = integerValue(), value >= keys.entries[index].min, value <= keys.entries[index].max else {
        return nil
      }
      return .integer(value)
    case .expressions: return expressions(keys.entries[index].names).map { .expressions($0) }
    case .keyword:
      guard let text = textValue(), keys.entries[index].words.contains(text) else { return nil }
      return .text(text)
    case .json:
      guard events.next(), let node = node(depth: 4) else { return nil }
      return .json(JSONValue(node))
    case .unsupported: return nil
    }
  }

  /// A mapping of the expressions named `names`, each once and all of them (`progress:
  /// {current: ..., target: ...}`): their values in the order of `names`.
  private mutating func expressions(_ names: [[UInt8]]) -> [ExpressionSource]? {
    guard events.next(), at(.mappingStart), !event.pointee.hasProperties else { return nil }
    var values = [ExpressionSource?](repeating: nil, count: names.count)
    while true {
      guard events.next() else { return nil }
      if at(.mappingEnd) { break }
      guard isBareScalar,
        let index = names.firstIndex(where: { equals(event.pointee.bytes, $0) }), values[index] == nil,
        let expression = expressionValue()
      else { return nil }
      values[index] = expression
    }
    let all = values.compactMap { $0 }
    return all.count == names.count ? all : nil
  }

  // MARK: - Values

  /// The next event as a text value (`.text`: any scalar but null).
  private mutating func textValue() -> String? {
    guard events.next(), isBareScalar else { return nil }
    if event.pointee.style == .plain && !Self.isPlainString(event.pointee.bytes) {
      let text = string
      guard let tag = Self.plainTag(text), tag != .null else { return nil }
      return text
    }
    return string
  }

  /// Whether a plain scalar is certainly a string of the core schema, seen from its first
  /// byte: a letter that starts no null, bool or number (`n`, `t`, `f` in either case), or any
  /// byte past ASCII. Anything else goes through `plainTag`.
  private static func isPlainString(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first else { return false }
    switch first {
    case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"),
      UInt8(ascii: "F"):
      return false
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), 0x80...0xFF: return true
    default: return false
    }
  }

  /// Whether `bytes` are an id (`Names.isID`, on the bytes before any string is made).
  private static func isID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, (97...122).contains(first) || (48...57).contains(first) else {
      return false
    }
    for byte in bytes where !(byte == 45 || (97...122).contains(byte) || (48...57).contains(byte)) {
      return false
    }
    return true
  }

  /// The next event as an expression.
  private mutating func expressionValue() -> ExpressionSource? {
    guard let text = textValue() else { return nil }
    return ExpressionSource(
      text: text, origin: Origin(file: file, mark: event.pointee.mark), style: event.pointee.style)
  }

  /// The next event as an id (`.id`: a string or an integer written as an id).
  private mutating func idValue() -> String? {
    guard events.next(), isBareScalar else { return nil }
    return idOfCurrent()
  }

  private func idOfCurrent() -> String? {
    let bytes = event.pointee.bytes
    guard Self.isID(bytes) else { return nil }
    // An id that starts with a letter other than n, t and f is a string to the core schema.
    if event.pointee.style == .plain && !Self.isPlainString(bytes) {
      let text = string
      guard let tag = Self.plainTag(text), tag == .str || tag == .int else { return nil }
      return text
    }
    return string
  }

  /// The next event as an integer (a plain scalar the core schema reads as one).
  private mutating func integerValue() -> Int? {
    guard events.next(), isBareScalar, event.pointee.style == .plain else {
      return nil
    }
    // Up to 18 decimal digits: an integer of the core schema that fits (`Int("012")` is 12).
    let bytes = event.pointee.bytes
    if bytes.count > 0, bytes.count <= 18 {
      var value = 0
      var digits = true
      for byte in bytes {
        guard byte >= 48 && byte <= 57 else {
          digits = false
          break
        }
        value = value * 10 + Int(byte - 48)
      }
      if digits { return value }
    }
    let text = string
    guard CoreSchema.resolve(text) == .int else { return nil }
    return CoreSchema.int(text)
  }

  /// The next event as a list of ids.
  private mutating func idList() -> [String]? {
    guard events.next(), at(.sequenceStart), !event.pointee.hasProperties else { return nil }
    var list: [String] = []
    while true {
      guard events.next() else { return nil }
      if at(.sequenceEnd) { return list }
      guard isBareScalar, let id = idOfCurrent() else { return nil }
      if list.isEmpty { list.reserveCapacity(4) }  // one allocation, not one per doubling
      list.append(id)
    }
  }

  /// The core-schema type of a plain scalar, nil for an integer out of range (which the
  /// reader refuses).
  private static func plainTag(_ text: String) -> CoreTag? {
    let tag = CoreSchema.resolve(text)
    if tag == .int && CoreSchema.int(text) == nil { return nil }
    return tag
  }

  // MARK: - Nodes for the small sections

  /// The current event's node, as `YAMLDocumentReader` builds it; nil for anything it would report
  /// (or that this path leaves to it: anchors, aliases, tags, keys that are not strings,
  /// duplicate keys). `depth` counts the collections it is in, itself included.
  private mutating func node(depth: Int) -> Node? {
    guard !event.pointee.hasProperties else { return nil }
    let mark = event.pointee.mark
    switch event.pointee.kind {
    case .scalar:
      return scalarNode()
    case .sequenceStart:
      guard depth < maxDepth - 1 else { return nil }
      var items: [Node] = []
      while true {
        guard events.next() else { return nil }
        if at(.sequenceEnd) { break }
        guard let item = node(depth: depth + 1) else { return nil }
        items.append(item)
      }
      return Node(content: .sequence(items), mark: mark, tag: .seq)
    case .mappingStart:
      guard depth < maxDepth - 1 else { return nil }
      var pairs: [Pair] = []
      var keys = Set<String>()
      while true {
        guard events.next() else { return nil }
        if at(.mappingEnd) { break }
        guard at(.scalar), let key = node(depth: depth + 1), key.tag == .str,
          let text = key.text, keys.insert(text).inserted, events.next(),
          let value = node(depth: depth + 1)
        else { return nil }
        pairs.append(Pair(key: key, value: value))
      }
      return Node(content: .mapping(pairs), mark: mark, tag: .map)
    default:
      return nil
    }
  }

  /// The current scalar as a node.
  private func scalarNode() -> Node? {
    guard isBareScalar else { return nil }
    let text = string
    let style = event.pointee.style
    let tag: CoreTag
    if style == .plain {
      guard let resolved = Self.plainTag(text) else { return nil }
      tag = resolved
    } else {
      tag = .str
    }
    return Node(content: .scalar(text), mark: event.pointee.mark, style: style, tag: tag)
  }

  // MARK: - Events

  /// Moves to the next event, which must be of `kind`.
  private func pull(_ kind: YAMLEvent.Kind) -> Bool {
    events.next() && at(kind)
  }

  /// Whether the current event is of `kind`. (Compares the one-byte tags: `YAMLEvent`'s
  /// members are in another module, and neither its `==` nor its computed properties were
  /// inlined here: a call each, at every event.)
  @inline(__always)
  private func at(_ kind: YAMLEvent.Kind) -> Bool {
    unsafeBitCast(event.pointee.kind, to: UInt8.self) == unsafeBitCast(kind, to: UInt8.self)
  }

  /// Whether the current event is a scalar without an anchor or a tag.
  @inline(__always)
  private var isBareScalar: Bool { at(.scalar) && !event.pointee.hasProperties }

  /// The current scalar as a string.
  private var string: String {
    let bytes = event.pointee.bytes
    return bytes.count > 0 ? String(decoding: bytes, as: UTF8.self) : ""
  }

  private func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ name: [UInt8]) -> Bool {
    bytes.count == name.count && name.withUnsafeBufferPointer { memoryEquals($0, bytes) }
  }
}

/// `count` bytes (at most 8) from `base`, the first the lowest.
@inline(__always)
private func word(_ base: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
  var word: UInt64 = 0
  for index in 0..<count { word |= UInt64(base[index]) &<< UInt64(8 * index) }
  return word
}

/// Whether two buffers of the same length hold the same bytes.
private func memoryEquals(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
  for index in 0..<a.count where a[index] != b[index] { return false }
  return true
}

@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

/// The fast path of reading a catalog or rule module: decodes it straight from libyaml's
/// events (`YAMLEventStream`), with no tree of located nodes for the badges, which are
/// nearly all of a large catalog. Badge keys are matched as bytes, and values become strings
/// only where the model holds one. The other sections (a few dozen entries at most) are
/// built as nodes and go through `RuleFileDecoder`, as on the reference path.
///
/// It gives up (nil) on anything that the reference path (`YAMLDocumentReader`, then
/// `RuleFileDecoder`) would report or that it does not know: a syntax error, an anchor, an
/// alias or a tag, a second document, an unknown, duplicate or missing key, a value of the
/// wrong kind or out of range, an id or name that is not one, a section whose decoding reports
/// anything. `YAMLDocuments.catalogReader` then reads the file on the reference path, which
/// reports every problem, so diagnostics never come from here. The reference path is the
/// oracle: `EventCatalogDecoderTests` and the fuzz target `FuzzCatalog` check that both give
/// the same model.
struct EventCatalogDecoder {
  private let events: YAMLEventStream
  private let file: String
  private let maxDepth: Int
  /// The badge keys, from `CatalogSchema`.
  private let keys = BadgeKeys.schema

  /// The file at `source`, named `file` in origins, or nil when the reference path must read it.
  static func decode(_ source: SourceFile, file: String, limits: ReaderLimits) -> RuleFile? {
    guard let events = YAMLEventStream(source, limits: limits) else { return nil }
    var decoder = EventCatalogDecoder(events: events, file: file, maxDepth: limits.maxDepth)
    return decoder.decodeFile()
  }

  // MARK: - The file

  /// Keys of a catalog or a rule module (the two schemas' keys).
  private static let fileKeys: Set<String> = Set(
    (CatalogSchema.catalog.keys + CatalogSchema.module.keys).map(\.name))

  private mutating func decodeFile() -> RuleFile? {
    guard pull(.streamStart), pull(.documentStart), pull(.mappingStart), !events.hasProperties else {
      return nil
    }
    let rootMark = events.mark
    var pairs: [Pair] = []
    var badges: [Badge]?
    while true {
      guard events.next() else { return nil }
      if events.kind == .mappingEnd { break }
      guard events.isBareScalar else { return nil }
      if equals(events.bytes, Self.badgesKey) {
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

  /// What this path does with each key of a badge. The keys themselves, their shapes and which
  /// are display fields come from `CatalogSchema` (`BadgeKeys`); a key the schema gains that no
  /// role here reads is matched by nothing, so a badge using it goes to the reference path.
  private enum BadgeKey: Sendable {
    case id, name, when, description, category, xp, tags, group, progress, extra
    /// A display field (`CatalogSchema.badgeDisplayKeys`): any text, kept under its key.
    case display
  }

  /// The keys of `CatalogSchema.badge`, matched by their bytes: each name's length and first
  /// eight bytes as one little-endian word, then the rest. Made once from the schema.
  private struct BadgeKeys: Sendable {
    struct Entry: Sendable {
      let count: Int
      let head: UInt64
      let rest: [UInt8]
      let key: BadgeKey
      /// The key as text (a display field's key in the model).
      let name: String
    }
    let entries: [Entry]
    /// The smallest `xp` (`CatalogSchema.badge`'s `.integer(min:)`).
    let minXP: Int

    static let schema = BadgeKeys()

    private init() {
      var minXP = 0
      entries = CatalogSchema.badge.keys.compactMap { schema in
        guard let key = Self.role(schema) else { return nil }
        if case .integer(let min?, _) = schema.shape, key == .xp { minXP = min }
        let bytes = Array(schema.name.utf8)
        let head = bytes.withUnsafeBufferPointer { word($0.baseAddress!, Swift.min(bytes.count, 8)) }
        return Entry(count: bytes.count, head: head, rest: Array(bytes.dropFirst(8)), key: key, name: schema.name)
      }
      self.minXP = minXP
    }

    /// The role of a schema key whose shape is the one the role reads, else nil.
    private static func role(_ schema: KeySchema) -> BadgeKey? {
      if CatalogSchema.badgeDisplayKeys.contains(schema.name) {
        guard case .text = schema.shape else { return nil }
        return .display
      }
      switch (schema.name, schema.shape) {
      case ("id", .id): return .id
      case ("name", .text): return .name
      case ("when", .expression): return .when
      case ("description", .text): return .description
      case ("category", .text): return .category
      case ("xp", .integer(_, nil)): return .xp
      case ("tags", .list(.id)): return .tags
      case ("group", .id): return .group
      case ("progress", .object): return .progress
      case ("extra", .anything): return .extra
      default: return nil
      }
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

  /// The badge list; the current event is its key.
  private mutating func decodeBadges() -> [Badge]? {
    guard events.next(), events.kind == .sequenceStart, !events.hasProperties else { return nil }
    var badges: [Badge] = []
    while true {
      guard events.next() else { return nil }
      if events.kind == .sequenceEnd { return badges }
      guard events.kind == .mappingStart, !events.hasProperties, let badge = decodeBadge() else {
        return nil
      }
      badges.append(consume badge)
    }
  }

  /// One badge; the current event starts its mapping.
  private mutating func decodeBadge() -> Badge? {
    let origin = Origin(file: file, mark: events.mark)
    var id: String?
    var name: String?
    var when: ExpressionSource?
    var description: String?
    var category: String?
    var progress: (current: ExpressionSource, target: ExpressionSource)?
    var xp = 0
    var group: String?
    var groupOrigin: Origin?
    var tags: [String] = []
    var fields: [(key: String, value: String)] = []
    var extra: JSONValue?
    var seen: UInt64 = 0
    while true {
      guard events.next() else { return nil }
      if events.kind == .mappingEnd { break }
      guard events.isBareScalar, let index = keys.match(events.bytes) else {
        return nil
      }
      let bit: UInt64 = 1 << UInt64(index)
      guard seen & bit == 0 else { return nil }
      seen |= bit
      let entry = keys.entries[index]
      switch entry.key {
      case .id:
        guard let text = idValue() else { return nil }
        id = text
      case .name:
        guard let text = textValue() else { return nil }
        name = text
      case .when:
        guard let expression = expressionValue() else { return nil }
        when = expression
      case .description:
        guard let text = textValue() else { return nil }
        description = text
      case .category:
        guard let text = textValue() else { return nil }
        category = text
      case .xp:
        guard let value = integerValue(), value >= keys.minXP else { return nil }
        xp = value
      case .tags:
        guard let list = idList() else { return nil }
        tags = list
      case .display:
        guard let text = textValue() else { return nil }
        if fields.isEmpty { fields.reserveCapacity(4) }  // one allocation, not one per doubling
        fields.append((key: entry.name, value: text))
      case .group:
        guard let text = idValue() else { return nil }
        group = text
        groupOrigin = Origin(file: file, mark: events.mark)
      case .progress:
        guard let pair = progressValue() else { return nil }
        progress = pair
      case .extra:
        guard events.next(), let node = node(depth: 4) else { return nil }
        extra = JSONValue(node)
      }
    }
    guard let id, let name, let when else { return nil }
    return Badge(
      id: id, origin: origin, name: name, description: description, category: category, when: when,
      progress: progress, xp: xp, group: group, groupOrigin: groupOrigin, tags: tags,
      display: Display(fields: fields, extra: extra))
  }

  /// `progress: {current: ..., target: ...}`, both required.
  private mutating func progressValue() -> (current: ExpressionSource, target: ExpressionSource)? {
    guard events.next(), events.kind == .mappingStart, !events.hasProperties else { return nil }
    var current: ExpressionSource?
    var target: ExpressionSource?
    while true {
      guard events.next() else { return nil }
      if events.kind == .mappingEnd { break }
      guard events.isBareScalar else { return nil }
      if equals(events.bytes, Self.currentKey), current == nil {
        current = expressionValue()
        if current == nil { return nil }
      } else if equals(events.bytes, Self.targetKey), target == nil {
        target = expressionValue()
        if target == nil { return nil }
      } else {
        return nil
      }
    }
    guard let current, let target else { return nil }
    return (current, target)
  }

  private static let currentKey = Array("current".utf8)
  private static let targetKey = Array("target".utf8)

  // MARK: - Values

  /// The next event as a text value (`.text`: any scalar but null).
  private mutating func textValue() -> String? {
    guard events.next(), events.isBareScalar else { return nil }
    if events.style == .plain && !Self.isPlainString(events.bytes) {
      let text = events.string
      guard let tag = Self.plainTag(text), tag != .null else { return nil }
      return text
    }
    return events.string
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
    return ExpressionSource(text: text, origin: Origin(file: file, mark: events.mark), style: events.style)
  }

  /// The next event as an id (`.id`: a string or an integer written as an id).
  private mutating func idValue() -> String? {
    guard events.next(), events.isBareScalar else { return nil }
    return idOfCurrent()
  }

  private func idOfCurrent() -> String? {
    let bytes = events.bytes
    guard Self.isID(bytes) else { return nil }
    // An id that starts with a letter other than n, t and f is a string to the core schema.
    if events.style == .plain && !Self.isPlainString(bytes) {
      let text = events.string
      guard let tag = Self.plainTag(text), tag == .str || tag == .int else { return nil }
      return text
    }
    return events.string
  }

  /// The next event as an integer (a plain scalar the core schema reads as one).
  private mutating func integerValue() -> Int? {
    guard events.next(), events.isBareScalar, events.style == .plain else {
      return nil
    }
    // Up to 18 decimal digits: an integer of the core schema that fits (`Int("012")` is 12).
    let bytes = events.bytes
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
    let text = events.string
    guard CoreSchema.resolve(text) == .int else { return nil }
    return CoreSchema.int(text)
  }

  /// The next event as a list of ids.
  private mutating func idList() -> [String]? {
    guard events.next(), events.kind == .sequenceStart, !events.hasProperties else { return nil }
    var list: [String] = []
    while true {
      guard events.next() else { return nil }
      if events.kind == .sequenceEnd { return list }
      guard events.isBareScalar, let id = idOfCurrent() else { return nil }
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
    guard !events.hasProperties else { return nil }
    let mark = events.mark
    switch events.kind {
    case .scalar:
      return scalarNode()
    case .sequenceStart:
      guard depth < maxDepth - 1 else { return nil }
      var items: [Node] = []
      while true {
        guard events.next() else { return nil }
        if events.kind == .sequenceEnd { break }
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
        if events.kind == .mappingEnd { break }
        guard events.kind == .scalar, let key = node(depth: depth + 1), key.tag == .str,
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
    guard events.isBareScalar else { return nil }
    let text = events.string
    let style = events.style
    let tag: CoreTag
    if style == .plain {
      guard let resolved = Self.plainTag(text) else { return nil }
      tag = resolved
    } else {
      tag = .str
    }
    return Node(content: .scalar(text), mark: events.mark, style: style, tag: tag)
  }

  // MARK: - Events

  /// Moves to the next event, which must be of `kind`.
  private func pull(_ kind: YAMLEventStream.Kind) -> Bool {
    events.next() && events.kind == kind
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

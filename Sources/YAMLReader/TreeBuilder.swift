internal import CYaml
import RulesSource

/// Pulls libyaml's events and builds the node tree, enforcing the reader's limits as the
/// events arrive (so a hostile file costs no more than the limits allow).
struct TreeBuilder {
  let source: SourceFile
  let limits: ReaderLimits

  private(set) var root: Node?
  private(set) var diagnostics: [Diagnostic] = []
  /// A fatal problem stopped the reading.
  private(set) var failed = false

  private var stack: [OpenCollection] = []
  private var anchors: [String: Anchored] = [:]
  private var openAnchors: Set<String> = []
  private var aliasedNodes = 0
  private var documents = 0

  init(source: SourceFile, limits: ReaderLimits) {
    self.source = source
    self.limits = limits
  }

  private struct Anchored {
    var node: Node
    var size: Int
  }

  /// A list or mapping whose end event has not arrived yet.
  private struct OpenCollection {
    var isMapping: Bool
    var mark: Mark
    var anchor: String?
    var items: [Node] = []
    var pairs: [Pair] = []
    var pendingKey: Node?
    /// Nodes in this collection's subtree so far (itself included), for the alias budget.
    var size = 1
    /// Keys already seen, built once a mapping grows past a few dozen keys.
    var keyIndex: [KeyIdentity: Mark]?
  }

  /// What makes two keys the same key: their core-schema type and canonical value.
  private struct KeyIdentity: Hashable {
    var tag: CoreTag
    var value: String

    init?(_ node: Node) {
      guard case .scalar(let text) = node.content else { return nil }
      tag = node.tag
      switch ScalarValue(text: text, tag: node.tag) {
      case .null: value = ""
      case .bool(let bool): value = bool ? "true" : "false"
      case .int(let int): value = String(int)
      case .float(let double): value = double.isNaN ? "nan" : String(double)
      case .string(let string): value = string
      }
    }
  }

  mutating func run() {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
      fail(at: .start, .yamlSyntax, "libyaml could not start (out of memory)")
      return
    }
    defer { yaml_parser_delete(&parser) }
    source.bytes.withUnsafeBufferPointer { buffer in
      // An empty array may have no base address; libyaml needs a pointer all the same.
      withUnsafePointer(to: 0 as UInt8) { empty in
        yaml_parser_set_input_string(&parser, buffer.baseAddress ?? empty, buffer.count)
        var event = yaml_event_t()
        while !failed {
          guard yaml_parser_parse(&parser, &event) == 1 else {
            reportParserError(parser)
            return
          }
          let done = event.type == YAML_STREAM_END_EVENT
          handle(event)
          yaml_event_delete(&event)
          if done { return }
        }
      }
    }
  }

  // MARK: - Events

  private mutating func handle(_ event: yaml_event_t) {
    let mark = Self.mark(event.start_mark)
    switch event.type {
    case YAML_DOCUMENT_START_EVENT:
      documents += 1
      if documents > 1 {
        fail(
          at: mark, .yamlMultipleDocuments,
          "a second YAML document starts here; a file holds exactly one document")
      }
    case YAML_SCALAR_EVENT:
      let data = event.data.scalar
      let text = Self.string(data.value, count: data.length)
      let style = Self.style(data.style)
      guard let tag = scalarTag(data.tag, text: text, style: style, at: mark) else { return }
      let node = Node(content: .scalar(text), mark: mark, style: style, tag: tag)
      add(node, size: 1, anchor: Self.optionalString(data.anchor), at: mark)
    case YAML_SEQUENCE_START_EVENT:
      let data = event.data.sequence_start
      guard collectionTag(data.tag, expected: .seq, at: mark) else { return }
      open(isMapping: false, anchor: Self.optionalString(data.anchor), at: mark)
    case YAML_MAPPING_START_EVENT:
      let data = event.data.mapping_start
      guard collectionTag(data.tag, expected: .map, at: mark) else { return }
      open(isMapping: true, anchor: Self.optionalString(data.anchor), at: mark)
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      close()
    case YAML_ALIAS_EVENT:
      alias(Self.optionalString(event.data.alias.anchor) ?? "", at: mark)
    default:
      break  // stream start/end, document end
    }
  }

  private mutating func open(isMapping: Bool, anchor: String?, at mark: Mark) {
    if stack.count >= limits.maxDepth {
      fail(
        at: mark, .yamlTooDeep,
        "lists and mappings nest deeper than \(limits.maxDepth) levels here; "
          + "the reader's limit is \(limits.maxDepth)")
      return
    }
    if let anchor { openAnchors.insert(anchor) }
    stack.append(OpenCollection(isMapping: isMapping, mark: mark, anchor: anchor))
  }

  private mutating func close() {
    guard let collection = stack.popLast() else { return }
    if let anchor = collection.anchor { openAnchors.remove(anchor) }
    let node: Node
    if collection.isMapping {
      node = Node(content: .mapping(collection.pairs), mark: collection.mark, tag: .map)
    } else {
      node = Node(content: .sequence(collection.items), mark: collection.mark, tag: .seq)
    }
    add(node, size: collection.size, anchor: collection.anchor, at: collection.mark)
  }

  private mutating func alias(_ name: String, at mark: Mark) {
    if openAnchors.contains(name) {
      fail(
        at: mark, .yamlBadAlias,
        "alias *\(name) refers to a node that contains it; a recursive alias has no value")
      return
    }
    guard let anchored = anchors[name] else {
      fail(at: mark, .yamlBadAlias, "alias *\(name) has no anchor &\(name) before it")
      return
    }
    aliasedNodes += anchored.size
    if aliasedNodes > limits.maxAliasedNodes {
      fail(
        at: mark, .yamlAliasBudget,
        "aliases here expand to more than \(limits.maxAliasedNodes) nodes, the reader's "
          + "limit (is this an alias bomb?)")
      return
    }
    add(anchored.node, size: anchored.size, anchor: nil, at: mark)
  }

  /// Puts a finished node in its parent (or makes it the root).
  private mutating func add(_ node: Node, size: Int, anchor: String?, at mark: Mark) {
    if let anchor { anchors[anchor] = Anchored(node: node, size: size) }
    guard !stack.isEmpty else {
      if root == nil { root = node }
      return
    }
    let top = stack.count - 1
    stack[top].size += size
    if !stack[top].isMapping {
      stack[top].items.append(node)
      return
    }
    guard let key = stack[top].pendingKey else {
      stack[top].pendingKey = node
      return
    }
    stack[top].pendingKey = nil
    if let first = firstMark(ofKey: key, in: top) {
      let shown = key.text.map { "'\($0)'" } ?? "key"
      diagnostics.append(
        Diagnostic(
          file: source.path, mark: key.mark, id: .yamlDuplicateKey,
          message:
            "duplicate key \(shown) (first at line \(first.line), column \(first.column)); "
            + "keys in a mapping must be unique, the first one is kept"))
      return
    }
    stack[top].pairs.append(Pair(key: key, value: node))
  }

  /// Where `key` first appeared in the mapping at `index` of the stack, if it did; indexes
  /// the mapping's keys once it has more than a few dozen.
  private mutating func firstMark(ofKey key: Node, in index: Int) -> Mark? {
    guard case .scalar = key.content else { return nil }
    if stack[index].keyIndex == nil, stack[index].pairs.count < 32 {
      for pair in stack[index].pairs where Self.sameKey(pair.key, key) { return pair.key.mark }
      return nil
    }
    guard let identity = KeyIdentity(key) else { return nil }
    if let keyIndex = stack[index].keyIndex {
      if let mark = keyIndex[identity] { return mark }
      stack[index].keyIndex![identity] = key.mark
      return nil
    }
    let pairs = stack[index].pairs
    var keyIndex: [KeyIdentity: Mark] = [:]
    for pair in pairs {
      if let existing = KeyIdentity(pair.key), keyIndex[existing] == nil {
        keyIndex[existing] = pair.key.mark
      }
    }
    let found = keyIndex[identity]
    if found == nil { keyIndex[identity] = key.mark }
    stack[index].keyIndex = keyIndex
    return found
  }

  /// Whether two keys have the same identity, without building identities for string keys
  /// (the usual case: the same identity is the same text).
  private static func sameKey(_ a: Node, _ b: Node) -> Bool {
    guard a.tag == b.tag, case .scalar(let x) = a.content, case .scalar(let y) = b.content else {
      return false
    }
    if a.tag == .str { return x == y }
    return KeyIdentity(a) == KeyIdentity(b)
  }

  // MARK: - Tags

  private static let corePrefix = "tag:yaml.org,2002:"

  private mutating func scalarTag(
    _ raw: UnsafeMutablePointer<yaml_char_t>?, text: String, style: ScalarStyle, at mark: Mark
  ) -> CoreTag? {
    guard let tagText = Self.optionalString(raw) else {
      guard style.isPlain else { return .str }
      let tag = CoreSchema.resolve(text)
      if tag == .int && CoreSchema.int(text) == nil {
        fail(
          at: mark, .yamlInvalidValue,
          "the integer \(text) is out of range (from \(Int.min) to \(Int.max))")
        return nil
      }
      return tag
    }
    if tagText == "!" { return .str }  // the non-specific tag makes any scalar a string
    guard let tag = Self.coreTag(tagText), tag != .seq, tag != .map else {
      unsupported(tagText, at: mark)
      return nil
    }
    guard CoreSchema.accepts(text, as: tag), tag != .int || CoreSchema.int(text) != nil else {
      fail(at: mark, .yamlInvalidValue, "'\(text)' is not a valid \(tag.shorthand) value")
      return nil
    }
    return tag
  }

  private mutating func collectionTag(
    _ raw: UnsafeMutablePointer<yaml_char_t>?, expected: CoreTag, at mark: Mark
  ) -> Bool {
    guard let tagText = Self.optionalString(raw), tagText != "!" else { return true }
    if Self.coreTag(tagText) == expected { return true }
    unsupported(tagText, at: mark)
    return false
  }

  private mutating func unsupported(_ tag: String, at mark: Mark) {
    let shown =
      tag.hasPrefix(Self.corePrefix) ? "!!" + tag.dropFirst(Self.corePrefix.count) : tag
    fail(
      at: mark, .yamlUnsupportedTag,
      "the tag \(shown) is not supported here; only the core schema's tags are "
        + "(!!str, !!int, !!float, !!bool, !!null, !!seq, !!map)")
  }

  private static func coreTag(_ tag: String) -> CoreTag? {
    guard tag.hasPrefix(corePrefix) else { return nil }
    switch tag.dropFirst(corePrefix.count) {
    case "str": return .str
    case "int": return .int
    case "float": return .float
    case "bool": return .bool
    case "null": return .null
    case "seq": return .seq
    case "map": return .map
    default: return nil
    }
  }

  // MARK: - Errors

  private mutating func fail(at mark: Mark, _ id: DiagnosticID, _ message: String) {
    diagnostics.append(Diagnostic(file: source.path, mark: mark, id: id, message: message))
    failed = true
  }

  private mutating func reportParserError(_ parser: yaml_parser_t) {
    diagnostics.append(LibYAMLError.diagnostic(for: parser, in: source))
    failed = true
  }

  // MARK: - Conversions

  static func mark(_ mark: yaml_mark_t) -> Mark {
    Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
  }

  private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, count: Int) -> String {
    guard let pointer, count > 0 else { return "" }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  private static func optionalString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
  }

  static func optionalString(_ pointer: UnsafePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
  }

  private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
    switch style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: .literal
    case YAML_FOLDED_SCALAR_STYLE: .folded
    default: .plain
    }
  }
}

import Synchronization

/// Parses an expression and infers its types in one pass, from its UTF-8 bytes straight to the typed
/// tree: no token array, no untyped tree (`Expr`), no second walk. It is a fast path only, for
/// expressions without a problem: it gives up (nil) on anything `Lexer`, `Parser` or
/// `TypeInference` would report, and on what it leaves to them (`total` and `last`, which add to
/// the catalog's aggregates; a value of the `.invalid` type). The caller then checks the
/// expression on that path, which reports every problem, so diagnostics never come from here.
///
/// On success the tree is the one `TypeInference` makes from `Parser`'s tree, node for node and
/// range for range (`TypedParserTests` holds both to it). Checking the criteria of a large
/// catalog on the reference path was 92 M instructions of 143 M (5,000 badges: tokens, the
/// untyped tree and its destruction, string interpolation per operator).
package struct TypedParser {
  let bytes: UnsafeBufferPointer<UInt8>
  let names: Names
  /// Where the lexer is: the current token ends here.
  var position = 0
  var token = Token(kind: .end, range: 0..<0)
  /// How deep parentheses, operators before an operand, calls and `?:` nest (`Parser.maxDepth`).
  var nesting = 0

  /// A token of the language; names and strings are kept as ranges of `bytes`.
  struct Token {
    enum Kind: Equatable {
      case int(Int)
      case number(Double)
      case string
      case identifier
      case binary(BinaryOperator)
      case symbol(Token.Symbol)
      case end
    }
    typealias Symbol = RulesLanguage.Token.Symbol
    var kind: Kind
    var range: Range<Int>
  }

  /// A node as `Parser` would have made it, typed as `TypeInference` would have typed it.
  struct Node {
    /// The typed node.
    var typed: TypedExpr
    /// The untyped node's range (parentheses included).
    var range: Range<Int>
    /// `Parser.operatorDepth` of the untyped node.
    var depth: Int
    /// The untyped node's value when it is an integer or a number written as one (what a `-`
    /// before it folds). Its own trivial type, not `Value?` (which holds strings and enum types):
    /// a node is copied and dropped at every level of the parse.
    var literal: Literal?
    /// Whether `typed` is an operand's own node (`floor(x)` of an int is `x`): parentheses
    /// around it leave its range alone.
    var isOperand = false
  }

  /// A number written as one, which a `-` before it folds.
  enum Literal {
    case int(Int)
    case number(Double)
  }

  /// The failure of the fast path: the reference path decides.
  struct GiveUp: Error {}

  private init(bytes: UnsafeBufferPointer<UInt8>, names: Names) {
    self.bytes = bytes
    self.names = names
  }

  /// The names of an environment, looked up by their bytes (no string made for a name, no
  /// hashing); made once for the criteria of a catalog.
  package struct Names {
    fileprivate struct Entry {
      var input: (index: Int, type: ValueType)?
      var metric: (index: Int, type: ValueType)?
      var streak: Int?
      /// The name's leaves, each made once (`.symbol(.input(i))`, `.symbol(.metric(i))`, a
      /// streak's `current`, `best` and `freezes`): a criterion's leaf shares its box with every
      /// other one that reads the name instead of allocating its own.
      var inputLeaf: TypedExpr.Kind?
      var metricLeaf: TypedExpr.Kind?
      var streakLeaves: [TypedExpr.Kind] = []
    }
    /// Every name's bytes, one after the other; name `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    fileprivate var entries: [Entry] = []
    /// An open-addressing table of the names by the hash of their bytes: each slot holds an
    /// entry's position plus one (0: empty), so a name is found in about one comparison, not
    /// one per name of the catalog (20,000 metrics would make every criterion's lookups cost
    /// 20,000 comparisons).
    private var slots: [Int] = []
    /// The leaves of the integers `0..<Leaves.integerCount`, made when first read.
    fileprivate let leaves = Leaves()

    /// The names of `environment`.
    package init(_ environment: Environment) {
      var positions: [String: Int] = [:]
      func entry(_ name: String) -> Int {
        if let position = positions[name] { return position }
        positions[name] = entries.count
        entries.append(Entry())
        bytes += name.utf8
        starts.append(bytes.count)
        return entries.count - 1
      }
      for (name, input) in environment.inputs { entries[entry(name)].input = input }
      for (name, metric) in environment.metrics { entries[entry(name)].metric = metric }
      for (name, streak) in environment.streaks { entries[entry(name)].streak = streak }
      var size = 4
      while size < 2 * entries.count { size *= 2 }
      slots = [Int](repeating: 0, count: size)
      for index in entries.indices {
        var slot =
          bytes.withUnsafeBufferPointer {
            Self.hash(UnsafeBufferPointer(rebasing: $0[starts[index]..<starts[index + 1]]))
          } & (size - 1)
        while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
        slots[slot] = index + 1
      }
      for index in entries.indices {
        if let input = entries[index].input { entries[index].inputLeaf = .symbol(.input(input.index)) }
        if let metric = entries[index].metric { entries[index].metricLeaf = .symbol(.metric(metric.index)) }
        if let streak = entries[index].streak {
          entries[index].streakLeaves = [StreakField.current, .best, .freezes].map { .symbol(.streak(streak, $0)) }
        }
      }
    }

    /// The position of the entry named `name`: the names in its slot and those after it, until
    /// an empty slot, compared by length and then bytes.
    fileprivate func find(_ name: UnsafeBufferPointer<UInt8>) -> Int? {
      guard !name.isEmpty else { return nil }
      return bytes.withUnsafeBufferPointer { all in
        starts.withUnsafeBufferPointer { starts in
          slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Self.hash(name) & mask
            while slots[slot] != 0 {
              let index = slots[slot] - 1
              let start = starts[index]
              if starts[index + 1] - start == name.count,
                memoryEquals(UnsafeBufferPointer(rebasing: all[start..<starts[index + 1]]), name)
              {
                return index
              }
              slot = (slot + 1) & mask
            }
            return nil
          }
        }
      }
    }

    /// An FNV-1a hash of a name's bytes.
    private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> Int {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in name { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      return Int(truncatingIfNeeded: hash)
    }
  }

  /// Leaves shared by the criteria of a catalog: small integer literals, made when first read,
  /// and the built-in names. (A typed tree's nodes are boxes; a catalog's criteria read the same
  /// few names and small numbers again and again, so their leaves are one box each, retained,
  /// not one allocation a use: about 3 of a criterion's 7 boxes.)
  final class Leaves: Sendable {
    static let integerCount = 4096
    /// Behind a lock: a catalog's `Names` may be shared (the tests share one across threads).
    private let integers = Mutex<[TypedExpr.Kind?]>([])

    static let logged = TypedExpr.Kind.symbol(.logged)
    static let day = TypedExpr.Kind.symbol(.day)
    static let weekday = TypedExpr.Kind.symbol(.calendar(.weekday))
    static let badgesCount = TypedExpr.Kind.symbol(.badgesCount)
    static let badgesXP = TypedExpr.Kind.symbol(.badgesXP)
    static let isTrue = TypedExpr.Kind.literal(.bool(true))
    static let isFalse = TypedExpr.Kind.literal(.bool(false))

    /// The leaf of the integer literal `value`.
    func integer(_ value: Int) -> TypedExpr.Kind {
      guard value >= 0, value < Self.integerCount else { return .literal(.int(value)) }
      return integers.withLock { integers in
        if integers.isEmpty { integers = [TypedExpr.Kind?](repeating: nil, count: Self.integerCount) }
        if let leaf = integers[value] { return leaf }
        let leaf = TypedExpr.Kind.literal(.int(value))
        integers[value] = leaf
        return leaf
      }
    }
  }

  /// `text` typed as `TypeInference.infer(_:expecting:role:)` types it (`expecting` nil: as
  /// `inferNumeric`), or nil when the reference path must check it.
  package static func infer(_ text: String, names: Names, expecting: ValueType?) -> TypedExpr? {
    var text = text
    return text.withUTF8 { bytes -> TypedExpr? in
      var parser = TypedParser(bytes: bytes, names: names)
      guard let node = try? parser.whole() else { return nil }
      let typed = node.typed
      guard let expecting else { return typed.type == .int || typed.type == .number ? typed : nil }
      if typed.type == expecting { return typed }
      if expecting == .number && typed.type == .int {
        return TypedExpr(.toNumber(typed), .number, range: typed.range)
      }
      return nil
    }
  }

  // MARK: - Parsing (as `Parser`)

  mutating func whole() throws -> Node {
    try advance()
    if token.kind == .end { throw GiveUp() }
    let node = try conditional()
    guard token.kind == .end else { throw GiveUp() }
    return node
  }

  mutating func conditional() throws -> Node {
    let condition = try binary(level: 0)
    guard token.kind == .symbol(.question) else { return condition }
    try advance()
    try enter()
    defer { nesting -= 1 }
    let then = try conditional()
    guard token.kind == .symbol(.colon) else { throw GiveUp() }
    try advance()
    let otherwise = try conditional()
    let range = condition.range.lowerBound..<otherwise.range.upperBound
    let depth = try limited(1 + max(condition.depth, then.depth, otherwise.depth))
    // As `TypeInference.conditional`.
    guard condition.typed.type == .bool else { throw GiveUp() }
    var thenTyped = then.typed
    var otherwiseTyped = otherwise.typed
    try valid(thenTyped)
    try valid(otherwiseTyped)
    try coerceEnumLiteral(&thenTyped, &otherwiseTyped)
    let (t, o) = try unify(thenTyped, otherwiseTyped)
    return Node(
      typed: TypedExpr(.conditional(condition.typed, t, o), t.type, range: range), range: range, depth: depth)
  }

  /// The operators of `Parser.levels[level]`, loosest first.
  static func level(of op: BinaryOperator) -> Int {
    switch op {
    case .or: 0
    case .and: 1
    case .equal, .notEqual: 2
    case .less, .lessOrEqual, .greater, .greaterOrEqual: 3
    case .add, .subtract: 4
    case .multiply, .divide, .remainder: 5
    }
  }

  /// The operators of `level` and tighter, by precedence climbing: the tree `Parser.binary`'s
  /// one call per level gives (all its operators group to the left), with one call per operand.
  mutating func binary(level: Int) throws -> Node {
    var left = try unary()
    while case .binary(let op) = token.kind {
      let opLevel = Self.level(of: op)
      guard opLevel >= level else { break }
      try advance()
      let right = try binary(level: opLevel + 1)
      let range = left.range.lowerBound..<right.range.upperBound
      let depth = try limited(1 + max(left.depth, right.depth))
      left = Node(typed: try binaryTyped(op, left.typed, right.typed, range: range), range: range, depth: depth)
    }
    return left
  }

  mutating func unary() throws -> Node {
    guard token.kind == .symbol(.not) || token.kind == .binary(.subtract) else { return try primary() }
    let start = token.range.lowerBound
    let op: UnaryOperator = token.kind == .symbol(.not) ? .not : .negate
    try advance()
    try enter()
    defer { nesting -= 1 }
    let operand = try unary()
    let range = start..<operand.range.upperBound
    if op == .negate {
      // `-5` is the number -5 (`Parser.unary`).
      switch operand.literal {
      case .int(let value)?:
        return Node(
          typed: TypedExpr(.literal(.int(-value)), .int, range: range), range: range, depth: 0, literal: .int(-value))
      case .number(let value)?:
        return Node(
          typed: TypedExpr(.literal(.number(-value)), .number, range: range), range: range, depth: 0,
          literal: .number(-value))
      default: break
      }
    }
    let depth = try limited(1 + operand.depth)
    let inner = operand.typed
    switch op {
    case .not: guard inner.type == .bool else { throw GiveUp() }
    case .negate: guard inner.type == .int || inner.type == .number else { throw GiveUp() }
    }
    return Node(typed: TypedExpr(.unary(op, inner), inner.type, range: range), range: range, depth: depth)
  }

  mutating func primary() throws -> Node {
    let current = token
    switch current.kind {
    case .int(let value):
      try advance()
      return Node(
        typed: TypedExpr(names.leaves.integer(value), .int, range: current.range), range: current.range, depth: 0,
        literal: .int(value))
    case .number(let value):
      try advance()
      return Node(
        typed: TypedExpr(.literal(.number(value)), .number, range: current.range), range: current.range, depth: 0,
        literal: .number(value))
    case .string:
      try advance()
      let value = try stringValue(current.range)
      return Node(
        typed: TypedExpr(.literal(.string(value)), .string, range: current.range), range: current.range, depth: 0)
    case .identifier:
      try advance()
      let name = current.range
      // The words of the language have 2 to 5 letters (most names have more).
      if name.count <= 5 {
        if equals(name, "true") {
          return Node(typed: TypedExpr(Leaves.isTrue, .bool, range: name), range: name, depth: 0)
        }
        if equals(name, "false") {
          return Node(typed: TypedExpr(Leaves.isFalse, .bool, range: name), range: name, depth: 0)
        }
        if equals(name, "and") || equals(name, "or") || equals(name, "not") { throw GiveUp() }
      }
      if token.kind == .symbol(.openParen) { return try call(text(name), at: name) }
      if token.kind == .symbol(.dot) {
        try advance()
        guard token.kind == .identifier else { throw GiveUp() }
        let field = token.range
        try advance()
        let range = name.lowerBound..<field.upperBound
        return Node(typed: try member(name, field, range: range), range: range, depth: 0)
      }
      return Node(typed: try resolve(name), range: name, depth: 0)
    case .symbol(.openParen):
      try advance()
      try enter()
      defer { nesting -= 1 }
      var inner = try conditional()
      guard token.kind == .symbol(.closeParen) else { throw GiveUp() }
      let range = current.range.lowerBound..<token.range.upperBound
      try advance()
      // The same node over the parentheses' range (`Parser.primary`), typed again.
      inner.range = range
      if !inner.isOperand { inner.typed.range = range }
      return inner
    default:
      throw GiveUp()
    }
  }

  mutating func call(_ name: String, at nameRange: Range<Int>) throws -> Node {
    try advance()  // (
    try enter()
    defer { nesting -= 1 }
    var arguments: [Node] = []
    if token.kind != .symbol(.closeParen) {
      repeat {
        if !arguments.isEmpty { try advance() }  // ,
        arguments.append(try conditional())
      } while token.kind == .symbol(.comma)
    }
    guard token.kind == .symbol(.closeParen) else { throw GiveUp() }
    let range = nameRange.lowerBound..<token.range.upperBound
    try advance()
    var depth = 0
    for argument in arguments { depth = max(depth, argument.depth) }
    depth = try limited(1 + depth)
    // The function's type rule, as `TypeInference.call` applies it; history sums (`total`,
    // `last`) add aggregates, which the reference path does.
    guard let function = Function(rawValue: name), function.arity.contains(arguments.count) else { throw GiveUp() }
    var typed: [TypedExpr] = []
    typed.reserveCapacity(arguments.count)
    for argument in arguments {
      try valid(argument.typed)
      typed.append(argument.typed)
    }
    guard case .success(let result)? = function.typed(typed, range: range) else { throw GiveUp() }
    // `floor(x)` of an int is `x` itself: parentheses around the call leave its range alone.
    let isOperand = function.definition.typing == .roundsToInt && result.range != range
    return Node(typed: result, range: range, depth: depth, isOperand: isOperand)
  }

  mutating func enter() throws {
    nesting += 1
    if nesting > Parser.maxDepth { throw GiveUp() }
  }

  func limited(_ depth: Int) throws -> Int {
    if depth > Parser.maxOperatorDepth { throw GiveUp() }
    return depth
  }

  // MARK: - Types (as `TypeInference`)

  func valid(_ typed: TypedExpr) throws {
    if typed.type == .invalid { throw GiveUp() }
  }

  func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[range])
  }

  func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
    range.count == word.utf8CodeUnitCount
      && memoryEquals(slice(range), UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
  }

  /// A plain name (`TypeInference.resolve`): an input, a metric, then a built-in.
  func resolve(_ range: Range<Int>) throws -> TypedExpr {
    if let found = names.find(slice(range)) {
      if let input = names.entries[found].input, let leaf = names.entries[found].inputLeaf {
        if input.type == .invalid { throw GiveUp() }
        return TypedExpr(leaf, input.type, range: range)
      }
      if let metric = names.entries[found].metric, let leaf = names.entries[found].metricLeaf {
        if metric.type == .invalid { throw GiveUp() }
        return TypedExpr(leaf, metric.type, range: range)
      }
    }
    if equals(range, "logged") { return TypedExpr(Leaves.logged, .bool, range: range) }
    if equals(range, "day") { return TypedExpr(Leaves.day, .int, range: range) }
    if equals(range, "weekday") { return TypedExpr(Leaves.weekday, .int, range: range) }
    throw GiveUp()
  }

  /// `base.field` (`TypeInference.resolve`): a streak's field, then `badges` and `hijri`.
  func member(_ base: Range<Int>, _ field: Range<Int>, range: Range<Int>) throws -> TypedExpr {
    if let found = names.find(slice(base)), names.entries[found].streak != nil {
      // The streak's leaves, in the order of `Names.init`: current, best, freezes.
      let position: Int
      if equals(field, "current") {
        position = 0
      } else if equals(field, "best") {
        position = 1
      } else if equals(field, "freezes") {
        position = 2
      } else {
        throw GiveUp()
      }
      return TypedExpr(names.entries[found].streakLeaves[position], .int, range: range)
    }
    if equals(base, "badges") {
      if equals(field, "count") { return TypedExpr(Leaves.badgesCount, .int, range: range) }
      if equals(field, "xp") { return TypedExpr(Leaves.badgesXP, .int, range: range) }
      throw GiveUp()
    }
    if equals(base, "hijri") {
      guard let calendarField = CalendarField.hijriFields[text(field)] else { throw GiveUp() }
      return TypedExpr(.symbol(.calendar(calendarField)), .int, range: range)
    }
    throw GiveUp()
  }

  func binaryTyped(_ op: BinaryOperator, _ leftTyped: TypedExpr, _ rightTyped: TypedExpr, range: Range<Int>)
    throws -> TypedExpr
  {
    var left = leftTyped
    var right = rightTyped
    try valid(left)
    try valid(right)
    if op.isEquality { try coerceEnumLiteral(&left, &right) }
    guard case .success(let typed) = BinaryTyping.typed(op, left, right, range: range) else { throw GiveUp() }
    return typed
  }

  /// `TypeInference.coerceEnumLiteral`: a string literal beside an enum becomes its member.
  func coerceEnumLiteral(_ left: inout TypedExpr, _ right: inout TypedExpr) throws {
    if case .enumeration(let type) = left.type, case .literal(.string(let text)) = right.kind {
      guard let member = type.values.firstIndex(of: text) else { throw GiveUp() }
      right = TypedExpr(.literal(.member(member, type)), left.type, range: right.range)
    } else if case .enumeration(let type) = right.type, case .literal(.string(let text)) = left.kind {
      guard let member = type.values.firstIndex(of: text) else { throw GiveUp() }
      left = TypedExpr(.literal(.member(member, type)), right.type, range: left.range)
    }
  }

  func unify(_ left: TypedExpr, _ right: TypedExpr) throws -> (TypedExpr, TypedExpr) {
    guard let unified = BinaryTyping.unify(left, right) else { throw GiveUp() }
    return unified
  }
}

/// Whether two buffers of the same length hold the same bytes.
private func memoryEquals(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
  for index in 0..<a.count where a[index] != b[index] { return false }
  return true
}

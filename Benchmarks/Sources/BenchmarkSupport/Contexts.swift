@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit

/// The values one evaluation of the benchmark rule sees.
package struct Context: Sendable {
  package var streak: Int
  package var total: Int
  package var level: Int
}

/// The `expr.eval` workload: the rule `streak >= 7 && total >= 30 && level >= 5` over
/// contexts drawn from one seed. peers/peers.py draws the same contexts in the same order.
package enum RuleWorkload {
  package static let rule = "streak >= 7 && total >= 30 && level >= 5"
  package static let seed: UInt64 = 20_261_122
  package static let count = 1_000_000

  /// streak in 0..<40, total in 0..<100, level in 1...10.
  package static func contexts(count: Int = count, seed: UInt64 = seed) -> [Context] {
    var random = SplitMix(seed: seed)
    var contexts: [Context] = []
    contexts.reserveCapacity(count)
    for _ in 0..<count {
      let streak = random.below(40)
      let total = random.below(100)
      let level = 1 + random.below(10)
      contexts.append(Context(streak: streak, total: total, level: level))
    }
    return contexts
  }

  /// The baseline: the same rule as a plain Swift closure (called through a reference, as a
  /// rule chosen at run time would be).
  nonisolated(unsafe) public static var plain: (Context) -> Bool = { c in
    c.streak >= 7 && c.total >= 30 && c.level >= 5
  }

  /// The rule in the catalog language, as the only badge of a catalog with three int inputs.
  package static let catalogText = """
    catalog: bench
    name: Expression benchmark
    inputs:
      streak: {type: int}
      total: {type: int}
      level: {type: int}
    badges:
      - id: rule
        name: The rule
        when: \(rule)
    """

  /// The compiled rule and where its inputs go in the frame.
  package struct Compiled {
    package let evaluator: DayRunner
    package let criterion: @Sendable (Frame) -> Bool
    package let streak: Int
    package let total: Int
    package let level: Int

    /// Evaluates the rule on every context and counts the true ones.
    @inline(never)
    package func count(_ contexts: [Context]) -> Int {
      let frame = evaluator.frame
      let ints = frame.ints
      var hits = 0
      for c in contexts {
        ints[streak] = c.streak
        ints[total] = c.total
        ints[level] = c.level
        if criterion(frame) { hits += 1 }
      }
      return hits
    }
  }

  package static func compile() -> Compiled {
    let check = CatalogFiles.validate(
      path: "bench.yaml", reader: YAMLDocuments.reader(files: ["bench.yaml": catalogText]))
    guard let checked = check.validated else {
      fatalError("the benchmark catalog does not check: \(check.diagnostics)")
    }
    let program = Program(checked)
    func slot(_ name: String) -> Int {
      let index = checked.inputs.firstIndex { $0.name == name }!
      guard case .int(let slot) = program.layout.inputs[index] else { fatalError("not an int slot") }
      return slot
    }
    return Compiled(
      evaluator: DayRunner(program: program), criterion: program.criterion(ofBadge: 0),
      streak: slot("streak"), total: slot("total"), level: slot("level"))
  }

  /// The baseline's count over the same contexts.
  @inline(never)
  package static func countPlain(_ contexts: [Context]) -> Int {
    let f = plain
    var hits = 0
    for c in contexts where f(c) { hits += 1 }
    return hits
  }
}

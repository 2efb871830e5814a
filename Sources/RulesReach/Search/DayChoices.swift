@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

/// What a user may do with one date of their history.
struct DayChoice: Hashable {
  /// The record's values, encoded, one per input; nil: the date has no record.
  var values: [Int]?
  /// A time zone change jumped over the date (west across the date line): it is passed over.
  var skipped = false
  /// The user paused their streaks that day.
  var paused = false
  /// The inputs the record names though their values are the defaults (a history file writes
  /// them): what makes a streak final once reported judge the day final. The others at their
  /// default are left out of the record.
  var named: [Int] = []

  /// The inputs the record names: those not at their default, and `named`.
  func reported(defaults: [Int]) -> [Int] {
    guard let values else { return [] }
    return values.indices.filter { values[$0] != defaults[$0] || named.contains($0) }
  }

  /// The record as `rules replay` reads it on `day` (nil: no record).
  func record(day: Int, defaults: [Int]) -> EncodedRecord? {
    values.map { EncodedRecord(date: CalendarDay(number: day), values: $0, reported: reported(defaults: defaults)) }
  }
}

/// The choices the search tries each date: one record for each way the inputs' values can
/// differ to the catalog (records whose every input-only part of the expressions that matter
/// is equal are one), no record, a date a zone skipped, and each of those paused when a streak
/// is pausable.
struct DayChoices {
  let all: [DayChoice]
  /// Whether they stand for every record (each input's values do, and none was left out).
  let complete: Bool

  /// The most records tried a day.
  static let limit = 4096

  init(_ facts: CatalogFacts) {
    let catalog = facts.catalog
    var records: [[Int]] = [[]]
    var complete = facts.candidatesComplete
    for candidates in facts.candidates {
      var next: [[Int]] = []
      for record in records {
        for value in candidates {
          next.append(record + [value])
          if next.count >= Self.limit { break }
        }
        if next.count >= Self.limit { break }
      }
      if next.count < records.count * candidates.count { complete = false }
      records = next
    }
    // One record for each fingerprint: the values of the expressions' parts that read the
    // day's inputs alone.
    let atoms = Atoms(facts)
    var seen = Set<[Bounds]>()
    var choices: [DayChoice] = []
    let defaults = catalog.inputs.map { $0.encode($0.defaultValue) }
    if seen.insert(atoms.fingerprint(of: defaults, logged: false)).inserted || facts.relevant.logged {
      choices.append(DayChoice(values: nil))
    }
    // A record that names the inputs a streak final once reported lists is not a day without
    // a record, whatever its values.
    if !facts.reported.isEmpty { seen = [] }
    for record in records where seen.insert(atoms.fingerprint(of: record, logged: true)).inserted {
      choices.append(DayChoice(values: record))
    }
    // A streak final once reported (`today: {final_once_reported: [...]}`) judges the day by
    // the inputs the record names: each record once for each way of naming its listed inputs
    // at their defaults that its streaks judge differently.
    if !facts.reported.isEmpty {
      let listed = Array(Set(facts.reported.flatMap(\.inputs))).sorted()
      choices = choices.flatMap { choice -> [DayChoice] in
        guard let values = choice.values else { return [choice] }
        let open = listed.filter { values[$0] == defaults[$0] }
        var judged = Set<[Bool]>()
        var variants: [DayChoice] = []
        for mask in 0..<(1 << min(open.count, 8)) {
          var variant = choice
          variant.named = open.indices.filter { mask & (1 << $0) != 0 }.map { open[$0] }
          let reported = variant.reported(defaults: defaults)
          let judgment = facts.reported.map { streak in streak.inputs.allSatisfy(reported.contains) }
          if judged.insert(judgment).inserted { variants.append(variant) }
        }
        return variants
      }
      if listed.count > 8 { complete = false }
    }
    if facts.hasPausable && !facts.pausesLeftOut {
      choices += choices.map { DayChoice(values: $0.values, paused: true, named: $0.named) }
    }
    if facts.pausesLeftOut || facts.repairsLeftOut { complete = false }
    choices.append(DayChoice(values: nil, skipped: true))
    all = choices
    self.complete = complete
  }
}

/// The parts of the expressions that matter which read only the day's inputs (and whether it
/// has a record): a record is known by their values.
struct Atoms {
  private let parts: [TypedExpr]
  private let evaluator: BoundsEvaluator
  private let catalog: ValidatedCatalog

  init(_ facts: CatalogFacts) {
    catalog = facts.catalog
    evaluator = BoundsEvaluator(catalog: catalog, environment: BoundsEnvironment(catalog: catalog))
    var parts: [TypedExpr] = []
    var memo: [Int: Bool] = [:]
    let catalog = facts.catalog
    func inputOnly(_ expression: TypedExpr) -> Bool {
      switch expression.kind {
      case .literal: return true
      case .symbol(let symbol):
        switch symbol {
        case .input, .logged: return true
        case .metric(let index):
          if let known = memo[index] { return known }
          memo[index] = false
          let found = inputOnly(catalog.metrics[index])
          memo[index] = found
          return found
        default: return false
        }
      case .aggregate: return false
      case .unary(_, let a), .toNumber(let a), .toInt(let a): return inputOnly(a)
      case .binary(_, let a, let b): return inputOnly(a) && inputOnly(b)
      case .conditional(let a, let b, let c): return inputOnly(a) && inputOnly(b) && inputOnly(c)
      case .call(_, let arguments): return arguments.allSatisfy(inputOnly)
      }
    }
    func collect(_ expression: TypedExpr) {
      if inputOnly(expression) {
        if case .literal = expression.kind { return }
        parts.append(expression)
        return
      }
      switch expression.kind {
      case .literal, .symbol, .aggregate: return
      case .unary(_, let a), .toNumber(let a), .toInt(let a): collect(a)
      case .binary(_, let a, let b):
        collect(a)
        collect(b)
      case .conditional(let a, let b, let c):
        collect(a)
        collect(b)
        collect(c)
      case .call(_, let arguments): arguments.forEach(collect)
      }
    }
    facts.expressions.forEach(collect)
    self.parts = parts
  }

  /// The record's fingerprint. A part whose value the bounds cannot pin down (they are exact
  /// for most operations on single values) is replaced by the inputs it reads, as they are.
  func fingerprint(of values: [Int], logged: Bool) -> [Bounds] {
    evaluator.environment.inputs = catalog.inputs.enumerated().map { index, input in
      Atoms.bounds(input.decode(values[index]))
    }
    evaluator.environment.logged = .truth(canBeFalse: !logged, canBeTrue: logged)
    evaluator.reset()
    var print: [Bounds] = []
    for part in parts {
      let value = evaluator.evaluate(part)
      if Atoms.exact(value) {
        print.append(value)
      } else {
        let reads = Reads.of(part, in: catalog)
        print += reads.inputs.sorted().map { .exactly(values[$0]) }
        if reads.logged { print.append(evaluator.environment.logged) }
      }
    }
    return print
  }

  static func bounds(_ value: Value) -> Bounds { BoundsEvaluator.bounds(of: value) }

  static func exact(_ bounds: Bounds) -> Bool {
    switch bounds {
    case .range(let low, let high, _): low == high
    case .truth(let f, let t): f != t
    case .members(let set): set.count == 1
    case .unknown: false
    }
  }
}

@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import Synchronization

/// A validated catalog compiled for evaluation: its frame layout, its day as bytecode (history
/// sums, streaks, metrics, badge criteria), and what only a report reads (progress measures,
/// message conditions and templates) as bytecode of the same compiler, made on the first report
/// that asks (`reports`). Compile once, evaluate many days and users. (Explanations, a tooling
/// matter, compile their expressions per call.)
@_spi(CompiledDay) public final class Program: Sendable {
  /// The catalog compiled.
  @_spi(CompiledDay) public let catalog: ValidatedCatalog
  /// Where each value lives in a frame.
  @_spi(CompiledDay) public let layout: Layout
  let bytecode: Bytecode
  let badgeXP: [Int]
  /// Badges outside progressive groups, in catalog order.
  let freeBadges: [Int]
  /// Each progressive group's badges, in order.
  let progressiveGroups: [[Int]]
  /// When the badges outside progressive groups unlock, and how many per check (`unlocks`).
  let unlocks: UnlockRule
  /// How `badges.next` breaks ties between equal targets (`next_badge`).
  let nextBadgeTies: NextBadgeRule.Ties
  /// Each badge's group (its index), or nil: what `unlocks.per_group` counts.
  let badgeGroups: [Int?]
  /// Each aggregate's key in a saved state (`total(…)`, `last(N, …)`), made once: printing the
  /// expression again for every state read and written was a third of reading a binary state.
  let aggregateKeys: [String]
  /// Each badge's position by its id (a saved state names its unlocks by id).
  let badgePositions: [String: Int]
  /// Each badge's period when it repeats (`repeats: week`), else nil.
  let badgeRepeats: [PeriodSum?]
  /// The badges that repeat, in catalog order (empty for most catalogs).
  let repeatingBadges: [Int]
  /// Each badge's prerequisites (`requires`) as badge positions; empty when no badge has any.
  package let badgeRequires: [[Int]]
  /// The streaks whose evaluated day is final once the day's record names inputs (`today:
  /// {final_once_reported: [...]}`): each one's position and the inputs' positions. Empty for
  /// most catalogs.
  package let reportedStreaks: [(streak: Int, inputs: [Int])]
  /// Whether the catalog reads which inputs a record names (`reportedStreaks`): its records
  /// keep them (`EncodedRecord.reported`), as its saved states and stored days do.
  package var tracksReported: Bool { !reportedStreaks.isEmpty }

  /// What only reports read, compiled on the first report that asks (`reports`).
  private let reportCode = Mutex<ReportCode?>(nil)
  /// The catalog's default language, made when a message is first written (`textLocale`).
  private let defaultLocale = Mutex<TextLocale?>(nil)

  /// Compiles `catalog`: its layout and its bytecode (the report code is made on the first report).
  @_spi(CompiledDay) public init(_ catalog: ValidatedCatalog) {
    self.catalog = catalog
    let layout = Layout(catalog)
    self.layout = layout
    // The per-badge tables are made in the bytecode's own pass over the badges: a large
    // catalog's badges do not stay in the cache between passes, and each pass read every
    // badge's box from memory again. Each field is read in place (`ValidatedBadge.xp`, ...):
    // the whole badge copied out of its box and dropped again costs more than the pass.
    let groups = catalog.catalog.groups
    let count = catalog.badges.count
    var badgeXP: [Int] = []
    var badgeGroups: [Int?] = []
    var badgeRepeats: [PeriodSum?] = []
    var freeBadges: [Int] = []
    var repeatingBadges: [Int] = []
    var requiring: [Int] = []
    var progressiveGroups = [[Int]](repeating: [], count: groups.count)
    var badgePositions: [String: Int] = [:]
    badgeXP.reserveCapacity(count)
    badgeGroups.reserveCapacity(count)
    badgeRepeats.reserveCapacity(count)
    freeBadges.reserveCapacity(count)
    badgePositions.reserveCapacity(count)
    bytecode = Bytecode(catalog, layout: layout) { index, badge in
      badgeXP.append(badge.xp)
      let group = badge.group
      badgeGroups.append(group)
      let repeats = badge.repeats
      badgeRepeats.append(repeats)
      if repeats != nil { repeatingBadges.append(index) }
      if badge.hasRequires { requiring.append(index) }
      if let group, groups[group].progressive {
        progressiveGroups[group].append(index)
      } else {
        freeBadges.append(index)
      }
      // The first badge of an id keeps it, as before (`DuplicateIDRule` refuses a second):
      // adding 0 through the `default:` subscript stores `index` only where the id is new,
      // hashing the id once (a lookup and then a store hashed it twice: 2.0 M instructions
      // for 5,000 badges).
      badgePositions[badge.id, default: index] += 0
    }
    self.badgeXP = badgeXP
    self.freeBadges = freeBadges
    self.progressiveGroups = groups.indices.compactMap { groups[$0].progressive ? progressiveGroups[$0] : nil }
    unlocks = catalog.catalog.unlocks
    nextBadgeTies = catalog.catalog.nextBadge.ties
    self.badgeGroups = badgeGroups
    aggregateKeys = catalog.aggregates.map(UserState.key)
    self.badgePositions = badgePositions
    self.badgeRepeats = badgeRepeats
    self.repeatingBadges = repeatingBadges
    var badgeRequires = [[Int]]()
    if !requiring.isEmpty {
      badgeRequires = [[Int]](repeating: [], count: count)
      for index in requiring {
        badgeRequires[index] = catalog.badges[index].badge.requires.compactMap { badgePositions[$0.id] }
      }
    }
    self.badgeRequires = badgeRequires
    let inputPositions = Dictionary(
      catalog.inputs.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    reportedStreaks = catalog.streaks.indices.compactMap { index in
      let names = catalog.streaks[index].streak.today.reportedInputs
      guard !names.isEmpty else { return nil }
      return (index, names.compactMap { inputPositions[$0.name] })
    }
  }

  /// Whether every prerequisite (`requires`) of the badge at `index` is unlocked in `state`: a
  /// badge earned once is unlocked from its day on; one that repeats, once it was earned at
  /// least once. True for a badge without prerequisites.
  @inline(__always)
  package func prerequisitesMet(_ index: Int, in state: CountedState) -> Bool {
    guard !badgeRequires.isEmpty else { return true }
    for prerequisite in badgeRequires[index] where !isUnlocked(prerequisite, in: state) { return false }
    return true
  }

  /// The prerequisites of the badge at `index` still locked in `state`, in the order listed.
  package func missingPrerequisites(_ index: Int, in state: CountedState) -> [Int] {
    guard !badgeRequires.isEmpty else { return [] }
    return badgeRequires[index].filter { !isUnlocked($0, in: state) }
  }

  /// Whether a badge counts as unlocked for the badges that require it.
  private func isUnlocked(_ badge: Int, in state: CountedState) -> Bool {
    badgeRepeats[badge] == nil ? state.unlocked[badge] != nil : !state.earnings[badge].isEmpty
  }

  /// The first day (a day number) of the period of `kind` that holds the day `number`, weeks
  /// beginning on the catalog's `week_starts`: two earnings of a repeating badge are in the same
  /// period when they have the same first day.
  package func periodStart(_ kind: PeriodSum, ofDay number: Int) -> Int {
    var calendar = DayCalendar()
    return number - calendar.daysBefore(kind, ofDay: number, weekStart: catalog.catalog.weekStarts)
  }

  /// The id of the period of `kind` that holds the day `number` (`2026-W22`, `2026-05`, `1447-09`).
  package func periodID(_ kind: PeriodSum, ofDay number: Int) -> String {
    Period.containing(
      CalendarDay(number: number), kind: Period.Kind(rawValue: kind.rawValue) ?? .all,
      weekStart: catalog.catalog.weekStarts
    ).id
  }

  /// What only reports read (progress measures, messages), as bytecode. Compiled when a report
  /// first asks, not at load: only reports read it, and a large catalog's load spent about
  /// 2,000 instructions a badge making its measures (as closures) and as many freeing them.
  var reports: ReportCode {
    reportCode.withLock { code in
      if let code { return code }
      let made = ReportCode(catalog, layout: layout)
      code = made
      return made
    }
  }

  /// The catalog's default language, which reports are written in. Made when a report first
  /// writes a message, not at load (a number formatter and plural rules: 2.3 M instructions).
  var textLocale: TextLocale {
    defaultLocale.withLock { locale in
      if let locale { return locale }
      let made = TextLocale.named(catalog.catalog.defaultLocale)
      locale = made
      return made
    }
  }

  /// The compiled criterion of the badge at `index` (for embedders and benchmarks that test
  /// one rule against values they put in an evaluator's frame): on a frame of a `DayRunner` of
  /// this program, the day's own bytecode for the criterion, run by the runner's machine, or,
  /// for int comparisons joined by `&&` (the usual badge), those comparisons made in place
  /// (`CriterionTest.conjunction`); on any other frame of this program, the criterion computed
  /// alone (`compile`).
  @_spi(CompiledDay) public func criterion(ofBadge index: Int) -> @Sendable (Frame) -> Bool {
    let code = bytecode.criteria[index]
    let identity = bytecode.identity
    let alone = compile(catalog.badges[index].when)
    if let tests = CriterionTest.conjunction(code.code, result: code.result, in: bytecode) {
      // Thresholds (`x >= 7 && y >= 30 && z >= 5`, constants on the right), two or three: unrolled,
      // their slots and limits in one box (the closure's context forwarded as one reference).
      let constants = bytecode.intConstants
      if (2...3).contains(tests.count), tests.allSatisfy({ $0.0 == .greaterOrEqual && $0.2 < 0 }) {
        let slots = tests.map(\.1) + [tests[0].1]
        let limits = tests.map { constants[-$0.2 - 1] } + [Int.min]
        let t = Thresholds(identity: identity, slots: slots, limits: limits, alone: alone)
        return { frame in
          guard frame.code == t.identity else { return t.alone(frame).isTrue }
          let ints = frame.ints
          return ints[t.a] >= t.x && ints[t.b] >= t.y && ints[t.c] >= t.z
        }
      }
      return { frame in
        guard frame.code == identity else { return alone(frame).isTrue }
        let ints = frame.ints
        for (comparison, a, b) in tests where !comparison.holds(ints[a], ints[b]) { return false }
        return true
      }
    }
    return { frame in
      guard let machine = frame.machine, machine.identity == identity else { return alone(frame).isTrue }
      machine.run(code.code)
      return frame.ints[code.result] != 0
    }
  }

  /// A closure computing `expr` (an expression of this catalog) on a frame of this program's
  /// runners: the expression compiled alone to bytecode, run on a machine of its own over a copy
  /// of the frame's layout slots (for explanations: a machine a call).
  @_spi(CompiledDay) public func compile(_ expr: TypedExpr) -> @Sendable (Frame) -> Value {
    let code = ExpressionCode(expr, layout: layout)
    let layout = layout
    return { frame in
      let machine = ReportMachine(code.bytecode, layout: layout)
      machine.load(from: frame)
      machine.run(code.code)
      return machine.value(code.result)
    }
  }

  /// Two or three thresholds of a criterion (`criterion(ofBadge:)`): slots `a`, `b`, `c` at
  /// least `x`, `y`, `z`.
  private final class Thresholds: Sendable {
    let identity: Int
    let a: Int
    let b: Int
    let c: Int
    let x: Int
    let y: Int
    let z: Int
    let alone: @Sendable (Frame) -> Value

    init(identity: Int, slots: [Int], limits: [Int], alone: @escaping @Sendable (Frame) -> Value) {
      self.identity = identity
      (a, b, c) = (slots[0], slots[1], slots[2])
      (x, y, z) = (limits[0], limits[1], limits[2])
      self.alone = alone
    }
  }
}

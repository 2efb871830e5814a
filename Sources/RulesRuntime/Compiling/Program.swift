@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import Synchronization

/// A validated catalog compiled for evaluation: its frame layout, its day as bytecode (history
/// sums, streaks, metrics, badge criteria), and closures for what only a report reads (message
/// conditions and templates compiled here; badges' progress measures on the first report that
/// asks). Compile once, evaluate many days and users. (Explanations, a tooling matter, compile their closures per call.)
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

  /// Each badge's progress measures, compiled on the first report that asks (`progress`).
  private let badgeMeasures = Mutex<[[Measure]]?>(nil)
  /// Each metric's progress measure towards its next value, if it has one.
  let metricProgress: [Measure?]
  /// Each message: its condition, title, variants and action.
  let messages: [CompiledMessage]
  /// The catalog's default language, made when a message is first written (`textLocale`).
  private let defaultLocale = Mutex<TextLocale?>(nil)

  /// A badge's compiled criterion. The struct keeps the closure as it is compiled: a bare
  /// closure in an array would be stored (and called) through a reabstraction thunk.
  struct Criterion: Sendable {
    let test: BoolFn
  }

  /// A closure giving a value on a frame.
  struct ValueClosure: Sendable {
    let value: @Sendable (Frame) -> Value
  }

  /// One progress measure of a badge.
  struct Measure: Sendable {
    let current: ValueClosure
    let target: ValueClosure
  }

  /// A template and its arguments' values computed on the frame; the text is written by
  /// `Template.render` in the language asked for.
  struct CompiledTemplate: Sendable {
    let template: Template
    let arguments: [(key: String, value: ValueClosure)]

    /// Adds each argument's value on `frame` to `values`.
    func values(_ frame: Frame, into values: inout [String: Value]) {
      for argument in arguments { values[argument.key] = argument.value.value(frame) }
    }
  }

  /// A message with its conditions and templates compiled.
  struct CompiledMessage: Sendable {
    let when: Criterion?
    let title: CompiledTemplate?
    let variants: [(when: Criterion?, text: CompiledTemplate)]
    let action: CompiledTemplate?
  }

  /// Compiles `catalog`: its layout, its bytecode and its report closures.
  @_spi(CompiledDay) public init(_ catalog: ValidatedCatalog) {
    self.catalog = catalog
    let layout = Layout(catalog)
    self.layout = layout
    bytecode = Bytecode(catalog, layout: layout)
    let compiler = ClosureCompiler(layout: layout)
    func closure(_ expr: TypedExpr) -> ValueClosure { ValueClosure(value: compiler.value(expr)) }
    func template(_ template: TypedTemplate) -> CompiledTemplate {
      CompiledTemplate(template: template.template, arguments: template.arguments.map { ($0.key, closure($0.expr)) })
    }
    metricProgress = catalog.metricProgress.map { part in
      part.map { Measure(current: closure($0.current), target: closure($0.target)) }
    }
    messages = catalog.messages.map { message in
      CompiledMessage(
        when: message.when.map { Criterion(test: compiler.bool($0)) },
        title: message.title.map(template),
        variants: message.variants.map { ($0.when.map { Criterion(test: compiler.bool($0)) }, template($0.text)) },
        action: message.action.map(template))
    }
    badgeXP = catalog.badges.map { $0.xp }
    let groups = catalog.catalog.groups
    freeBadges = catalog.badges.indices.filter { index in
      guard let group = catalog.badges[index].group else { return true }
      return !groups[group].progressive
    }
    progressiveGroups = groups.indices.compactMap { group in
      guard groups[group].progressive else { return nil }
      return catalog.badges.indices.filter { catalog.badges[$0].group == group }
    }
    unlocks = catalog.catalog.unlocks
    nextBadgeTies = catalog.catalog.nextBadge.ties
    badgeGroups = catalog.badges.map(\.group)
    aggregateKeys = catalog.aggregates.map(UserState.key)
    badgePositions = Dictionary(
      catalog.badges.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
    let repeats = catalog.badges.map(\.repeats)
    badgeRepeats = repeats
    repeatingBadges = repeats.indices.filter { repeats[$0] != nil }
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

  /// Each badge's progress measures: where the user is and where the badge unlocks. Compiled
  /// when a report first asks, not at load: only reports read them, and a large catalog's
  /// load spent about 2,000 instructions a badge making them and as many freeing them.
  var progress: [[Measure]] {
    badgeMeasures.withLock { measures in
      if let measures { return measures }
      let compiler = ClosureCompiler(layout: layout)
      let made = catalog.badges.map { badge in
        badge.progress.map {
          Measure(
            current: ValueClosure(value: compiler.value($0.current)),
            target: ValueClosure(value: compiler.value($0.target)))
        }
      }
      measures = made
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
  /// one rule against values they put in an evaluator's frame). Compiled when asked for: the day
  /// runs the bytecode, so a catalog's load compiles no criterion closure (about 2,000
  /// instructions a badge, and as many to free them).
  @_spi(CompiledDay) public func criterion(ofBadge index: Int) -> @Sendable (Frame) -> Bool {
    ClosureCompiler(layout: layout).bool(catalog.badges[index].when)
  }

  /// A closure computing `expr` (an expression of this catalog) on a frame.
  @_spi(CompiledDay) public func compile(_ expr: TypedExpr) -> @Sendable (Frame) -> Value {
    ClosureCompiler(layout: layout).value(expr)
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

/// Where a history begins: its first date, and whether it has a `start` (that date) or begins
/// with its first record.
struct SearchSource: Hashable {
  var first: Int
  var hasStart: Bool
}

/// The breadth-first search over the engine's own day: from each source, every choice of each
/// date (`DayChoices`) stepped exactly as `rules replay` steps a history (the day checked in
/// progress, then finished and counted), states with the same key (`StateKeyMaker`) kept once,
/// level by level, so the first level at which an item is reached is its fewest days among the
/// histories tried. When a level holds more states than `width`, the highest scored are kept
/// (a beam): from then on what is found is a witness, and no longer a minimum.
final class ReachSearch {
  /// How a node was reached: the node before it (in the level before), the choice, the source.
  struct Link {
    var parent: Int32
    var choice: Int32
    var source: Int32
  }

  /// Where an item was first reached: the level (its fewest days found) and the node.
  struct Hit: Equatable {
    var level: Int
    var node: Int
  }

  let program: Program
  let facts: CatalogFacts
  let target: CatalogFacts.Target
  let choices: DayChoices
  let sources: [SearchSource]
  let horizon: Int
  let width: Int
  let stepBudget: Int

  /// Each level's nodes (level 1 first).
  private(set) var levels: [[Link]] = []
  /// Where the target was first reached; for a badge, where its criterion first held at a check.
  private(set) var found: Hit?
  private(set) var criterion: Hit?
  /// The first level whose states the beam cut (nil: none was): levels up to it were searched
  /// whole.
  private(set) var truncatedAt: Int?
  /// The level at which the search stopped for its budget of steps (nil: it did not).
  private(set) var stoppedAt: Int?
  /// The level after which nothing new could be reached (every state's successors were
  /// seen before), or nil.
  private(set) var closedAt: Int?
  private(set) var steps = 0
  /// Each input's default, encoded.
  private let defaults: [Int]

  init(
    program: Program, facts: CatalogFacts, target: CatalogFacts.Target, choices: DayChoices, sources: [SearchSource],
    horizon: Int, width: Int, stepBudget: Int
  ) {
    self.program = program
    self.facts = facts
    self.target = target
    self.choices = choices
    self.sources = sources
    self.horizon = horizon
    self.width = width
    self.stepBudget = stepBudget
    defaults = program.catalog.inputs.map { $0.encode($0.defaultValue) }
  }

  private struct Node {
    var state: CountedState
    var next: Int
    var source: Int
  }

  /// Tries the histories that make the same choice every day (each record of `choices`, from
  /// each source) for up to `days` dates: the witness of many items (a streak kept, a sum at
  /// its most every day). Returns the first that reaches the target on date `days` exactly.
  func probe(runner: DayRunner, days: Int) -> (source: SearchSource, choice: DayChoice)? {
    let catalog = program.catalog
    runner.adjust(for: History())
    for source in sources {
      let start = source.hasStart ? source.first : nil
      for choice in choices.all where !choice.skipped && !choice.paused {
        if !source.hasStart && choice.values == nil { continue }
        var state = CountedState(for: catalog)
        state.origin = source.first
        for level in 1...days {
          guard steps < stepBudget else { return nil }
          steps += 1
          let day = source.first + level - 1
          judge(runner, choice, day: day)
          runner.load(day: day, values: choice.values, state: state, start: start)
          let differs = runner.run(day: day, state: state, start: start, inProgress: true)
          let unlocked = runner.unlockBadges(day: day, state: &state, check: true)
          let hit: Bool
          switch target {
          case .badge(let index): hit = unlocked.contains(index)
          case .criterion(let index): hit = runner.criterionHolds(index)
          case .milestone(let index):
            let streak = catalog.milestoneStreak!
            hit =
              !(catalog.streaks[streak].streak.needsStart && start == nil)
              && runner.streakStates[streak].current >= catalog.catalog.milestones!.milestones[index].day
          }
          if hit { return level == days ? (source, choice) : nil }
          if differs { runner.finish(day: day, values: choice.values, state: state, start: start) }
          runner.commit(day: day, into: &state)
        }
      }
    }
    return nil
  }

  /// Whether a history of one date reaches the target, over every value of every input the
  /// target reads (each int from its min to its max), from every source; nil when that is too
  /// many records to try or an input has no such list (a number, an unbounded int).
  func reachableOnFirstDate(runner: DayRunner, limit: Int) -> Bool? {
    let catalog = program.catalog
    // A paused first date is a history these records do not try; nor are the ways of naming
    // a record's inputs for more than one streak final once reported.
    guard !facts.hasPausable, facts.reported.count <= 1 else { return nil }
    let judgments: [[Int]?] = facts.reported.isEmpty ? [nil] : [Array(catalog.inputs.indices), []]
    var records: [[Int]] = [[]]
    for (index, input) in catalog.inputs.enumerated() {
      var values: [Int]
      if !facts.relevant.inputs.contains(index) {
        values = [input.encode(input.defaultValue)]
      } else if facts.complete[index] {
        values = facts.candidates[index]
      } else {
        switch input.kind {
        case .bool: values = [0, 1]
        case .enumeration(let members): values = Array(members.indices)
        case .int:
          guard let low = input.min, let high = input.max, high - low < Double(limit) else { return nil }
          values = Array(Int(low)...Int(high))
        case .number: return nil
        }
      }
      guard records.count * values.count <= limit else { return nil }
      records = records.flatMap { record in values.map { record + [$0] } }
    }
    runner.adjust(for: History())
    for source in sources {
      let start = source.hasStart ? source.first : nil
      for values in records.map(Optional.some) + (source.hasStart ? [nil] : []) {
        for reported in judgments {
          steps += 1
          var state = CountedState(for: catalog)
          state.origin = source.first
          if let reported {
            runner.judge(
              values.map { EncodedRecord(date: CalendarDay(number: source.first), values: $0, reported: reported) })
          }
          runner.load(day: source.first, values: values, state: state, start: start)
          runner.run(day: source.first, state: state, start: start, inProgress: true)
          let unlocked = runner.unlockBadges(day: source.first, state: &state, check: true)
          switch target {
          case .badge(let index): if unlocked.contains(index) { return true }
          case .criterion(let index): if runner.criterionHolds(index) { return true }
          case .milestone(let index):
            let streak = catalog.milestoneStreak!
            if !(catalog.streaks[streak].streak.needsStart && start == nil),
              runner.streakStates[streak].current >= catalog.catalog.milestones!.milestones[index].day
            {
              return true
            }
          }
        }
      }
    }
    return false
  }

  /// Judges the date's streaks final once reported by the record `choice` makes (as `rules
  /// replay` does before it checks a date).
  @inline(__always)
  private func judge(_ runner: DayRunner, _ choice: DayChoice, day: Int) {
    guard !facts.reported.isEmpty else { return }
    runner.judge(choice.record(day: day, defaults: defaults))
  }

  /// Runs the search until the target is reached, the horizon passed, nothing new can come,
  /// or the budget is spent.
  func run(runner: DayRunner) {
    var keys = StateKeyMaker(facts, horizon: horizon)
    let catalog = program.catalog
    var targetBadge = -1
    var milestoneDay = Int.max
    var milestoneStreak = -1
    var milestoneNeedsStart = false
    var criterionOnly = false
    switch target {
    case .badge(let index): targetBadge = index
    case .criterion(let index):
      targetBadge = index
      criterionOnly = true
    case .milestone(let index):
      milestoneDay = catalog.catalog.milestones!.milestones[index].day
      milestoneStreak = catalog.milestoneStreak!
      milestoneNeedsStart = catalog.streaks[milestoneStreak].streak.needsStart
    }
    var seen = Set<KeyHash>()
    var frontier: [Node] = []
    var frontierLinks: [Int] = []
    var pausedRunner = false
    runner.adjust(for: History())
    for (index, source) in sources.enumerated() {
      var state = CountedState(for: catalog)
      state.origin = source.first
      frontier.append(Node(state: state, next: source.first, source: index))
      frontierLinks.append(-1)
    }
    var level = 0
    while level < horizon, !frontier.isEmpty {
      level += 1
      var next: [(node: Node, score: Double, link: Link)] = []
      var hitAt: Int?
      var criterionAt: Int?
      expand: for (position, node) in frontier.enumerated() {
        if steps >= stepBudget {
          stoppedAt = level
          break
        }
        let source = sources[node.source]
        let isFirst = node.next == source.first
        let start = source.hasStart ? source.first : nil
        for (choiceIndex, choice) in choices.all.enumerated() {
          if isFirst && !source.hasStart && (choice.values == nil || choice.skipped) { continue }
          steps += 1
          var state = node.state
          var hit = false
          var holds = false
          if !choice.skipped {
            if choice.paused != pausedRunner {
              var history = History()
              if choice.paused {
                history.pauses = [Pause(from: CalendarDay(number: node.next), to: CalendarDay(number: node.next))]
              }
              runner.adjust(for: history)
              pausedRunner = choice.paused
            }
            let day = node.next
            judge(runner, choice, day: day)
            runner.load(day: day, values: choice.values, state: state, start: start)
            let differs = runner.run(day: day, state: state, start: start, inProgress: true)
            let unlocked = runner.unlockBadges(day: day, state: &state, check: true)
            if criterionOnly {
              hit = runner.criterionHolds(targetBadge)
            } else if targetBadge >= 0 {
              hit = unlocked.contains(targetBadge)
              holds = criterion == nil && criterionAt == nil && runner.criterionHolds(targetBadge)
            } else if !(milestoneNeedsStart && start == nil) {
              hit = runner.streakStates[milestoneStreak].current >= milestoneDay
            }
            if differs { runner.finish(day: day, values: choice.values, state: state, start: start) }
            runner.commit(day: day, into: &state)
          }
          let made = keys.key(state, next: node.next + 1, first: source.first, hasStart: source.hasStart, level: level)
          let hash = KeyHash(made.key)
          let link = Link(
            parent: Int32(frontierLinks[position]), choice: Int32(choiceIndex), source: Int32(node.source))
          let fresh = seen.insert(hash).inserted
          guard fresh || hit || holds else { continue }
          next.append(
            (Node(state: state, next: node.next + 1, source: node.source), hit || holds ? .infinity : made.score, link))
          if holds { criterionAt = next.count - 1 }
          if hit {
            hitAt = next.count - 1
            break expand
          }
        }
      }
      var position = Array(next.indices)
      if hitAt == nil && next.count > width {
        if truncatedAt == nil { truncatedAt = level }
        let kept = Self.keep(next.map(\.score), width: width)
        position = Array(repeating: -1, count: next.count)
        for (new, old) in kept.enumerated() { position[old] = new }
        next = kept.map { next[$0] }
      }
      levels.append(next.map(\.link))
      if let criterionAt, position[criterionAt] >= 0 { criterion = Hit(level: level, node: position[criterionAt]) }
      if let hitAt {
        found = Hit(level: level, node: hitAt)
        if criterion == nil { criterion = found }
        return
      }
      frontier = next.map(\.node)
      frontierLinks = Array(0..<next.count)
      if stoppedAt != nil { return }
      if next.isEmpty { closedAt = level - 1 }
    }
  }

  /// The beam: every node that reached something, then the highest scored (in the order they
  /// were made among equals). Returns the positions kept, in order.
  private static func keep(_ scores: [Double], width: Int) -> [Int] {
    let order = scores.indices.sorted { scores[$0] > scores[$1] || (scores[$0] == scores[$1] && $0 < $1) }
    let must = order.prefix { scores[$0] == .infinity }
    return Array(order.prefix(max(width, must.count))).sorted()
  }

  /// The choices that lead to the node `node` of level `level`, first date first, and its source.
  func path(level: Int, node: Int) -> (source: SearchSource, choices: [DayChoice]) {
    var result: [DayChoice] = []
    var index = node
    var source = 0
    for depth in stride(from: level - 1, through: 0, by: -1) {
      let link = levels[depth][index]
      result.append(choices.all[Int(link.choice)])
      source = Int(link.source)
      index = Int(link.parent)
    }
    return (sources[source], result.reversed())
  }
}

/// A state's key, hashed twice (two independent 64-bit hashes: the sets of keys stay small).
struct KeyHash: Hashable {
  var a: UInt64
  var b: UInt64

  init(_ key: [Int]) {
    var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
    var mix: UInt64 = 0x9E37_79B9_7F4A_7C15
    for value in key {
      let v = UInt64(bitPattern: Int64(value))
      fnv = (fnv ^ v) &* 0x0000_0100_0000_01B3
      mix = (mix ^ (v &+ 0x9E37_79B9_7F4A_7C15 &+ (mix << 6) &+ (mix >> 2))) &* 0xBF58_476D_1CE4_E5B9
    }
    a = fnv ^ UInt64(key.count)
    b = mix
  }
}

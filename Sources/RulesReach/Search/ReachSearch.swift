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
  let choices: DayChoices
  let sources: [SearchSource]
  let horizon: Int
  let width: Int
  let stepBudget: Int

  /// Each level's nodes (level 1 first).
  private(set) var levels: [[Link]] = []
  /// The first hit of each badge's unlock, of each badge's criterion holding at a check, of
  /// each milestone being reached.
  private(set) var badges: [Hit?]
  private(set) var criteria: [Hit?]
  private(set) var milestones: [Hit?]
  /// The first level whose states the beam cut (nil: none was): levels up to it were searched
  /// whole.
  private(set) var truncatedAt: Int?
  /// The level at which the search stopped for its budget of steps (nil: it did not).
  private(set) var stoppedAt: Int?
  /// The level after which nothing new could be reached (every state's successors were
  /// seen before), or nil.
  private(set) var closedAt: Int?
  private(set) var steps = 0

  init(
    program: Program, facts: CatalogFacts, choices: DayChoices, sources: [SearchSource], horizon: Int, width: Int,
    stepBudget: Int
  ) {
    self.program = program
    self.facts = facts
    self.choices = choices
    self.sources = sources
    self.horizon = horizon
    self.width = width
    self.stepBudget = stepBudget
    badges = Array(repeating: nil, count: program.catalog.badges.count)
    criteria = Array(repeating: nil, count: program.catalog.badges.count)
    milestones = Array(repeating: nil, count: program.catalog.catalog.milestones?.milestones.count ?? 0)
  }

  private struct Node {
    var state: CountedState
    var next: Int
    var source: Int
  }

  /// Runs the search to the horizon, or until everything is found, nothing new can come, or
  /// the budget is spent.
  func run() {
    let runner = DayRunner(program: program)
    let keys = StateKeyMaker(facts, horizon: horizon)
    let catalog = program.catalog
    let milestoneStreak = catalog.milestoneStreak
    let milestoneDays = catalog.catalog.milestones?.milestones.map(\.day) ?? []
    let milestoneNeedsStart = milestoneStreak.map { catalog.streaks[$0].streak.needsStart } ?? false
    var seen = Set<KeyHash>()
    var frontier: [Node] = []
    var frontierLinks: [Int] = []  // each frontier node's index in its level
    var pausedRunner = false
    for (index, source) in sources.enumerated() {
      var state = CountedState(for: catalog)
      state.origin = source.first
      frontier.append(Node(state: state, next: source.first, source: index))
      frontierLinks.append(-1)
    }
    var level = 0
    while level < horizon, !frontier.isEmpty {
      level += 1
      var next: [(node: Node, key: KeyHash, score: Double, link: Link)] = []
      var hits: [(kind: Int, item: Int, at: Int)] = []
      for (position, node) in frontier.enumerated() {
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
          var checked = false
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
            runner.load(day: day, values: choice.values, state: state, start: start)
            let differs = runner.run(day: day, state: state, start: start, inProgress: true)
            let unlocked = runner.unlockBadges(day: day, state: &state, check: true)
            checked = true
            for badge in unlocked where badges[badge] == nil { hits.append((0, badge, next.count)) }
            for badge in criteria.indices where criteria[badge] == nil && runner.criterionHolds(badge) {
              hits.append((1, badge, next.count))
            }
            if let milestoneStreak, milestones.contains(nil), !(milestoneNeedsStart && start == nil) {
              let current = runner.streakStates[milestoneStreak].current
              for (index, day) in milestoneDays.enumerated() where milestones[index] == nil && current >= day {
                hits.append((2, index, next.count))
              }
            }
            if differs { runner.finish(day: day, values: choice.values, state: state, start: start) }
            runner.commit(day: day, into: &state)
          }
          let made = keys.key(state, next: node.next + 1, first: source.first, hasStart: source.hasStart, level: level)
          let hash = KeyHash(made.key)
          let link = Link(
            parent: Int32(frontierLinks[position]), choice: Int32(choiceIndex), source: Int32(node.source))
          if checked && hits.last?.at == next.count {
            // A node that reached something is kept whatever its key, so its hit has a path.
            seen.insert(hash)
            next.append((Node(state: state, next: node.next + 1, source: node.source), hash, .infinity, link))
            continue
          }
          guard seen.insert(hash).inserted else { continue }
          next.append((Node(state: state, next: node.next + 1, source: node.source), hash, made.score, link))
        }
      }
      var position = Array(next.indices)
      if next.count > width {
        if truncatedAt == nil { truncatedAt = level }
        let kept = Self.keep(next.map(\.score), width: width)
        position = Array(repeating: -1, count: next.count)
        for (new, old) in kept.enumerated() { position[old] = new }
        next = kept.map { next[$0] }
      }
      for hit in hits where position[hit.at] >= 0 { record(hit, level: level, node: position[hit.at]) }
      levels.append(next.map(\.link))
      frontier = next.map(\.node)
      frontierLinks = Array(0..<next.count)
      if stoppedAt != nil { break }
      if done { break }
      if next.isEmpty { closedAt = level - 1 }
    }
  }

  private func record(_ hit: (kind: Int, item: Int, at: Int), level: Int, node: Int) {
    let found = Hit(level: level, node: node)
    switch hit.kind {
    case 0: if badges[hit.item] == nil { badges[hit.item] = found }
    case 1: if criteria[hit.item] == nil { criteria[hit.item] = found }
    default: if milestones[hit.item] == nil { milestones[hit.item] = found }
    }
  }

  /// Whether every item was found.
  private var done: Bool {
    !badges.contains(nil) && !milestones.contains(nil) && !criteria.contains(nil)
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

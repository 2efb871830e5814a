@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let badgeRequires: DiagnosticID = "badge-requires"
}

/// A badge's `requires` names other badges of the catalog, each once, and no chain of them
/// leads back to the badge (it could never unlock).
package enum BadgeRequiresRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.badgeRequires
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary =
    "A badge's `requires` lists other badges of the catalog, each once, with no cycle (a badge that needs itself, directly or through others, never unlocks)."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      badges:
        - {id: first-week, name: First week, when: done}
        - {id: dedicated, name: Dedicated, requires: [first-weak, dedicated, first-week, first-week]}
      """,
      expected: [
        "5:49: error: 'first-weak' in the 'requires' of the badge 'dedicated' is not a badge of this catalog; did you mean 'first-week'?",
        "5:61: error: the badge 'dedicated' requires itself",
        "5:84: error: 'first-week' is listed twice in the 'requires' of the badge 'dedicated'",
      ]),
    RuleExample(
      """
      catalog: demo
      badges:
        - {id: a, name: A, requires: [b]}
        - {id: b, name: B, requires: [c]}
        - {id: c, name: C, requires: [a]}
      """,
      expected: [
        "3:22: error: the badge 'a' requires itself through other badges: a → b → c → a",
        "4:22: error: the badge 'b' requires itself through other badges: b → c → a → b",
        "5:22: error: the badge 'c' requires itself through other badges: c → a → b → c",
      ]),
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      badges:
        - {id: first-week, name: First week, when: done}
        - {id: first-month, name: First month, when: done}
        - {id: dedicated, name: Dedicated, requires: [first-week, first-month]}
      """),
  ]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    // Most catalogs have no prerequisites: one look at each badge, nothing made.
    guard catalog.badges.contains(where: { !$0.requires.isEmpty }) else { return }
    var positions: [String: Int] = [:]
    for (index, badge) in catalog.badges.enumerated() where positions[badge.id] == nil { positions[badge.id] = index }
    let ids = catalog.badges.map(\.id)
    // Each badge's prerequisites that are other badges of the catalog (the edges of the graph).
    var edges = [[Int]](repeating: [], count: catalog.badges.count)
    for (index, badge) in catalog.badges.enumerated() {
      var listed = Set<String>()
      // An item that is no id is the shape check's to report.
      for prerequisite in badge.requires where Names.isID(prerequisite.id) {
        guard listed.insert(prerequisite.id).inserted else {
          report.error(
            prerequisite.origin,
            "'\(prerequisite.id)' is listed twice in the 'requires' of the badge '\(badge.id)'")
          continue
        }
        if prerequisite.id == badge.id {
          report.error(prerequisite.origin, "the badge '\(badge.id)' requires itself")
          continue
        }
        guard let target = positions[prerequisite.id] else {
          report.error(
            prerequisite.origin,
            "'\(prerequisite.id)' in the 'requires' of the badge '\(badge.id)' is not a badge of this catalog"
              + Suggestion.hint(for: prerequisite.id, in: ids))
          continue
        }
        edges[index].append(target)
      }
    }
    // The badges on a cycle: those in a strongly connected component of two or more (a badge
    // that lists itself is reported above), each with the shortest chain back to itself.
    for component in components(edges) where component.count > 1 {
      let members = Set(component)
      for start in component.sorted() {
        guard let chain = shortestCycle(from: start, within: members, edges: edges) else { continue }
        let badge = catalog.badges[start]
        report.error(
          badge.requiresOrigin ?? badge.origin,
          "the badge '\(badge.id)' requires itself through other badges: "
            + chain.map { catalog.badges[$0].id }.joined(separator: " → "))
      }
    }
  }

  /// The strongly connected components of the graph (Tarjan's algorithm, without recursion).
  static func components(_ edges: [[Int]]) -> [[Int]] {
    let count = edges.count
    var index = [Int](repeating: -1, count: count)
    var low = [Int](repeating: 0, count: count)
    var onStack = [Bool](repeating: false, count: count)
    var stack: [Int] = []
    var next = 0
    var result: [[Int]] = []
    for root in 0..<count where index[root] < 0 && !edges[root].isEmpty {
      // Each frame: a node and the position of the next edge to follow.
      var frames: [(node: Int, edge: Int)] = [(root, 0)]
      index[root] = next
      low[root] = next
      next += 1
      stack.append(root)
      onStack[root] = true
      while let frame = frames.last {
        let node = frame.node
        if frame.edge < edges[node].count {
          frames[frames.count - 1].edge += 1
          let target = edges[node][frame.edge]
          if index[target] < 0 {
            index[target] = next
            low[target] = next
            next += 1
            stack.append(target)
            onStack[target] = true
            frames.append((target, 0))
          } else if onStack[target] {
            low[node] = min(low[node], index[target])
          }
          continue
        }
        frames.removeLast()
        if let parent = frames.last { low[parent.node] = min(low[parent.node], low[node]) }
        if low[node] == index[node] {
          var component: [Int] = []
          while let member = stack.popLast() {
            onStack[member] = false
            component.append(member)
            if member == node { break }
          }
          result.append(component)
        }
      }
    }
    return result
  }

  /// The shortest chain from `start` back to it inside `members`, both ends included.
  private static func shortestCycle(from start: Int, within members: Set<Int>, edges: [[Int]]) -> [Int]? {
    var previous: [Int: Int] = [:]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for target in edges[node] where members.contains(target) {
        if target == start {
          var chain = [start]
          var at = node
          while at != start {
            chain.append(at)
            at = previous[at]!
          }
          return [start] + Array(chain[1...].reversed()) + [start]
        }
        guard previous[target] == nil else { continue }
        previous[target] = node
        queue.append(target)
      }
    }
    return nil
  }
}

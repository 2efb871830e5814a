@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Which metrics and streaks read which, from the names their expressions mention: gives
/// an evaluation order and the cycles (each cycle once per member, with its path).
struct DependencyGraph {
  enum Node: Hashable {
    case metric(Int)
    case streak(Int)
  }

  private let catalog: Catalog
  private var edges: [Node: [Node]] = [:]
  /// Every node not in a cycle, each after the nodes it reads.
  private(set) var order: [Node] = []
  /// For each cycle, each member with the path from it back to itself.
  private(set) var cycles: [[(Node, [String])]] = []

  init(catalog: Catalog, metricExprs: [Expr?], streakExprs: [[Expr?]]) {
    self.catalog = catalog
    var metricIndex: [String: Int] = [:]
    for (index, metric) in catalog.metrics.enumerated() where metricIndex[metric.name] == nil {
      metricIndex[metric.name] = index
    }
    var streakIndex: [String: Int] = [:]
    for (index, streak) in catalog.streaks.enumerated() where streakIndex[streak.name] == nil {
      streakIndex[streak.name] = index
    }
    func targets(_ exprs: [Expr?]) -> [Node] {
      var names: [String] = []
      for expr in exprs { if let expr { Self.collectNames(expr, into: &names) } }
      var result: [Node] = []
      for name in names {
        let node: Node? = metricIndex[name].map(Node.metric) ?? streakIndex[name].map(Node.streak)
        if let node, !result.contains(node) { result.append(node) }
      }
      return result
    }
    var nodes: [Node] = []
    for index in catalog.metrics.indices {
      nodes.append(.metric(index))
      edges[.metric(index)] = targets([metricExprs[index]])
    }
    for index in catalog.streaks.indices {
      nodes.append(.streak(index))
      edges[.streak(index)] = targets(streakExprs[index])
    }
    sort(nodes)
  }

  /// The names an expression mentions (a member's base: `training` of `training.current`).
  static func collectNames(_ expr: Expr, into names: inout [String]) {
    switch expr.kind {
    case .bool, .int, .number, .string: break
    case .name(let name): names.append(name)
    case .member(let base, _): names.append(base)
    case .unary(_, let operand): collectNames(operand, into: &names)
    case .binary(_, let left, let right):
      collectNames(left, into: &names)
      collectNames(right, into: &names)
    case .conditional(let a, let b, let c):
      collectNames(a, into: &names)
      collectNames(b, into: &names)
      collectNames(c, into: &names)
    case .call(_, let arguments):
      for argument in arguments { collectNames(argument, into: &names) }
    }
  }

  /// Tarjan's strongly connected components: components come out in dependency order.
  private mutating func sort(_ nodes: [Node]) {
    var index = 0
    var indices: [Node: Int] = [:]
    var lowlink: [Node: Int] = [:]
    var onStack = Set<Node>()
    var stack: [Node] = []
    var components: [[Node]] = []

    func connect(_ node: Node) {
      indices[node] = index
      lowlink[node] = index
      index += 1
      stack.append(node)
      onStack.insert(node)
      for next in edges[node] ?? [] {
        if indices[next] == nil {
          connect(next)
          lowlink[node] = min(lowlink[node]!, lowlink[next]!)
        } else if onStack.contains(next) {
          lowlink[node] = min(lowlink[node]!, indices[next]!)
        }
      }
      if lowlink[node] == indices[node] {
        var component: [Node] = []
        while let top = stack.popLast() {
          onStack.remove(top)
          component.append(top)
          if top == node { break }
        }
        components.append(component)
      }
    }
    for node in nodes where indices[node] == nil { connect(node) }

    for component in components {
      let node = component[0]
      if component.count == 1 && !(edges[node] ?? []).contains(node) {
        order.append(node)
      } else {
        let members = Set(component)
        let ordered = nodes.filter { members.contains($0) }
        cycles.append(ordered.map { ($0, path(from: $0, within: members)) })
      }
    }
  }

  /// The shortest path from `start` back to itself inside a cycle, as names.
  private func path(from start: Node, within members: Set<Node>) -> [String] {
    var previous: [Node: Node] = [:]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for next in edges[node] ?? [] where members.contains(next) {
        if next == start {
          var path = [name(of: start)]
          var walk = node
          var reversed: [String] = []
          while walk != start {
            reversed.append(name(of: walk))
            walk = previous[walk]!
          }
          path += reversed.reversed()
          path.append(name(of: start))
          return path
        }
        if previous[next] == nil && next != start {
          previous[next] = node
          queue.append(next)
        }
      }
    }
    return [name(of: start)]
  }

  func name(of node: Node) -> String {
    switch node {
    case .metric(let index): catalog.metrics[index].name
    case .streak(let index): catalog.streaks[index].name
    }
  }

  func describe(_ node: Node) -> String {
    switch node {
    case .metric(let index): "metric '\(catalog.metrics[index].name)'"
    case .streak(let index): "streak '\(catalog.streaks[index].name)'"
    }
  }

  func origin(of node: Node) -> Origin {
    switch node {
    case .metric(let index): catalog.metrics[index].expression.origin
    case .streak(let index): catalog.streaks[index].origin
    }
  }
}

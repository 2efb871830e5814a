import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

/// What a catalog allows: for each badge and milestone, whether a new user can reach it and in
/// how few days, with a witness history, or a proof that no user can, or that every user has it
/// at once (docs/reach.md).
///
/// Two analyses meet. The interval analysis (`HistoryBounds`) bounds every value over every
/// history of k dates: it proves `unreachable` (the criterion cannot hold on any history) and
/// `always` (it holds at every first check), and gives each item the least k at which it can
/// hold. The search (`ReachSearch`) steps the engine's own day over the choices a user has and
/// finds the shortest history it can; where the two meet (the history found is as short as the
/// least possible), the fewest days are proved. Anything else is `unknown`, with the reason.
package enum Reach {
  /// How hard the search may work.
  package struct Limits: Sendable {
    /// The most dates a history searched may have (a year and a Hijri year, at least).
    package var horizon = 400
    /// The most states a level of the search keeps.
    package var width = 1500
    /// The most days the search steps in all.
    package var steps = 1_500_000

    package init(horizon: Int = 400, width: Int = 1500, steps: Int = 1_500_000) {
      self.horizon = horizon
      self.width = width
      self.steps = steps
    }
  }

  /// Analyses `catalog`. `search` false: the proofs alone (what `rules check` needs when the
  /// catalog has no progressive group), with no fewest days.
  package static func analyse(_ catalog: ValidatedCatalog, limits: Limits = Limits(), search: Bool = true)
    -> ReachReport
  {
    let program = Program(catalog)
    let horizon = max(1, limits.horizon)
    let bounds = HistoryBounds(catalog: catalog)
    let proofs = Proofs(catalog: catalog, bounds: bounds, horizon: horizon)
    let facts = CatalogFacts(catalog)
    var searched: ReachSearch?
    var complete = 0
    if search {
      let choices = DayChoices(facts)
      let sources = Self.sources(facts)
      let run = ReachSearch(
        program: program, facts: facts, choices: choices, sources: sources.list, horizon: horizon,
        width: limits.width, stepBudget: limits.steps)
      run.run()
      searched = run
      // The levels searched whole: every choice of every source, every state kept.
      if choices.complete && sources.complete && !facts.laterStartMatters {
        complete = min(run.truncatedAt ?? .max, (run.stoppedAt ?? .max) - 1, run.levels.count)
        if run.closedAt != nil && run.truncatedAt == nil && run.stoppedAt == nil { complete = .max }
      }
    }

    var items: [ReachReport.Item] = []
    for (index, badge) in catalog.badges.enumerated() {
      var item = ReachReport.Item(kind: .badge, id: badge.id, status: .unknown)
      let proof = proofs.badges[index]
      let hit = searched?.badges[index]
      item.criterionDays = searched?.criteria[index]?.level
      if let never = proof.never {
        item.status = .unreachable
        item.reason = never
      } else if proof.always {
        item.status = .always
        item.fewestDays = 1
        if let hit, hit.level == 1 { item.witness = Self.witness(searched!, hit) }
      } else if let hit, let run = searched {
        let least = max(proof.least ?? .max, hit.level > complete ? complete + 1 : 1)
        item.witness = Self.witness(run, hit)
        if hit.level <= least || hit.level <= complete {
          item.status = .reachable
          item.fewestDays = hit.level
        } else {
          item.reason =
            "a history of \(hit.level) days reaches it (the witness); no history of fewer than \(least) days can, and none between was found or excluded"
        }
      } else if !search {
        item.reason = "not searched"
      } else if complete == .max {
        item.status = .unreachable
        item.reason =
          "no history reaches it: the search tried every way a day can differ to the catalog, and found no new state after day \(searched!.closedAt!)"
      } else if let least = proof.least {
        item.reason = "not found within \(horizon) days (no history of fewer than \(least) days can reach it)"
      } else {
        item.reason = "no history of \(horizon) days or fewer can reach it; more may"
      }
      items.append(item)
    }
    if let track = catalog.catalog.milestones {
      for (index, milestone) in track.milestones.enumerated() {
        var item = ReachReport.Item(kind: .milestone, id: milestone.id, status: .unknown)
        let proof = proofs.milestones[index]
        if let never = proof.never {
          item.status = .unreachable
          item.reason = never
        } else if let hit = searched?.milestones[index], let run = searched {
          let least = max(proof.least ?? .max, hit.level > complete ? complete + 1 : 1)
          item.witness = Self.witness(run, hit)
          if hit.level <= least || hit.level <= complete {
            item.status = .reachable
            item.fewestDays = hit.level
          } else {
            item.reason =
              "a history of \(hit.level) days reaches it (the witness); no history of fewer than \(least) days can, and none between was found or excluded"
          }
        } else if !search {
          item.reason = "not searched"
        } else if let least = proof.least {
          item.reason = "not found within \(horizon) days (no history of fewer than \(least) days can reach it)"
        } else {
          item.reason = "no history of \(horizon) days or fewer can reach it; more may"
        }
        items.append(item)
      }
    }
    let orders = search ? groupOrders(catalog, items: items, proofs: proofs) : []
    return ReachReport(
      catalog: catalog.catalog.id, horizon: horizon, items: items, groupOrders: orders,
      statistics: .init(
        steps: searched?.steps ?? 0, levels: searched?.levels.count ?? 0, truncatedAt: searched?.truncatedAt))
  }

  /// The witness of a hit.
  static func witness(_ search: ReachSearch, _ hit: ReachSearch.Hit) -> Witness {
    let path = search.path(level: hit.level, node: hit.node)
    return Witness(first: CalendarDay(number: path.source.first), hasStart: path.source.hasStart, days: path.choices)
  }

  /// A progressive group's later badges whose criterion is reached in fewer days than an
  /// earlier badge's can be: they always wait behind it.
  static func groupOrders(_ catalog: ValidatedCatalog, items: [ReachReport.Item], proofs: Proofs)
    -> [ReachReport.GroupOrder]
  {
    var found: [ReachReport.GroupOrder] = []
    for (groupIndex, group) in catalog.catalog.groups.enumerated() where group.progressive {
      let members = catalog.badges.indices.filter { catalog.badges[$0].group == groupIndex }
      for (position, later) in members.enumerated() {
        guard let laterDays = items[later].criterionDays else { continue }
        // The first earlier badge whose criterion cannot hold that soon.
        for earlier in members[..<position] {
          guard let earlierLeast = proofs.criterionLeast[earlier], laterDays < earlierLeast else { continue }
          found.append(
            .init(
              group: group.id, earlier: catalog.badges[earlier].id,
              earlierDays: items[earlier].criterionDays ?? earlierLeast, later: catalog.badges[later].id,
              laterDays: laterDays))
          break
        }
      }
    }
    return found
  }

  /// The first dates the search starts from, and whether they stand for every date.
  static func sources(_ facts: CatalogFacts) -> (list: [SearchSource], complete: Bool) {
    // A Monday; the catalog's weeks, whatever their first day, are covered by seven dates.
    let reference = 20_458  // 2026-01-05
    var firsts: [Int]
    var complete = true
    switch facts.calendarUse {
    case .none: firsts = [reference]
    case .weekday: firsts = Array(reference..<reference + 7)
    case .date:
      complete = false
      firsts = Array(reference..<reference + 7)
      var calendar = DayCalendar()
      if facts.relevant.calendar.contains(where: { $0 != .weekday }) {
        // The first days of the Hijri months a catalog compares with, in a year where the month
        // has 29 days and one where it has 30, and those of the Gregorian months.
        let months = Set(
          OccurrenceScan(
            catalog: facts.catalog, expressions: facts.expressions,
            evaluator: BoundsEvaluator(catalog: facts.catalog, environment: BoundsEnvironment(catalog: facts.catalog))
          ).constants.compactMap { $0 >= 1 && $0 <= 12 && $0.rounded() == $0 ? Int($0) : nil })
        for month in months.sorted() {
          var lengths = Set<Int>()
          var day = reference
          while lengths.count < 2 && day < reference + 12 * 366 {
            let hijri = calendar.hijri(ofDay: day)
            if hijri.month == month && hijri.day == 1 && lengths.insert(hijri.monthDays).inserted {
              firsts.append(day)
            }
            day += hijri.monthDays - hijri.day + 1
          }
        }
      }
      firsts += [20_485, 20_514]  // 2026-02-01 (28 days), 2026-03-01
    }
    var list: [SearchSource] = []
    for first in firsts {
      list.append(SearchSource(first: first, hasStart: true))
      if facts.startMatters { list.append(SearchSource(first: first, hasStart: false)) }
    }
    return (list, complete)
  }
}

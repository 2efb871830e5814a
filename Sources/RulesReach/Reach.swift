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
    /// The most states a level of an item's search keeps.
    package var width = 48
    /// The most days one item's search steps.
    package var steps = 60_000

    package init(horizon: Int = 400, width: Int = 48, steps: Int = 60_000) {
      self.horizon = horizon
      self.width = width
      self.steps = steps
    }
  }

  /// Analyses `catalog`. `search` false: the proofs alone (no fewest days), and the searches
  /// a progressive group's order needs (what `rules check` warns of).
  package static func analyse(_ catalog: ValidatedCatalog, limits: Limits = Limits(), search: Bool = true)
    -> ReachReport
  {
    let program = Program(catalog)
    let runner = DayRunner(program: program)
    let horizon = max(1, limits.horizon)
    let bounds = HistoryBounds(catalog: catalog)
    let proofs = Proofs(catalog: catalog, bounds: bounds, horizon: horizon)
    var statistics = ReachReport.Statistics(steps: 0, levels: 0, truncatedAt: nil)
    // An unlock limit lets a badge outside an item's reads take its place at a check: a search
    // aimed at the item then tries only some of the records that matter to it.
    let limited = catalog.catalog.unlocks.perCheck != nil || catalog.catalog.unlocks.perGroup != nil
    // The inputs any badge or milestone reads: a search that tries them all leaves out no badge
    // that could take an item's place.
    let everyRead = CatalogFacts(catalog).relevant.inputs

    /// Searches for `target` whose least possible days are `least`: the item filled in.
    func searchFor(_ target: CatalogFacts.Target, least: Int?, into item: inout ReachReport.Item) {
      let facts = CatalogFacts(catalog, target: target)
      let choices = DayChoices(facts)
      let sources = Self.sources(facts)
      let run = ReachSearch(
        program: program, facts: facts, target: target, choices: choices, sources: sources.list, horizon: horizon,
        width: limits.width, stepBudget: limits.steps)
      var least = least
      if let days = least, let probe = run.probe(runner: runner, days: days) {
        statistics.steps += run.steps
        item.status = .reachable
        item.fewestDays = days
        item.witness = Witness(
          first: CalendarDay(number: probe.source.first), hasStart: probe.source.hasStart,
          days: Array(repeating: probe.choice, count: days))
        return
      }
      let everyDate = !limited || facts.relevant.inputs.isSuperset(of: everyRead)
      if least == 1, sources.complete, everyDate, !facts.laterStartMatters,
        run.reachableOnFirstDate(runner: runner, limit: 20_000) == false
      {
        least = 2
      }
      run.run(runner: runner)
      statistics.steps += run.steps
      statistics.levels = max(statistics.levels, run.levels.count)
      if let cut = run.truncatedAt { statistics.truncatedAt = min(statistics.truncatedAt ?? .max, cut) }
      // The levels searched whole: every choice of every source, every state kept.
      var complete = 0
      if choices.complete && sources.complete && !facts.laterStartMatters
        && (!limited || facts.relevant.inputs.isSuperset(of: everyRead))
      {
        complete = min(run.truncatedAt ?? .max, (run.stoppedAt ?? .max) - 1, run.levels.count)
      }
      item.criterionDays = run.criterion?.level
      // A pausable periodic streak's pauses are not searched (they cap a goal by the days of the
      // whole period): say so where the search leaves an item unknown.
      let unsearched = facts.pausesLeftOut ? "; pauses, which cap a periodic streak's goal, are not searched" : ""
      if let hit = run.found {
        // No history shorter than `floor` reaches it: the bounds' least, or past the levels searched whole.
        let floor = max(least ?? 1, hit.level > complete ? complete + 1 : 1)
        item.witness = Self.witness(run, hit)
        if hit.level <= floor || hit.level - 1 <= complete {
          item.status = .reachable
          item.fewestDays = hit.level
        } else {
          item.reason =
            "a history of \(hit.level) days reaches it (the witness), and none of fewer than \(floor) days can; whether one of \(floor) to \(hit.level - 1) days does is not known\(unsearched)"
        }
      } else if complete > 0, run.closedAt != nil, run.truncatedAt == nil, run.stoppedAt == nil {
        item.status = .unreachable
        item.reason =
          "no history reaches it: the search tried every way a day can differ to it and found nothing new after day \(run.closedAt!)"
      } else if let least {
        item.reason =
          run.stoppedAt != nil
          ? "not found by a search of \(limits.steps) days' steps, which stopped at day \(run.stoppedAt!) (no history of fewer than \(least) days can reach it)\(unsearched)"
          : "not found within \(horizon) days (no history of fewer than \(least) days can reach it)\(unsearched)"
      } else {
        item.reason = "no history of \(horizon) days or fewer can reach it; more may"
      }
    }

    /// An item: proved unreachable, else searched for (or, without search, left unknown).
    func item(_ kind: ReachReport.Kind, _ id: String, never: String?, target: CatalogFacts.Target, least: Int?)
      -> ReachReport.Item
    {
      var item = ReachReport.Item(kind: kind, id: id, status: .unknown)
      if let never {
        item.status = .unreachable
        item.reason = never
      } else if least == nil {
        // The bounds allow no history within the horizon: nothing to search for.
        item.reason = "no history of \(horizon) days or fewer can reach it; more may"
      } else if search {
        searchFor(target, least: least, into: &item)
      } else {
        item.reason = "not searched"
      }
      return item
    }

    var items: [ReachReport.Item] = []
    for (index, badge) in catalog.badges.enumerated() {
      let proof = proofs.badges[index]
      // A badge every user has at once: its witness is a day (when the search runs).
      var found = item(
        .badge, badge.id, never: proof.never, target: .badge(index), least: proof.always ? 1 : proof.least)
      if proof.always && proof.never == nil {
        found.status = .always
        found.fewestDays = 1
        found.reason = nil
      }
      items.append(found)
    }
    for (index, milestone) in (catalog.catalog.milestones?.milestones ?? []).enumerated() {
      let proof = proofs.milestones[index]
      items.append(item(.milestone, milestone.id, never: proof.never, target: .milestone(index), least: proof.least))
    }
    // How soon each later badge of a progressive group could hold, its turn aside.
    do {
      for (index, badge) in catalog.badges.enumerated() {
        guard let group = badge.group, catalog.catalog.groups[group].progressive,
          catalog.badges.firstIndex(where: { $0.group == group }) != index, items[index].criterionDays == nil,
          let least = proofs.criterionLeast[index]
        else { continue }
        let facts = CatalogFacts(catalog, target: .criterion(index))
        let run = ReachSearch(
          program: program, facts: facts, target: .criterion(index), choices: DayChoices(facts),
          sources: Self.sources(facts).list, horizon: horizon, width: limits.width, stepBudget: limits.steps)
        if run.probe(runner: runner, days: least) != nil {
          items[index].criterionDays = least
        } else {
          run.run(runner: runner)
          items[index].criterionDays = run.found?.level
        }
        statistics.steps += run.steps
      }
    }
    let orders = groupOrders(catalog, items: items, proofs: proofs)
    return ReachReport(
      catalog: catalog.catalog.id, horizon: horizon, items: items, groupOrders: orders, statistics: statistics)
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
      // A periodic streak of months meets its fewest periods from a date its goal's days before
      // a period ends, the shortest periods passed whole: that date before each of the first
      // periods after a shortest one, and before a shortest one.
      var clock = PeriodClock(weekStart: facts.catalog.catalog.weekStarts)
      for index in facts.periodicStreaks {
        let streak = facts.catalog.streaks[index].streak
        guard let (period, goal) = streak.periodic, period != .week else { continue }
        let days = streak.pausable ? 1 : min(goal, period.shortest)
        var start = clock.start(period, ofDay: reference)
        var added = 0
        for _ in 0..<30 where added < 4 {
          let length = clock.length(period, from: start)
          let next = start + length
          if length == period.shortest || clock.length(period, from: next) == period.shortest {
            firsts.append(next - days)
            added += 1
          }
          start = next
        }
      }
    }
    var list: [SearchSource] = []
    for first in firsts {
      list.append(SearchSource(first: first, hasStart: true))
      if facts.startMatters { list.append(SearchSource(first: first, hasStart: false)) }
    }
    return (list, complete)
  }
}

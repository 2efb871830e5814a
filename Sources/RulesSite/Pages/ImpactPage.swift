import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit

/// What a catalog change does, as `rules diff OLD NEW --history ... --format json` counts it:
/// the changes, and per badge and milestone who holds it, who would, who would gain it and who
/// keeps it unearned, per streak and metric how the values move, drawn as bars.
package struct ImpactPage: Sendable {
  package struct Change: Sendable {
    package var section: String
    package var id: String
    package var change: String
    package var fields: String?
  }

  package struct Holding: Sendable {
    package var id: String
    package var kind: String
    package var hold: Int
    package var wouldHold: Int
    package var gain: Int
    package var keptUnearned: Int
    package var bars: [Bar]
    package var chartLabel: String
  }

  package struct Bar: Sendable {
    package var label: String
    package var value: Int
    package var y: Int
    package var width: Int
    package var textX: Int
    package var tone: String
  }

  package struct Shift: Sendable {
    package var name: String
    package var changed: Int
    package var users: Int
    package var bars: [Bar]
    package var height: Int
    package var chartLabel: String
  }

  package var chrome: Chrome
  package var id: String
  package var old: String
  package var new: String
  package var date: String
  package var users: Int
  package var changes: [Change]
  package var warnings: [String]
  package var badges: [Holding]
  package var milestones: [Holding]
  /// The streaks and metrics some user's value changes for.
  package var shifts: [Shift]
  /// Those no user's value changes for.
  package var unchanged: [String]
  package var hasMilestones: Bool
  package var hasUnchanged: Bool
  package var failed: [String]

  package init(report: DiffReport, oldLabel: String, newLabel: String, route: SiteRoute) {
    let diff = report.diff
    id = diff.new.catalog
    chrome = Chrome(title: "Impact — \(diff.new.catalog)", home: SiteRoute.index.href(from: route))
    old = "\(oldLabel) (version \(diff.old.version))"
    new = "\(newLabel) (version \(diff.new.version))"
    changes = diff.changes.map {
      Change(
        section: $0.section, id: $0.id, change: $0.change,
        fields: $0.fields.isEmpty ? nil : $0.fields.joined(separator: ", "))
    }
    warnings = diff.warnings
    let impact = report.impact
    date = impact?.date.description ?? ""
    let users = impact?.users ?? 0
    self.users = users
    func holdings(_ table: [String: DiffImpact.Holding], kind: String) -> [Holding] {
      table.keys.sorted().map { id in
        let row = table[id]!
        let values = [
          ("holds", row.hold, "old"), ("would hold", row.wouldHold, "new"), ("would gain", row.gain.count, "gain"),
          ("kept unearned", row.keptUnearned.count, "kept"),
        ]
        return Holding(
          id: id, kind: kind, hold: row.hold, wouldHold: row.wouldHold, gain: row.gain.count,
          keptUnearned: row.keptUnearned.count, bars: Self.bars(values, of: users),
          chartLabel:
            "\(id): \(row.hold) hold, \(row.wouldHold) would hold, \(row.gain.count) would gain, \(row.keptUnearned.count) kept unearned, of \(users) users"
        )
      }
    }
    badges = impact.map { holdings($0.badges, kind: "badge") } ?? []
    milestones = impact.map { holdings($0.milestones, kind: "milestone") } ?? []
    hasMilestones = !milestones.isEmpty
    var shifts: [Shift] = []
    var unchanged: [String] = []
    if let impact {
      for (table, _) in [(impact.streaks, "streak"), (impact.metrics, "metric")] {
        for name in table.keys.sorted() {
          let row = table[name]!
          guard !row.changed.isEmpty else {
            unchanged.append(name)
            continue
          }
          let deltas = row.byDelta.keys.sorted { Self.order($0) < Self.order($1) }
          let values = deltas.map { ($0, row.byDelta[$0]!, $0.hasPrefix("-") ? "old" : "new") }
          let bars = Self.bars(values, of: max(users, 1))
          shifts.append(
            Shift(
              name: name, changed: row.changed.count, users: users, bars: bars, height: max(bars.count, 1) * 22,
              chartLabel:
                "\(name): the value of \(row.changed.count) of \(users) users changes"
                + deltas.map { " \($0): \(row.byDelta[$0]!)" }.joined(separator: ",")))
        }
      }
      failed = impact.failed.map { "\($0.user): \($0.message)" }
    } else {
      failed = []
    }
    self.shifts = shifts
    self.unchanged = unchanged
    hasUnchanged = !unchanged.isEmpty
  }

  /// Bars of `values` on a scale of `total` (each at most 240 wide).
  static func bars(_ values: [(String, Int, String)], of total: Int) -> [Bar] {
    values.enumerated().map { index, entry in
      let width = total == 0 ? 0 : entry.1 * 240 / total
      return Bar(
        label: entry.0, value: entry.1, y: index * 22, width: max(width, entry.1 > 0 ? 2 : 0), textX: 110 + width + 6,
        tone: entry.2)
    }
  }

  /// A delta's place: numbers in order, `changed` last.
  static func order(_ delta: String) -> Double { Double(delta) ?? .infinity }

  /// Each history of `histories` evaluated as of `date` under both catalogs, from its first day,
  /// as `rules diff --history` counts them.
  package static func impact(
    old: ValidatedCatalog, new: ValidatedCatalog, histories: [String], date: CalendarDay
  ) -> DiffImpact {
    var impact = DiffImpact(date: date, old: old, new: new)
    let engines = [Engine(old), Engine(new)]
    for file in histories {
      var evaluations: [Evaluation] = []
      var user = (file as NSString).lastPathComponent
      for engine in engines {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        let loaded = HistoryFiles.load(
          text: SiteWorkspace.catalogLine(text).1, path: file, inputs: engine.catalog.inputs)
        guard let history = loaded.history else {
          impact.fail(user: user, message: "not a history of \(engine.catalogID)")
          break
        }
        user = history.user ?? user
        do {
          evaluations.append(try DiffImpact.evaluation(of: history, by: engine, on: date))
        } catch {
          impact.fail(user: user, message: "\(error)")
        }
      }
      if evaluations.count == 2 { impact.add(user: user, old: evaluations[0], new: evaluations[1]) }
    }
    return impact
  }
}

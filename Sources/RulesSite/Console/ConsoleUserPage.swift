@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A user in the console: their progress as the phone sees it (`GET .../progress`: the
/// evaluation of their stored days and saved state on the date), then the studio's user page
/// over their stored days (the calendar, each day, "why not yet").
package struct ConsoleUserPage: Sendable {
  package struct Row: Sendable {
    package var name: String
    package var value: String
    package var best: String?
    package var freezes: String?
  }

  /// A pause, a freeze grant or a restore: what changes how the user's days count.
  package struct Adjustment: Sendable {
    /// `pause`, `freezes` or `restore`.
    package var kind: String
    package var label: String
    package var streak: String
    package var from: String
    package var through: String
    package var days: String
    package var reason: String
  }

  package struct Unlock: Sendable {
    package var id: String
    package var name: String
    package var date: String
  }

  package var chrome: Chrome
  package var page: UserPage
  package var catalog: String
  package var user: String
  package var date: String
  package var streaks: [Row]
  package var metrics: [Row]
  package var unlocked: [Unlock]
  package var milestone: String?
  package var action: String
  package var adjustments: [Adjustment]
  /// Whether there are any (the template's section; a stored flag, as the templates read
  /// stored properties).
  package var hasAdjustments: Bool

  /// `progress`: the evaluation `GET .../progress?date=` answers; `page`: the studio's page of
  /// the user's stored days; `pauses`, `grants` and `restores`: the user's, as stored.
  package init(
    catalog: String, user: String, progress: Evaluation, page: UserPage, csrf: String, pauses: [Pause] = [],
    grants: [FreezeGrant] = [], restores: [StreakRestore] = []
  ) {
    chrome = ConsoleChrome.chrome("\(user) — \(catalog) — rules console", csrf: csrf, current: "Catalogs")
    var page = page
    page.chrome = chrome
    page.catalogHref = "/console/catalogs/\(OverviewPage.segment(catalog))"
    self.page = page
    self.catalog = catalog
    self.user = user
    date = progress.date.description
    streaks = progress.streaks.map {
      Row(name: $0.name, value: String($0.current), best: String($0.best), freezes: String($0.freezes))
    }
    metrics = progress.metrics.map { Row(name: $0.name, value: SiteValue.text($0.value), best: nil) }
    unlocked = progress.badges.unlocked.map { Unlock(id: $0.id, name: $0.display.name, date: $0.date.description) }
    milestone = progress.milestones.reached.last
    action = "/console/catalogs/\(OverviewPage.segment(catalog))/user"
    func span(_ from: CalendarDay, _ through: CalendarDay) -> String {
      from == through ? from.description : "\(from) to \(through)"
    }
    adjustments =
      pauses.map {
        Adjustment(
          kind: "pause", label: "Paused", streak: "the pausable streaks", from: $0.from.description,
          through: $0.to.description, days: span($0.from, $0.to), reason: "")
      }
      + grants.map {
        Adjustment(
          kind: "freezes", label: "\($0.count) \($0.count == 1 ? "freeze" : "freezes") granted", streak: $0.streak,
          from: $0.date.description, through: $0.date.description, days: "from \($0.date)", reason: $0.reason)
      }
      + restores.map {
        Adjustment(
          kind: "restore", label: "Restored", streak: $0.streak, from: $0.from.description,
          through: $0.through.description, days: span($0.from, $0.through), reason: $0.reason)
      }
    hasAdjustments = !adjustments.isEmpty
  }
}

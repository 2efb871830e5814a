@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A user in the console: their progress as the phone sees it (`GET .../progress`: the
/// evaluation of their stored days and saved state on the date), then the studio's user page
/// over their stored days (the calendar, each day, "why not yet").
package struct ConsoleUserPage: Sendable {
  package struct Row: Sendable {
    package var name: String
    package var value: String
    package var best: String?
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

  /// `progress`: the evaluation `GET .../progress?date=` answers; `page`: the studio's page of
  /// the user's stored days.
  package init(catalog: String, user: String, progress: Evaluation, page: UserPage, csrf: String) {
    chrome = ConsoleChrome.chrome("\(user) — \(catalog) — rules console", csrf: csrf, current: "Catalogs")
    var page = page
    page.chrome = chrome
    page.catalogHref = "/console/catalogs/\(OverviewPage.segment(catalog))"
    self.page = page
    self.catalog = catalog
    self.user = user
    date = progress.date.description
    streaks = progress.streaks.map { Row(name: $0.name, value: String($0.current), best: String($0.best)) }
    metrics = progress.metrics.map { Row(name: $0.name, value: SiteValue.text($0.value), best: nil) }
    unlocked = progress.badges.unlocked.map { Unlock(id: $0.id, name: $0.display.name, date: $0.date.description) }
    milestone = progress.milestones.reached.last
    action = "/console/catalogs/\(OverviewPage.segment(catalog))/user"
  }
}

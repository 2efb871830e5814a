/// The event feed in the console: the newest events first, then every new one as it is
/// appended (the page's script asks `source` for the events after `after`).
package struct EventsPage: Sendable {
  package struct Row: Sendable {
    package var id: Int64
    package var catalog: String
    package var user: String
    package var href: String
    package var date: String
    package var kind: String
    package var subject: String
  }

  package var chrome: Chrome
  package var events: [Row]
  /// The newest event's id (0: none yet).
  package var after: Int64
  package var source: String
  package var shown: Int

  package init(
    events: [(id: Int64, catalog: String, user: String, date: String, kind: String, subject: String)], after: Int64,
    csrf: String
  ) {
    chrome = ConsoleChrome.chrome("Events — rules console", csrf: csrf, current: "Events")
    self.events = events.map {
      Row(
        id: $0.id, catalog: $0.catalog, user: $0.user,
        href: "/console/catalogs/\(OverviewPage.segment($0.catalog))/user?id=\(LeaderboardPage.query($0.user))",
        date: $0.date, kind: $0.kind, subject: $0.subject)
    }
    self.after = after
    source = "/console/events/feed"
    shown = events.count
  }
}

import Foundation

/// A leaderboard in the console: a page of its rows as the store ranks them (`GET
/// /v1/catalogs/{c}/leaderboards/{name}` gives the same ranks and values), the user searched
/// for marked, links to the pages before and after.
package struct LeaderboardPage: Sendable {
  package struct Entry: Sendable {
    package var rank: Int
    package var user: String
    /// The value as the API's JSON writes it.
    package var value: String
    package var href: String
    package var found: Bool
  }

  package var chrome: Chrome
  package var catalog: String
  package var name: String
  package var boards: [Link]
  package var entries: [Entry]
  package var around: String
  package var action: String
  package var previous: String?
  package var next: String?
  package var message: String?
  package var overview: String
  /// A declared leaderboard's period shown, with a picker and links to the periods around it
  /// (nil: an all-time leaderboard).
  package var period: PeriodPicker?

  /// The period of a declared leaderboard: its id, first and last day, and the pages of the
  /// periods before and after it.
  package struct PeriodPicker: Sendable {
    package var id: String
    package var start: String
    package var end: String
    package var previous: String
    package var next: String
    package var previousID: String
    package var nextID: String
  }

  package init(
    catalog: String, name: String, boards: [String], entries: [(rank: Int, user: String, value: String)],
    around: String?, previous: String?, next: String?, message: String?, csrf: String,
    period: (id: String, start: String, end: String, previous: String, next: String)? = nil
  ) {
    chrome = ConsoleChrome.chrome("\(name) — \(catalog) — rules console", csrf: csrf, current: "Catalogs")
    self.catalog = catalog
    self.name = name
    let base = "/console/catalogs/\(OverviewPage.segment(catalog))"
    self.boards = boards.map {
      Link(label: $0, href: "\(base)/leaderboards/\(OverviewPage.segment($0))", current: $0 == name)
    }
    self.entries = entries.map {
      Entry(
        rank: $0.rank, user: $0.user, value: $0.value, href: "\(base)/user?id=\(Self.query($0.user))",
        found: $0.user == around)
    }
    self.around = around ?? ""
    let action = "\(base)/leaderboards/\(OverviewPage.segment(name))"
    self.action = action
    // The pager's links keep the period shown.
    let shown = period.map { "&period=\(Self.query($0.id))" } ?? ""
    self.previous = previous.map { "\(action)?before=\(Self.query($0))\(shown)" }
    self.next = next.map { "\(action)?after=\(Self.query($0))\(shown)" }
    self.message = message
    overview = base
    self.period = period.map {
      PeriodPicker(
        id: $0.id, start: $0.start, end: $0.end, previous: "\(action)?period=\(Self.query($0.previous))",
        next: "\(action)?period=\(Self.query($0.next))", previousID: $0.previous, nextID: $0.next)
    }
  }

  /// `text` as a query parameter's value.
  package static func query(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
  }
}

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

  package init(
    catalog: String, name: String, boards: [String], entries: [(rank: Int, user: String, value: String)],
    around: String?, previous: String?, next: String?, message: String?, csrf: String
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
    self.previous = previous.map { "\(action)?before=\(Self.query($0))" }
    self.next = next.map { "\(action)?after=\(Self.query($0))" }
    self.message = message
    overview = base
  }

  /// `text` as a query parameter's value.
  package static func query(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
  }
}

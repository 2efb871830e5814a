/// The site's first page: every catalog (its languages, its users, its impact page), every
/// broken catalog, every history no catalog could read.
package struct IndexPage: Sendable {
  package struct Entry: Sendable {
    package var id: String
    package var name: String
    package var href: String
    package var version: Int
    package var badges: Int
    package var milestones: Int
    package var languages: [Link]
    package var users: [Link]
    package var impact: Link?
  }

  package struct BrokenEntry: Sendable {
    package var path: String
    package var href: String
    package var errors: Int
  }

  package struct UnreadEntry: Sendable {
    package var path: String
    package var problems: [String]
  }

  package var chrome: Chrome
  package var folder: String
  package var catalogs: [Entry]
  package var broken: [BrokenEntry]
  package var unread: [UnreadEntry]
  package var notes: [String]
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import Testing

@Suite("listings (rules list)")
struct ListingTests {
  @Test("the text lists each kind with a count, in columns")
  func text() throws {
    let listing = CatalogListing(catalog: try Inline.validated().catalog, tag: nil)
    #expect(
      listing.text(["milestones", "badges"]) == """
        Milestones (2)
          day 2  two   Two days
          day 5  five  Five days  [big]

        Badges (4)
          first   First   daily.current >= 1
          three   Three   daily.current >= 3 && total_steps >= 10
          step-1  Step 1  total_steps >= 1                         (ladder)
          step-2  Step 2  total_steps >= 2                         (ladder)
        """)
  }

  @Test("a tag keeps only the entries that have it")
  func tag() throws {
    let listing = CatalogListing(catalog: try Inline.validated().catalog, tag: "start")
    #expect(
      listing.text(["badges", "quotes", "messages"]) == """
        Badges (1)
          first  First  daily.current >= 1

        Quotes (1)
          q2  Two

        Messages (1)
          going  daily.current >= 1  Going
        """)
  }

  @Test("the JSON entries are the export's")
  func json() throws {
    let catalog = try Inline.validated()
    let listing = CatalogListing(catalog: catalog.catalog, tag: nil)
    #expect(listing.entries("badges") == catalog.catalog.badges.map(CatalogExport.badge))
    #expect(
      listing.entries("quotes").map { $0.serialized(indent: nil) } == [
        #"{"id":"q1","text":"One","source":"Someone"}"#, #"{"id":"q2","text":"Two","tags":["start"]}"#,
      ])
    #expect(listing.entries("nothing").isEmpty)
  }
}

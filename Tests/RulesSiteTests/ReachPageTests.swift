import Foundation
import Testing

/// The catalog page shows what `rules reach` says: each card's fewest days ("from day N") and a
/// link to the journey of its witness, which unlocks the badge on its last day; a badge no user
/// can unlock, or every user has at once, is flagged.
@Suite("rules site: reach on the catalog page") struct ReachPageTests {
  static let catalog = """
    catalog: planted
    inputs:
      done: {type: bool}
      pushups: {type: int, min: 0, max: 100}
    streaks:
      run: {counts: done, max_days: 30}
    milestones:
      streak: run
      list:
        - {id: three, day: 3, name: Three days}
    badges:
      - {id: week, name: Week, when: run.current >= 7}
      - {id: strong, name: Strong, when: pushups >= 101}
      - {id: welcome, name: Welcome, when: run.current >= 0}
    """

  @Test func cardsShowFewestDaysFlagsAndWitnessJourneys() throws {
    let folder = try Folder(["catalogs/planted.yaml": Self.catalog])
    let result = try Rules.run(["site", "--catalogs", folder.path("catalogs"), "--out", folder.path("site")])
    #expect(result.status == 0, "\(result.stderr)")
    let page = try folder.read("site/catalogs/planted.html")
    #expect(page.contains(#"data-badge="week" data-state="locked" data-reach="reachable" data-from-day="7">"#))
    #expect(
      page.contains(#"from day <bdi dir="ltr">7</bdi> · <a href="../witnesses/planted/badge-week.html" data-witness>"#))
    #expect(page.contains(#"data-badge="strong" data-state="locked" data-reach="unreachable">"#))
    #expect(
      page.contains(
        #"<p class="reach-flag" data-reach-flag="unreachable"><strong>No user can unlock it</strong>: <bdi dir="ltr">pushups is at most 100</bdi></p>"#
      ))
    #expect(page.contains(#"data-reach-flag="always"><strong>Every new user has it at once</strong>"#))
    #expect(page.contains(#"data-id="three" data-state="locked" data-reach="reachable" data-from-day="3">"#))
    // The witness's journey: seven days, the badge unlocked on the last.
    let journey = try folder.read("site/witnesses/planted/badge-week.html")
    #expect(journey.contains(#"data-badge="week" data-state="unlocked""#))
    #expect(try folder.read("site/witnesses/planted/milestone-three.html").contains(#"data-id="three""#))
    #expect(!FileManager.default.fileExists(atPath: folder.path("site/witnesses/planted/badge-strong.html")))
  }
}

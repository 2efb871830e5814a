@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

/// ImanPath's milestone catalogue as its seed document lists it. How the milestones behave
/// (Day 0, relapses, no commitment) is in the scenarios of catalogs/tests/imanpath.yaml.
@Suite("ImanPath milestones")
struct ImanPathTests {
  let catalog: ValidatedCatalog

  init() throws {
    catalog = try Fixture.shipped("imanpath")
  }

  @Test("the thirteen milestones, their names and meanings")
  func catalogue() {
    let milestones = catalog.catalog.milestones?.milestones ?? []
    #expect(milestones.map(\.day) == [1, 3, 7, 14, 30, 50, 60, 75, 90, 120, 150, 270, 365])
    #expect(
      milestones.map(\.id) == [
        "tawbah", "tajdeed", "sabr", "istiqamah", "mujahadah", "thiqah", "taqwa", "tawakkul", "ihsan", "quwwah",
        "shukr", "noor", "falah",
      ])
    #expect(milestones[8].display["name"] == "Ihsan")
    #expect(milestones[8].display["title"] == "Three Months")
    #expect(milestones[8].display["meaning"] == "Excellence")
    #expect(milestones[7].display["meaning"] == "Reliance on Allah")
    #expect(milestones.filter { $0.tags.contains("major") }.map(\.day) == [7, 30, 60, 90])
    #expect(milestones.filter { $0.tags.contains("commitment") }.map(\.day) == [30, 60, 90])
  }
}

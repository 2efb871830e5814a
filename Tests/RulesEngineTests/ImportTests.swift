@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import Testing

@Suite("imports of rule modules")
struct ImportTests {
  @Test("a module's metrics are the catalog's own, with the names it requires")
  func importsAndRequires() throws {
    let catalog = try Fixture.catalog(
      """
      catalog: demo
      imports: [../rules/levels.yaml]
      inputs: {duas: {type: int}}
      metrics:
        xp: total(duas) * 10
      badges:
        - {id: level-2, name: Level 2, when: level >= 2}
      """,
      modules: [
        "../rules/levels.yaml": """
        module: levels
        requires: {xp: int}
        metrics:
          level: floor(sqrt(xp / 50)) + 1
        """
      ])
    #expect(catalog.catalog.metrics.map(\.name) == ["xp", "level"])
  }

  @Test("a requirement the catalog does not meet is reported at the module")
  func unmetRequirement() {
    let diagnostics = Fixture.diagnostics(
      """
      catalog: demo
      imports: [levels.yaml]
      """,
      modules: ["levels.yaml": "module: levels\nrequires: {xp: int}\nmetrics:\n  level: xp / 50\n"])
    #expect(
      diagnostics == [
        "levels.yaml:2:12: error: this module requires 'xp' (int), which the catalog 'demo' does not define as an input or a metric"
      ])
  }

  @Test("a module checked alone may use what it requires")
  func moduleAlone() {
    let result = Fixture.validate(
      "module: levels\nrequires: {xp: int}\nmetrics:\n  level: floor(sqrt(xp / 50)) + 1\n",
      path: "levels.yaml")
    #expect(result.diagnostics.isEmpty)
    #expect(result.isModule)
  }

  @Test("a name in both the catalog and a module is reported at both places")
  func clash() {
    let diagnostics = Fixture.diagnostics(
      """
      catalog: demo
      imports: [shared.yaml]
      inputs:
        done: {type: bool}
      """,
      modules: ["shared.yaml": "module: shared\ninputs:\n  done: {type: int}\n"])
    #expect(
      diagnostics == [
        "shared.yaml:3:3: error: input 'done' clashes with the input 'done' defined at catalog.yaml:4:3",
        "4:3: error: input 'done' clashes with the input 'done' defined at shared.yaml:3:3",
      ])
  }

  @Test("an import cycle is reported at every import of the circle")
  func cycle() {
    let diagnostics = Fixture.diagnostics(
      "catalog: demo\nimports: [a.yaml]\n",
      modules: [
        "a.yaml": "module: a\nimports: [b.yaml]\n",
        "b.yaml": "module: b\nimports: [a.yaml]\n",
      ])
    #expect(
      diagnostics == [
        "a.yaml:2:11: error: import cycle: a.yaml → b.yaml → a.yaml",
        "b.yaml:2:11: error: import cycle: a.yaml → b.yaml → a.yaml",
      ])
  }

  @Test("importing a missing file or a catalog is an error at the import")
  func badImports() {
    #expect(
      Fixture.diagnostics(
        "catalog: demo\nimports: [missing.yaml, other.yaml]\n", modules: ["other.yaml": "catalog: other\n"])
        == [
          "missing.yaml:1:1: error: no such file",
          "2:11: error: cannot import 'missing.yaml': it has errors (reported in that file)",
          "2:25: error: cannot import 'other.yaml': it is a catalog, not a rule module",
        ])
  }
}

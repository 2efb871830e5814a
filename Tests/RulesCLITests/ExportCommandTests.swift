import Foundation
import Testing

@Suite("rules export and rules schema")
struct ExportCommandTests {
  @Test("rules export writes the catalog as JSON with its format version")
  func export() throws {
    let result = try CLI.run(["export", "discipline"])
    #expect(result.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["format"] as? String == "rules-catalog")
    #expect(object["catalog"] as? String == "discipline")
    #expect((object["badges"] as? [Any])?.count == 4)
  }

  @Test("rules export --output writes the file; a catalog with errors is refused")
  func output() throws {
    let sandbox = try Sandbox(["bad.yaml": "catalog: demo\nbadges:\n  - {id: a, name: A, whne: true}\n"])
    let good = try CLI.run(
      ["export", CLI.repository.appendingPathComponent("catalogs/rizq.yaml").path, "-o", "rizq.json"], in: sandbox.url)
    #expect(good.status == 0)
    #expect(try sandbox.read("rizq.json").count > 1000)
    let bad = try CLI.run(["export", "bad.yaml", "-o", "bad.json"], in: sandbox.url)
    #expect(bad.status == 1)
    #expect(
      bad.stderr.hasPrefix("bad.yaml:3:22: error: unknown key 'whne' in badge 'a'; did you mean 'when'? [unknown-key]"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.url.appendingPathComponent("bad.json").path))
  }

  @Test("rules export --format swift writes the committed compiled day of a shipped catalog")
  func swift() throws {
    let result = try CLI.run(["export", "rizq", "--format", "swift"])
    #expect(result.status == 0)
    let committed = try String(
      contentsOf: CLI.repository.appendingPathComponent("Sources/CompiledCatalogs/RizqDay.swift"), encoding: .utf8)
    #expect(result.stdout == committed)
    let named = try CLI.run(["export", "onward", "--format", "swift", "--type-name", "Onward_2"])
    #expect(named.status == 0)
    #expect(named.stdout.contains("public struct Onward_2: CompiledDay {"))
  }

  @Test("rules export --format swift -o FOLDER names the file for its type and prints its path")
  func swiftIntoFolder() throws {
    let sandbox = try Sandbox([
      "out/.keep": "",
      "catalogs/salah-streak.yaml": """
      catalog: salah-streak
      inputs:
        prayed: {type: bool}
      streaks:
        prayers: {counts: prayed}
      badges:
        - {id: first, name: First, when: prayers.current >= 1}

      """,
    ])
    let shipped = CLI.repository.appendingPathComponent("catalogs/salahstreak.yaml").path
    let result = try CLI.run(["export", shipped, "--format", "swift", "-o", "out"], in: sandbox.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "out/SalahstreakDay.swift\n")
    let committed = try Data(
      contentsOf: CLI.repository.appendingPathComponent("Sources/CompiledCatalogs/SalahstreakDay.swift"))
    #expect(try Data(contentsOf: sandbox.url.appendingPathComponent("out/SalahstreakDay.swift")) == committed)
    // A hyphenated id is a type name the export makes, not a file name a script derives.
    let hyphen = try CLI.run(
      ["export", "catalogs/salah-streak.yaml", "--format", "swift", "-o", "out/"], in: sandbox.url)
    #expect(hyphen.status == 0, "\(hyphen.stderr)")
    #expect(hyphen.stdout == "out/SalahStreakDay.swift\n")
    let source = try String(
      contentsOf: sandbox.url.appendingPathComponent("out/SalahStreakDay.swift"), encoding: .utf8)
    #expect(source.contains("public struct SalahStreakDay: CompiledDay {"))
  }

  @Test("rules export --format swift refuses a bad type name and a catalog it cannot translate")
  func swiftRefusals() throws {
    let sandbox = try Sandbox([
      "texts.yaml": """
      catalog: texts
      inputs:
        mood: {type: enum, values: [low, high], default: low}
      badges:
        - {id: a, name: A, when: '(mood == "high" ? "yes" : "no") == "yes"'}

      """
    ])
    let badName = try CLI.run(["export", "rizq", "--format", "swift", "--type-name", "9x"])
    #expect(badName.status == 64)
    #expect(badName.stdout.isEmpty)
    #expect(
      badName.stderr == "error: --type-name: '9x' is not a Swift type name (letters, digits and _, not first a digit)\n"
    )
    let texts = try CLI.run(["export", "texts.yaml", "--format", "swift", "-o", "Texts.swift"], in: sandbox.url)
    #expect(texts.status == 1)
    #expect(
      texts.stderr
        == "error: texts.yaml: cannot write the day as Swift: it compares texts ('==' or '!=' between strings), which has no Swift translation; its day runs on the interpreter\n"
    )
    #expect(!FileManager.default.fileExists(atPath: sandbox.url.appendingPathComponent("Texts.swift").path))
  }

  @Test("rules schema prints the committed schemas")
  func schema() throws {
    for (kind, path) in [
      ("catalog", "catalogs/catalog.schema.json"), ("scenario", "catalogs/tests/scenario.schema.json"),
      ("history", "examples/history.schema.json"),
      ("locale", "catalogs/locales/locale.schema.json"),
    ] {
      let result = try CLI.run(["schema", "--kind", kind])
      let committed = try String(contentsOf: CLI.repository.appendingPathComponent(path), encoding: .utf8)
      #expect(result.status == 0)
      #expect(result.stdout == committed)
    }
  }
}

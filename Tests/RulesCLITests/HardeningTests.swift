import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue #12: hostile and careless input, each case by the exact message it gets.
@Suite("hostile input", .serialized)
struct HardeningTests {
  static let catalog = """
    catalog: demo
    inputs:
      done: {type: bool}
    streaks:
      daily: {counts: done}
    badges:
      - {id: two, name: Two, when: daily.current >= 2}
    """

  static let history = """
    days:
      - {date: 2026-01-01, done: true}
      - {date: 2026-01-02, done: true}
    """

  // MARK: 6. imports stay in the catalog's repository

  @Test("an import outside the catalog's repository is refused unread, at the import")
  func importOutsideRepository() throws {
    let sandbox = try Sandbox([
      "repo/catalogs/demo.yaml": "catalog: demo\nimports: [../../outside/secret.yaml]\n",
      "repo/rules/.keep": "",
      "outside/secret.yaml": "password: hunter2\n",
    ])
    let result = try CLI.run(["check", "repo/catalogs/demo.yaml"], in: sandbox.url)
    let root = URL(fileURLWithPath: sandbox.path("repo")).resolvingSymlinksInPath().path
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        repo/catalogs/demo.yaml:2:11: error: cannot import 'outside/secret.yaml': it is outside \
        the catalog's repository (\(root)); imports must stay inside it (--root names another folder) [bad-import]
         2 | imports: [../../outside/secret.yaml]
           |           ^
        1 file checked: 1 error, 0 warnings

        """)
    #expect(!result.stdout.contains("hunter2"))
  }

  @Test("an absolute import such as /etc/passwd is refused and never echoed")
  func absoluteImport() throws {
    let sandbox = try Sandbox(["catalogs/demo.yaml": "catalog: demo\nimports: [/etc/passwd]\n"])
    let result = try CLI.run(["eval", "catalogs/demo.yaml", "--history", "h.yaml"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot import '/etc/passwd': it is outside the catalog's repository"))
    #expect(!result.stderr.contains("root:"))
  }

  @Test("--root names a wider folder: the import is read")
  func explicitRoot() throws {
    let sandbox = try Sandbox([
      "repo/catalogs/demo.yaml": "catalog: demo\nimports: [../../shared/mod.yaml]\n"
        + "badges:\n  - {id: two, name: Two, when: daily.current >= 2}\n",
      "shared/mod.yaml": "module: shared\ninputs: {done: {type: bool}}\nstreaks: {daily: {counts: done}}\n",
    ])
    let refused = try CLI.run(["check", "repo/catalogs/demo.yaml"], in: sandbox.url)
    #expect(refused.status == 1)
    let result = try CLI.run(["check", "repo/catalogs/demo.yaml", "--root", "."], in: sandbox.url)
    #expect(result.stdout == "1 file checked: 0 errors, 0 warnings\n")
    #expect(result.status == 0)
    let missing = try CLI.run(["check", "repo/catalogs/demo.yaml", "--root", "nowhere"], in: sandbox.url)
    #expect(missing.status == 64)
    #expect(missing.stderr.hasPrefix("Error: --root: 'nowhere' is not a folder\n"))
  }

  @Test("a link inside the repository to a file outside it is refused")
  func linkedImport() throws {
    let sandbox = try Sandbox([
      "repo/catalogs/demo.yaml": "catalog: demo\nimports: [../rules/mod.yaml]\n",
      "outside/mod.yaml": "module: outside\n",
    ])
    try FileManager.default.createDirectory(atPath: sandbox.path("repo/rules"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("repo/rules/mod.yaml"), withDestinationPath: sandbox.path("outside/mod.yaml"))
    let result = try CLI.run(["check", "repo/catalogs/demo.yaml"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(result.stdout.contains("cannot import 'repo/rules/mod.yaml': it is outside the catalog's repository"))
  }

  @Test("a scenario's catalog outside its repository is refused unread")
  func scenarioCatalogOutside() throws {
    let sandbox = try Sandbox([
      "repo/catalogs/tests/demo.yaml": "catalog: ../../../outside/demo.yaml\nscenarios: []\n",
      "outside/demo.yaml": Self.catalog,
    ])
    let result = try CLI.run(["test", "repo/catalogs/tests/demo.yaml"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "repo/catalogs/tests/demo.yaml:1:10: error: the catalog '../../../outside/demo.yaml' is outside the scenario's repository"
      ))
  }

  @Test("a file that is no history gets one error, not its lines echoed as unknown keys")
  func notAHistory() throws {
    let sandbox = try Sandbox([
      "demo.yaml": Self.catalog,
      "secrets.yaml": "alice: s3cret-one\nbob: s3cret-two\ncarol: s3cret-three\n",
    ])
    let result = try CLI.run(["eval", "demo.yaml", "--history", "secrets.yaml"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        secrets.yaml:1:1: error: this is not a history file: it has none of the keys user, start, timezone, days [not-a-history]
         1 | alice: s3cret-one
           | ^

        """)
  }

  @Test("an empty history is reported as [not-a-history]")
  func emptyHistory() throws {
    let sandbox = try Sandbox(["demo.yaml": Self.catalog, "empty.yaml": ""])
    let result = try CLI.run(["eval", "demo.yaml", "--history", "empty.yaml"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "empty.yaml:1:1: error: the history is empty; it needs 'days', a list of records [not-a-history]\n"))
  }
}

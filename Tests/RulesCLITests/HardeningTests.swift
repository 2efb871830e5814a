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
        secrets.yaml:1:1: error: this is not a history file: it has none of the keys user, start, timezone, timezone_changes, calendar, day_starts_at, pauses, freeze_grants, restores, repairs, days [not-a-history]
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

  // MARK: 1. arithmetic never traps

  static let xpCatalog = """
    catalog: demo
    inputs: {done: {type: bool}}
    streaks:
      daily: {counts: done}
    metrics:
      earned: badges.xp
    badges:
      - {id: a, name: A, when: done, xp: 9223372036854775807}
      - {id: b, name: B, when: daily.current >= 2, xp: 9223372036854775807}
    """

  static let threeDays = """
    days:
      - {date: 2026-01-01, done: true}
      - {date: 2026-01-02, done: true}
      - {date: 2026-01-03, done: true}
    """

  private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test("badges whose xp add up past Int.max: check warns, every later eval saturates")
  func xpOverflow() throws {
    let sandbox = try Sandbox(["demo.yaml": Self.xpCatalog, "history.yaml": Self.threeDays])
    let check = try CLI.run(["check", "demo.yaml"], in: sandbox.url)
    #expect(check.status == 0)
    #expect(
      check.stdout == """
        demo.yaml:9:5: warning: the badges' xp add up past 9223372036854775807 with 'b'; badges.xp stops at that limit [constant-overflow]
         9 |   - {id: b, name: B, when: daily.current >= 2, xp: 9223372036854775807}
           |     ^
        1 file checked: 0 errors, 1 warning

        """)
    for date in ["2026-01-02", "2026-01-03", "2026-01-03"] {
      let result = try CLI.run(
        [
          "eval", "demo.yaml", "--history", "history.yaml", "--date", date, "--state", "state.json", "--format", "json",
        ],
        in: sandbox.url)
      #expect(result.status == 0, "\(date): \(result.stderr)")
      let metrics = try json(result.stdout)["metrics"] as? [String: Any]
      #expect((metrics?["earned"] as? NSNumber)?.int64Value == Int64.max)
    }
    let rebuild = try CLI.run(
      ["eval", "demo.yaml", "--history", "history.yaml", "--date", "2026-01-03", "--state", "state.json", "--rebuild"],
      in: sandbox.url)
    #expect(rebuild.status == 0, "\(rebuild.stderr)")
  }

  // MARK: 2. no infinity or NaN in the state or the output

  static let sumCatalog = """
    catalog: demo
    inputs: {n: {type: number}}
    metrics:
      big: total(n)
    messages:
      - {id: m, text: "big is {big}"}
    """

  @Test("a number total past the largest number saturates: the state reads back, nothing prints inf")
  func numberOverflow() throws {
    let history = """
      days:
        - {date: 2026-01-01, n: 1.7e308}
        - {date: 2026-01-02, n: 1.7e308}
        - {date: 2026-01-03, n: 1.7e308}
      """
    let sandbox = try Sandbox(["demo.yaml": Self.sumCatalog, "history.yaml": history])
    for date in ["2026-01-02", "2026-01-03"] {
      let result = try CLI.run(
        [
          "eval", "demo.yaml", "--history", "history.yaml", "--date", date, "--state", "state.json", "--format", "json",
        ],
        in: sandbox.url)
      #expect(result.status == 0, "\(date): \(result.stderr)")
      #expect(result.stdout.contains("\"big\": 1.7976931348623157e+308"))
      #expect(result.stdout.contains("\"text\": \"big is 1.7976931348623157e+308\""))
      #expect(!result.stdout.contains("null,\n  \"milestones\"") && !result.stdout.contains("inf"))
    }
    let state = String(decoding: try sandbox.read("state.json"), as: UTF8.self)
    #expect(state.contains("\"total(input(0))\": 1.7976931348623157e+308"))
  }

  @Test("a state whose number sum an older rules wrote as null is read, with a warning")
  func nullSumInState() throws {
    let history = "days:\n  - {date: 2026-01-01, n: 1}\n  - {date: 2026-01-02, n: 1}\n"
    let sandbox = try Sandbox(["demo.yaml": Self.sumCatalog, "history.yaml": history])
    let first = try CLI.run(
      ["eval", "demo.yaml", "--history", "history.yaml", "--date", "2026-01-02", "--state", "state.json"],
      in: sandbox.url)
    #expect(first.status == 0)
    let text = String(decoding: try sandbox.read("state.json"), as: UTF8.self)
    try sandbox.write(
      "state.json", text.replacingOccurrences(of: "\"total(input(0))\": 1", with: "\"total(input(0))\": null"))
    let result = try CLI.run(
      ["eval", "demo.yaml", "--history", "history.yaml", "--date", "2026-01-02", "--state", "state.json"],
      in: sandbox.url)
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "warning: state.json: total(input(0)) is null in the state (an overflow written by an older rules); "
        + "it is read as the largest number (use --rebuild to count it again)\n")
    let rebuilt = try CLI.run(
      ["eval", "demo.yaml", "--history", "history.yaml", "--date", "2026-01-02", "--state", "state.json", "--rebuild"],
      in: sandbox.url)
    #expect(rebuilt.status == 0)
    #expect(rebuilt.stdout.contains("big  2"))
  }

  @Test("infinite and NaN numbers in a history are refused, each by what it is")
  func nonFiniteHistory() throws {
    let history = """
      days:
        - {date: 2026-01-01, n: .inf}
        - {date: 2026-01-02, n: 1e400}
        - {date: 2026-01-03, n: .nan}
      """
    let sandbox = try Sandbox(["demo.yaml": Self.sumCatalog, "history.yaml": history])
    let result = try CLI.run(["eval", "demo.yaml", "--history", "history.yaml"], in: sandbox.url)
    #expect(result.status == 1)
    let errors = result.stderr.split(separator: "\n").filter { $0.contains("error:") }
    #expect(
      errors == [
        "history.yaml:2:27: error: n must be a finite number; found '.inf' (infinity) [bad-value]",
        "history.yaml:3:27: error: n must be a finite number; found '1e400' (too large) [bad-value]",
        "history.yaml:4:27: error: n must be a finite number; found '.nan' (not a number) [bad-value]",
      ])
  }

  @Test("infinite numbers in a catalog are refused: a default, a bound, a constant")
  func nonFiniteCatalog() throws {
    let catalog = """
      catalog: demo
      inputs:
        n: {type: number, default: .inf, max: -.inf}
      metrics:
        huge: n * 1e400
      """
    let sandbox = try Sandbox(["demo.yaml": catalog])
    let result = try CLI.run(["check", "demo.yaml"], in: sandbox.url)
    #expect(result.status == 1)
    let errors = result.stdout.split(separator: "\n").filter { $0.contains("error:") }
    #expect(
      errors == [
        "demo.yaml:3:30: error: the default of 'n' must be a finite number; found '.inf' (infinity) [invalid-input]",
        "demo.yaml:3:41: error: 'max' of 'n' must be a finite number; found '-.inf' (infinity) [invalid-input]",
        "demo.yaml:5:13: error: the number 1e400 is too large [expression-syntax]",
      ])
  }

  @Test("a milestone day of 1e400 is one error, without a spurious 'the milestone list is empty'")
  func hugeMilestoneDay() throws {
    let catalog = """
      catalog: demo
      inputs: {done: {type: bool}}
      streaks: {daily: {counts: done}}
      milestones:
        streak: daily
        list:
          - {id: one, day: 1e400, name: One}
      """
    let sandbox = try Sandbox(["demo.yaml": catalog])
    let result = try CLI.run(["check", "demo.yaml"], in: sandbox.url)
    #expect(result.status == 1)
    let errors = result.stdout.split(separator: "\n").filter { $0.contains("error:") }
    #expect(errors == ["demo.yaml:7:22: error: 'day' must be an integer; found a number [wrong-type]"])
  }

  // MARK: 8 and 9. state files that cannot be used, by the exact message

  private func stateSandbox(_ state: String) throws -> Sandbox {
    try Sandbox(["demo.yaml": Self.catalog, "history.yaml": Self.history, "state.json": state])
  }

  private func evalWithState(_ sandbox: Sandbox, date: String = "2026-01-02", state: String = "state.json")
    throws -> CLI.Result
  {
    try CLI.run(
      ["eval", "demo.yaml", "--history", "history.yaml", "--date", date, "--state", state], in: sandbox.url)
  }

  @Test(
    "a state that is not a JSON object says what it holds, exit 1, the file unchanged",
    arguments: [
      ("null", "it holds null, not a JSON object"),
      ("42", "it holds a number, not a JSON object"),
      ("[1, 2]", "it holds a list, not a JSON object"),
      ("{\"format\": \"rules-state\"}", "it has no \"format_version\" (a whole number)"),
      (
        "{\"format\": \"rules-state\", \"format_version\": 9}",
        "it was written by a newer version of rules (format_version 9)"
      ),
      ("{\"format\": ", "it is not valid JSON (is it truncated or corrupt?)"),
    ])
  func unusableState(text: String, problem: String) throws {
    let sandbox = try stateSandbox(text)
    let result = try evalWithState(sandbox)
    #expect(result.status == 1)
    #expect(result.stderr == "state.json: error: the state file is not usable: \(problem); it was left as it is\n")
    #expect(try sandbox.read("state.json") == Data(text.utf8))
  }

  @Test("a hand-edited state counted past its own date is refused, exit 1, the file unchanged")
  func countedThroughAfterDate() throws {
    let sandbox = try Sandbox(["demo.yaml": Self.catalog, "history.yaml": Self.history])
    let first = try evalWithState(sandbox, date: "2026-01-02")
    #expect(first.status == 0)
    let text = String(decoding: try sandbox.read("state.json"), as: UTF8.self)
      .replacingOccurrences(of: "\"counted_through\": \"2026-01-01\"", with: "\"counted_through\": \"2026-03-01\"")
    #expect(text.contains("2026-03-01"))
    try sandbox.write("state.json", text)
    let result = try evalWithState(sandbox, date: "2026-01-03")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "state.json: error: the state file is not usable: 'counted_through' (2026-03-01) is not before its 'date' (2026-01-02); "
        + "the days up to the day before 'date' are counted; it was left as it is\n")
    #expect(try sandbox.read("state.json") == Data(text.utf8))
  }

  // MARK: 3. readable output from any amount of diagnostics

  @Test("at most 1,000 diagnostics of a file are shown, then one line counts the rest")
  func diagnosticsCapped() throws {
    let keys = (0..<1_500).map { "unknown\($0): 1\n" }.joined()
    let sandbox = try Sandbox(["demo.yaml": "catalog: demo\n" + keys])
    let result = try CLI.run(["check", "demo.yaml"], in: sandbox.url)
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count { $0.hasPrefix("demo.yaml:") && $0.contains(": error: ") } == 1_000)
    #expect(
      lines.suffix(2) == [
        "demo.yaml: 500 more diagnostics not shown (at most 1000 per file)",
        "1 file checked: 1500 errors, 0 warnings",
      ])
    let json = try CLI.run(["check", "demo.yaml", "--format", "json"], in: sandbox.url)
    #expect(json.stdout.components(separatedBy: "\"unknown-key\"").count - 1 == 1_500)
  }

  @Test("an error on a very long line shows the line around the column, not the whole line")
  func longLineClipped() throws {
    let long = String(repeating: "x", count: 1_000_000)
    let sandbox = try Sandbox(["demo.yaml": "catalog: demo\ndescription: \(long): y\n"])
    let result = try CLI.run(["check", "demo.yaml"], in: sandbox.url)
    #expect(result.status == 1)
    let eighty = String(repeating: "x", count: 80)
    let spaces = String(repeating: " ", count: 81)
    #expect(
      result.stdout == """
        demo.yaml:2:1000014: error: mapping values are not allowed in this context \
        (a value with ': ' in it needs quotes, e.g. when: "a ? b : c") [yaml-syntax]
         2 | …\(eighty): y
           | \(spaces)^
        1 file checked: 1 error, 0 warnings

        """)
  }

  @Test("a megabyte unknown key is named by its start and length")
  func longKeyClipped() throws {
    let key = String(repeating: "k", count: 1_000_000)
    // An explicit key: libyaml takes implicit keys of up to 1,024 characters only.
    let sandbox = try Sandbox(["demo.yaml": "catalog: demo\n? \(key)\n: 1\n"])
    let result = try CLI.run(["check", "demo.yaml", "--format", "json"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(result.stdout.count < 2_000)
    #expect(
      result.stdout.contains(
        "unknown key '\(String(repeating: "k", count: 60))… (1000000 characters)' in catalog; a catalog has"))
  }

  // MARK: 5. only regular files are read

  @Test("a FIFO as a catalog, an import or a history is refused at once, never waited on")
  func fifo() throws {
    let sandbox = try Sandbox([
      "catalogs/demo.yaml": Self.catalog, "catalogs/uses.yaml": "catalog: uses\nimports: [pipe.yaml]\n",
      "history.yaml": Self.history,
    ])
    #expect(mkfifo(sandbox.path("catalogs/pipe.yaml"), 0o644) == 0)
    let asCatalog = try CLI.run(["check", "catalogs/pipe.yaml"], in: sandbox.url)
    #expect(asCatalog.status == 1)
    #expect(
      asCatalog.stdout.hasPrefix(
        "catalogs/pipe.yaml:1:1: error: is a FIFO (named pipe), not a regular file; only regular files are read [file-unreadable]\n"
      ))
    let asImport = try CLI.run(["check", "catalogs/uses.yaml"], in: sandbox.url)
    #expect(asImport.status == 1)
    #expect(asImport.stdout.contains("catalogs/pipe.yaml:1:1: error: is a FIFO (named pipe), not a regular file"))
    let asHistory = try CLI.run(
      ["eval", "catalogs/demo.yaml", "--history", "catalogs/pipe.yaml"], in: sandbox.url)
    #expect(asHistory.status == 1)
    #expect(
      asHistory.stderr
        == "catalogs/pipe.yaml:1:1: error: is a FIFO (named pipe), not a regular file; only regular files are read [file-unreadable]\n"
    )
  }

  @Test("a device and a link loop as a history are told as what they are")
  func deviceAndLoop() throws {
    let sandbox = try Sandbox(["demo.yaml": Self.catalog])
    try FileManager.default.createSymbolicLink(atPath: sandbox.path("a.yaml"), withDestinationPath: "b.yaml")
    try FileManager.default.createSymbolicLink(atPath: sandbox.path("b.yaml"), withDestinationPath: "a.yaml")
    let device = try CLI.run(["eval", "demo.yaml", "--history", "/dev/zero"], in: sandbox.url)
    #expect(device.status == 1)
    #expect(
      device.stderr
        == "/dev/zero:1:1: error: is a device, not a regular file; only regular files are read [file-unreadable]\n")
    let loop = try CLI.run(["eval", "demo.yaml", "--history", "a.yaml"], in: sandbox.url)
    #expect(loop.status == 1)
    #expect(
      loop.stderr
        == "a.yaml:1:1: error: cannot read the file: too many levels of symbolic links (a link loop?) [file-unreadable]\n"
    )
  }

  // MARK: 7 and 9. the state path

  @Test("a symlinked state: the target is read, locked and replaced, the link stays a link")
  func symlinkedState() throws {
    let sandbox = try Sandbox(["demo.yaml": Self.catalog, "history.yaml": Self.history])
    try FileManager.default.createDirectory(atPath: sandbox.path("data"), withIntermediateDirectories: true)
    let first = try evalWithState(sandbox, state: "data/real.json")
    #expect(first.status == 0)
    try FileManager.default.createSymbolicLink(atPath: sandbox.path("link.json"), withDestinationPath: "data/real.json")
    let before = try sandbox.read("data/real.json")
    let result = try evalWithState(sandbox, date: "2026-01-03", state: "link.json")
    #expect(result.status == 0, "\(result.stderr)")
    let type = try FileManager.default.attributesOfItem(atPath: sandbox.path("link.json"))[.type] as? FileAttributeType
    #expect(type == .typeSymbolicLink)
    #expect(try sandbox.read("data/real.json") != before)
    #expect(FileManager.default.fileExists(atPath: sandbox.path("data/real.json.lock")))
    #expect(!FileManager.default.fileExists(atPath: sandbox.path("link.json.lock")))
  }

  @Test(
    "a state path that cannot be a state file is an error naming it, and nothing is created",
    arguments: [
      (
        "dangling.json",
        "the state path is a symbolic link to 'missing/state.json', which does not exist; create the file there or give its real path"
      ),
      ("loop.json", "the state path is a symbolic link loop"),
      ("folder", "the state path is a folder, not a file"),
      ("/dev/null", "the state path is a device, not a regular file"),
    ])
  func badStatePath(path: String, message: String) throws {
    let sandbox = try Sandbox(["demo.yaml": Self.catalog, "history.yaml": Self.history])
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("dangling.json"), withDestinationPath: "missing/state.json")
    try FileManager.default.createSymbolicLink(atPath: sandbox.path("loop.json"), withDestinationPath: "loop.json")
    try FileManager.default.createDirectory(atPath: sandbox.path("folder"), withIntermediateDirectories: true)
    let listing = try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path).sorted()
    let result = try evalWithState(sandbox, state: path)
    #expect(result.status == 1)
    #expect(result.stderr == "\(path): error: \(message)\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path).sorted() == listing)
    #expect(!FileManager.default.fileExists(atPath: "/dev/null.lock"))
  }

  @Test("--state '' is a usage error and writes nothing")
  func emptyStatePath() throws {
    let sandbox = try Sandbox(["demo.yaml": Self.catalog, "history.yaml": Self.history])
    let result = try evalWithState(sandbox, state: "")
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: --state: the path is empty\n"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path).sorted() == ["demo.yaml", "history.yaml"])
  }

  @Test("rules init refuses to write through a symbolic link")
  func initThroughLink() throws {
    let sandbox = try Sandbox(["outside/.keep": ""])
    try FileManager.default.createDirectory(atPath: sandbox.path("repo/catalogs"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("repo/catalogs/catalog.schema.json"),
      withDestinationPath: sandbox.path("outside/schema.json"))
    let result = try CLI.run(["init", "demo"], in: sandbox.url.appendingPathComponent("repo"))
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: catalogs/catalog.schema.json is a symbolic link; rules init does not write through links\n")
    #expect(!FileManager.default.fileExists(atPath: sandbox.path("outside/schema.json")))
    #expect(!FileManager.default.fileExists(atPath: sandbox.path("repo/catalogs/demo.yaml")))
  }

  @Test("rules init under a file names the path it cannot write")
  func initUnderFile() throws {
    let sandbox = try Sandbox(["afile": ""])
    let result = try CLI.run(["init", "demo", "--folder", "afile/catalogs"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: cannot write afile/catalogs/tests: a part of the path is not a folder, or cannot be written\n")
  }

  // MARK: 4. aliases are budgeted by bytes

  @Test("a few aliases of a large string are refused before they make gigabytes")
  func aliasesOfALargeScalar() throws {
    let big = String(repeating: "x", count: 1_000_000)
    let aliases = String(repeating: "  - *big\n", count: 50)
    let sandbox = try Sandbox(["demo.yaml": "catalog: demo\ndescription: &big \(big)\ntags:\n\(aliases)"])
    let result = try CLI.run(["check", "demo.yaml", "--format", "json"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "\"message\": \"aliases here expand to more than 4 MiB of text, the reader's limit (is this an alias bomb?)\""))
    #expect(result.stdout.contains("\"line\": 8,\n      \"column\": 5,"))
  }

  // MARK: 9 and 10. messages and documentation

  @Test("count( with 65 arguments names the limit")
  func countArguments() throws {
    let arguments = Array(repeating: "done", count: 65).joined(separator: ", ")
    let sandbox = try Sandbox([
      "demo.yaml": "catalog: demo\ninputs: {done: {type: bool}}\nmetrics:\n  n: count(\(arguments))\n"
    ])
    let result = try CLI.run(["check", "demo.yaml"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("demo.yaml:4:6: error: count takes 1 to 64 arguments; found 65 [wrong-arity]\n"))
  }

  @Test("an anchor no alias uses is allowed, as docs/catalog-format.md says")
  func unusedAnchor() throws {
    let sandbox = try Sandbox(["demo.yaml": "catalog: demo\nname: &a Demo\n"])
    let result = try CLI.run(["check", "demo.yaml"], in: sandbox.url)
    #expect(result.stdout == "1 file checked: 0 errors, 0 warnings\n")
    #expect(result.status == 0)
    let docs = String(
      decoding: try Data(contentsOf: CLI.repository.appendingPathComponent("docs/catalog-format.md")), as: UTF8.self)
    #expect(docs.contains("an\nanchor that no alias uses is allowed"))
    #expect(!docs.contains("anchors without aliases"))
  }

  @Test("--state /proc/self/mem names the file it cannot use, not a Foundation error number")
  func procMemState() throws {
    let sandbox = try Sandbox(["demo.yaml": Self.catalog, "history.yaml": Self.history])
    let result = try evalWithState(sandbox, state: "/proc/self/mem")
    #expect(result.status == 1)
    #expect(result.stderr.hasSuffix("/mem.lock: error: cannot open the lock file: No such file or directory\n"))
    #expect(!result.stderr.contains("NSCocoaErrorDomain"))
  }
}

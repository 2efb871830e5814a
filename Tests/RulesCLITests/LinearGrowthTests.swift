import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue #12: every path from bytes to diagnostics is linear. The worst cases found by
/// probing (unknown keys, duplicate history dates, many errors on one long line) are made at
/// 4× and 16× a size large enough to be measured; the CPU time of `rules` (its own, so other
/// processes on a loaded machine matter less than wall-clock time would), less its start-up,
/// must grow under 8× per 4× of input (quadratic growth is 16×), and its peak memory stays
/// under a ceiling.
@Suite("linear growth", .serialized)
struct LinearGrowthTests {
  struct Usage {
    var seconds: Double
    var maxResidentBytes: Int?
    var status: Int32
  }

  /// GNU time, which reports the peak memory of the process it runs. The peak memory wait4
  /// gives for a child of this process is useless: Linux keeps the parent's peak across the
  /// child's exec, so a large test process would hide the child's own.
  static let time = "/usr/bin/time"

  /// Runs `rules ARGUMENTS`, output discarded, and measures it (under GNU time when there
  /// is one, for the peak memory; else the memory is not measured). Arguments that name
  /// files (`*.yaml`) are taken in `directory`.
  static func measure(_ arguments: [String], in directory: URL) throws -> Usage {
    let arguments = arguments.map { $0.hasSuffix(".yaml") ? directory.appendingPathComponent($0).path : $0 }
    let report = directory.appendingPathComponent("time-report").path
    let hasTime = FileManager.default.isExecutableFile(atPath: time)
    let command =
      hasTime ? [time, "-f", "%x %U %S %M", "-o", report, CLI.binary.path] : [CLI.binary.path]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = (command + arguments).map { strdup($0) } + [nil]
    defer {
      for argument in argv { free(argument) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
    try #require(spawned == 0)
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      try #require(errno == EINTR)
    }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    guard hasTime else {
      return Usage(
        seconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), maxResidentBytes: nil,
        status: (status >> 8) & 0xFF)
    }
    // "%x %U %S %M": exit status, user and system seconds, peak memory in KiB.
    let text = try String(contentsOfFile: report, encoding: .utf8)
    let fields = try #require(text.split(whereSeparator: \.isNewline).last).split(separator: " ")
    try #require(fields.count == 4, "\(text)")
    return Usage(
      seconds: (Double(fields[1]) ?? 0) + (Double(fields[2]) ?? 0),
      maxResidentBytes: (Int(fields[3]) ?? 0) * 1024, status: Int32(fields[0]) ?? -1)
  }

  /// The least CPU time of two runs (a run slowed by the machine's load shows less).
  static func best(_ arguments: [String], in directory: URL) throws -> Usage {
    let first = try measure(arguments, in: directory)
    let second = try measure(arguments, in: directory)
    return first.seconds <= second.seconds ? first : second
  }

  /// Makes the case at sizes 4n and 16n and checks the growth of time and memory. The time of
  /// a run without input (start-up, reading the catalog) is taken off each, so what is compared
  /// is the time the input itself costs: 4× the input must cost under 8× the time (linear is
  /// 4×, quadratic 16×). While the 4n run's own time is under 0.1 s (too little to tell growth
  /// from noise), n grows 4× (up to 64 times the base), so a quadratic path cannot hide under
  /// the start-up time.
  func expectLinear(
    _ name: String, base: Int, files: (Int) -> [String: String], arguments: [String],
    expectedStatus: Int32 = 1
  ) throws {
    func run(_ n: Int) throws -> (usage: Usage, size: Int) {
      let made = files(n)
      let sandbox = try Sandbox(made)
      return (try Self.best(arguments, in: sandbox.url), made.values.map(\.utf8.count).reduce(0, +))
    }
    let startUp = try run(0).usage.seconds
    var n = base
    var smaller = try run(4 * n)
    var larger = try run(16 * n)
    while smaller.usage.seconds - startUp < 0.1 && n < 64 * base {
      n *= 4
      smaller = larger
      larger = try run(16 * n)
    }
    #expect(smaller.usage.status == expectedStatus, "\(name) ×\(4 * n / base)")
    #expect(larger.usage.status == expectedStatus, "\(name) ×\(16 * n / base)")
    let own = [smaller.usage.seconds - startUp, larger.usage.seconds - startUp]
    #expect(
      own[1] < max(own[0], 0.1) * 8,
      "\(name): start-up \(startUp) s, input of \(4 * n / base)× and \(16 * n / base)× the base: \(own) s")
    // Memory: the process's own ~30 MB, plus a bounded multiple of the input.
    let ceiling = 120 * 1024 * 1024 + 40 * larger.size
    if let peak = larger.usage.maxResidentBytes {
      #expect(peak < ceiling, "\(name): \(peak) bytes")
    }
  }

  @Test("unknown keys: each costs the same however many there are")
  func unknownKeys() throws {
    try expectLinear(
      "unknown keys", base: 1_000,
      files: { n in ["demo.yaml": "catalog: demo\n" + (0..<n).map { "unknown\($0): 1\n" }.joined()] },
      arguments: ["check", "demo.yaml"])
  }

  @Test("unknown keys on one long line: each error's column is found once")
  func oneLongLine() throws {
    try expectLinear(
      "one long line", base: 1_000,
      files: { n in
        ["demo.yaml": "{catalog: demo, " + (0..<n).map { "unknown\($0): 1" }.joined(separator: ", ") + "}\n"]
      },
      arguments: ["check", "demo.yaml"])
  }

  @Test("a translated catalog: each badge's translation is checked at the same cost however many there are")
  func translatedBadges() throws {
    // The unknown-translation rule once searched an array of every id for each text: 16,000
    // badges took 12 times as long as 4,000.
    try expectLinear(
      "translated badges", base: 1_000,
      files: { n in
        [
          "demo.yaml": "catalog: demo\ninputs: {done: {type: bool}}\nbadges:\n"
            + (0..<n).map { "  - {id: b\($0), name: Badge, when: done}\n" }.joined(),
          "locales/ar/demo.yaml": "badges:\n" + (0..<n).map { "  b\($0): {name: وسام}\n" }.joined(),
        ]
      },
      arguments: ["check", "demo.yaml"], expectedStatus: 0)
  }

  @Test("duplicate history dates: each costs the same however many there are")
  func duplicateDates() throws {
    try expectLinear(
      "duplicate dates", base: 1_000,
      files: { n in
        [
          "demo.yaml": "catalog: demo\ninputs: {done: {type: bool}}\n",
          "history.yaml": "days:\n" + String(repeating: "  - {date: 2026-01-01, done: true}\n", count: n),
        ]
      },
      arguments: ["eval", "demo.yaml", "--history", "history.yaml", "--date", "2026-01-02"])
  }

  @Test("aliases of a scalar: refused at the byte budget, whatever the count")
  func scalarAliases() throws {
    let text = String(repeating: "x", count: 10_000)
    try expectLinear(
      "scalar aliases", base: 200,
      files: { n in
        ["demo.yaml": "catalog: demo\ndescription: &d \(text)\ntags:\n" + String(repeating: "  - *d\n", count: n)]
      },
      arguments: ["check", "demo.yaml"])
  }
}

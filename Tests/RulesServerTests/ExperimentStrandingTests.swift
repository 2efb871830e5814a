import Foundation
import RulesExperiments
import StoreTestSupport
import Testing

/// An experiment never strands a catalog (issue #52, 1): a variant that widened an input
/// (`max: 600` → `1440`) or retyped it (`bool` → `int`) lets its users store values the served
/// catalog does not take. Through a stop, a reload, a restart, a promote and a restart after
/// it, on both stores, every user of the catalog answers, each such value is read as its
/// nearest value (never the default: the issue's "best streak 2 → 0"), a reload and the start's
/// log count them, and the users outside the variant answer as if there had been no experiment.
@Suite struct ExperimentStrandingTests {
  /// A variant and the day bodies its users and control's send.
  struct Variant: Sendable, CustomTestStringConvertible {
    var name: String
    /// The variant's catalog file.
    var yaml: String
    /// A variant user's day and a control user's.
    var variantDay: String
    var controlDay: String
    /// The input of the reload's `nearest_inputs` after the first experiment (2 variant users,
    /// 2 days each), and its example.
    var input: String
    var example: String
    /// Each stored day's minutes as the catalog served reads them: the control's `max` (600)
    /// clamps the widened variant's; the promoted variant's (1440) clamps nothing.
    var minutes: @Sendable (String, Int) -> Int
    var testDescription: String { name }
  }

  static let control = """
    catalog: habits
    name: Habits
    version: 1
    inputs:
      done: {type: bool}
      minutes: {type: int, min: 0, max: 600}
    streaks:
      daily: {counts: done}
    metrics:
      total_minutes: total(minutes)
    badges:
      - {id: first, name: First, description: A day done, when: daily.current >= 1}
    """

  static let variants: [Variant] = [
    Variant(
      name: "widened max",
      yaml: control.replacingOccurrences(of: "version: 1", with: "version: 2")
        .replacingOccurrences(of: "max: 600", with: "max: 1440"),
      variantDay: #"{"done": true, "minutes": 1000}"#, controlDay: #"{"done": true, "minutes": 30}"#,
      input: "minutes", example: "minutes must be at most 600; found 1000; read as 600",
      minutes: { body, max in body.contains("1000") ? min(1000, max) : 30 }),
    Variant(
      name: "bool to int",
      yaml: control.replacingOccurrences(of: "version: 1", with: "version: 2")
        .replacingOccurrences(of: "done: {type: bool}", with: "done: {type: int, min: 0, max: 5}")
        .replacingOccurrences(of: "counts: done}", with: "counts: done > 0}"),
      variantDay: #"{"done": 3, "minutes": 30}"#, controlDay: #"{"done": true, "minutes": 30}"#,
      input: "done", example: "done must be true or false; found the integer 3; read as true",
      minutes: { _, _ in 30 }),
  ]

  static let users = "/v1/catalogs/habits/users"
  static let day = ServerTests.day
  static let progress = "/v1/catalogs/{catalog}/users/{user}/progress"
  static let rebuild = "/v1/catalogs/{catalog}/users/{user}/rebuild"

  /// Two users of each arm of `name` at 50% among u1...u60.
  static func armed(_ name: String) -> (variant: [String], control: [String]) {
    let assignment = Assignment(experiment: name, share: Share(parsing: "50%")!)
    let ids = (1...60).map { "u\($0)" }
    return (
      Array(ids.filter { assignment.arm(of: $0) == .variant }.prefix(2)),
      Array(ids.filter { assignment.arm(of: $0) == .control }.prefix(2))
    )
  }

  static func object(_ answer: ServerProcess.Answer) -> [String: Any] { answer.json as? [String: Any] ?? [:] }

  /// `streaks.daily.{current,best}` and `metrics.total_minutes` of an evaluation's answer.
  static func figures(_ answer: ServerProcess.Answer) -> [Int?] {
    let body = object(answer)
    let daily = (body["streaks"] as? [String: Any])?["daily"] as? [String: Any]
    let metrics = body["metrics"] as? [String: Any]
    return [daily?["current"] as? Int, daily?["best"] as? Int, metrics?["total_minutes"] as? Int]
  }

  /// The answer without its `experiment` key, as sorted JSON (what a user outside the variant
  /// sees is the same with and without the experiment).
  static func withoutExperiment(_ answer: ServerProcess.Answer) throws -> String {
    var body = object(answer)
    body["experiment"] = nil
    return String(decoding: try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]), as: UTF8.self)
  }

  @Test(arguments: Backend.all, variants)
  func noExperimentStrandsItsCatalog(_ backend: Backend, _ variant: Variant) async throws {
    try await withTemporaryFolder { folder in
      let catalogs = folder.appendingPathComponent("catalogs")
      try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
      try Self.control.write(to: catalogs.appendingPathComponent("habits.yaml"), atomically: true, encoding: .utf8)
      let variantFile = folder.appendingPathComponent("variant.yaml")
      try variant.yaml.write(to: variantFile, atomically: true, encoding: .utf8)
      let export = try loadCatalog(path: variantFile.path).export
      let server = try await ServerSession(
        backend, in: folder, token: "admin-token-of-at-least-32-bytes",
        extra: ["--catalogs", catalogs.path, "--experiment-poll", "0"])
      // What each user stored, by date (the bodies), to count what a catalog makes of them.
      var stored: [String: [String: String]] = [:]
      func put(_ process: ServerProcess, _ user: String, _ date: String, _ body: String) throws {
        let answer = try process.request("PUT", "\(Self.users)/\(user)/days/\(date)", body: body)
        #expect(answer.status == 200, "\(user) \(date): \(answer.body)")
        stored[user, default: [:]][date] = body
      }
      /// Every user answers progress and a rebuild as of `date`: the streak of `days` days and
      /// the stored minutes as a catalog of that `max` reads them.
      func everyoneAnswers(
        _ process: ServerProcess, as date: String, days: Int, max: Int,
        sourceLocation: SourceLocation = #_sourceLocation
      ) throws {
        for user in stored.keys.sorted() {
          let got = try process.request("GET", "\(Self.users)/\(user)/progress?date=\(date)")
          #expect(got.status == 200, "\(user): \(got.body)", sourceLocation: sourceLocation)
          #expect(Self.figures(got).prefix(2) == [days, days], "\(user): \(got.body)", sourceLocation: sourceLocation)
          let rebuilt = try process.request("POST", "\(Self.users)/\(user)/rebuild?date=\(date)")
          #expect(rebuilt.status == 200, "\(user): \(rebuilt.body)", sourceLocation: sourceLocation)
          let minutes = stored[user]!.filter { $0.key <= date }.values.map { variant.minutes($0, max) }.reduce(0, +)
          #expect(
            Self.figures(rebuilt) == [days, days, minutes], "\(user): \(rebuilt.body)", sourceLocation: sourceLocation)
        }
      }
      func start(_ process: ServerProcess, _ name: String) throws {
        let started = try process.request(
          "POST", "/v1/admin/experiments",
          body: #"{"catalog": "habits", "share": "50%", "name": "\#(name)", "variant": \#(export)}"#)
        #expect(started.status == 201, "\(started.body)")
      }

      // The first experiment: two users of each arm store two days.
      let (inVariant, inControl) = Self.armed("first")
      try start(server.process, "first")
      for date in ["2026-01-01", "2026-01-02"] {
        for user in inVariant { try put(server.process, user, date, variant.variantDay) }
        for user in inControl { try put(server.process, user, date, variant.controlDay) }
      }
      var before: [String: String] = [:]
      for user in inControl {
        before[user] = try Self.withoutExperiment(
          try server.call("GET", "\(Self.users)/\(user)/progress?date=2026-01-02", route: Self.progress))
      }

      // Stopped: everyone under the served catalog; the variant's values read as their nearest.
      let stopped = try server.call(
        "POST", "/v1/admin/experiments/first/stop", route: "/v1/admin/experiments/{name}/stop")
      #expect(stopped.status == 200, "\(stopped.body)")
      for user in inControl {
        let after = try server.call("GET", "\(Self.users)/\(user)/progress?date=2026-01-02", route: Self.progress)
        #expect(try Self.withoutExperiment(after) == before[user], "\(user), outside the variant")
      }
      try everyoneAnswers(server.process, as: "2026-01-02", days: 2, max: 600)

      // Reloaded: served, and the values read as their nearest are counted (the variant's
      // users alone: control's days are in the catalog's own encoding).
      let reloaded = try server.call("POST", CatalogReloadTests.reload, route: CatalogReloadTests.reload)
      #expect(reloaded.status == 200, "\(reloaded.body)")
      let entry = (reloaded.json as? [[String: Any]])?.first
      #expect(entry?["catalog"] as? String == "habits")
      #expect(
        entry?["nearest_inputs"] as? [NSDictionary] == [
          ["input": variant.input, "users": 2, "days": 4, "example": variant.example]
        ], "\(reloaded.body)")
      #expect((entry?["ignored_inputs"] as? [Any])?.isEmpty == true, "\(reloaded.body)")
      try everyoneAnswers(server.process, as: "2026-01-02", days: 2, max: 600)
      try server.checkAgainstOpenAPI()
      #expect(server.process.stop() == 0)

      // Restarted: the catalog is served, and so is every user.
      let log = folder.appendingPathComponent("restart.log")
      let restarted = try ServerProcess(
        store: server.store, token: "admin-token-of-at-least-32-bytes",
        extra: ["--catalogs", catalogs.path, "--experiment-poll", "0"], log: log)
      let listed = try restarted.request("GET", "/v1/catalogs")
      #expect(listed.body == #"[{"catalog":"habits","name":"Habits","version":1}]"# + "\n", "\(listed.body)")
      try everyoneAnswers(restarted, as: "2026-01-02", days: 2, max: 600)
      let logged = try String(contentsOf: log, encoding: .utf8)
      let note =
        "habits: the input '\(variant.input)' cannot take the values 2 users stored on 4 days as they are: "
        + "each is read as its nearest value (e.g. \(variant.example))"
      #expect(logged.contains(note), "\(logged)")

      // A second experiment, promoted: the variant served reads control's values as its nearest.
      let second = Assignment(experiment: "second", share: Share(parsing: "50%")!)
      try start(restarted, "second")
      for user in stored.keys.sorted() {
        try put(
          restarted, user, "2026-01-03", second.arm(of: user) == .variant ? variant.variantDay : variant.controlDay)
      }
      let promoted = try restarted.request("POST", "/v1/admin/experiments/second/promote")
      #expect(promoted.status == 200, "\(promoted.body)")
      #expect(Self.object(promoted)["status"] as? String == "promoted", "\(promoted.body)")
      let served = try restarted.request("GET", "/v1/catalogs")
      #expect(served.body == #"[{"catalog":"habits","name":"Habits","version":2}]"# + "\n", "\(served.body)")
      try everyoneAnswers(restarted, as: "2026-01-03", days: 3, max: 1440)
      #expect(restarted.stop() == 0)

      // Restarted after the promote (the folder still holds version 1): served, every user too.
      let again = try ServerProcess(
        store: server.store, token: "admin-token-of-at-least-32-bytes",
        extra: ["--catalogs", catalogs.path, "--experiment-poll", "0"])
      let relisted = try again.request("GET", "/v1/catalogs")
      #expect(relisted.body == #"[{"catalog":"habits","name":"Habits","version":1}]"# + "\n", "\(relisted.body)")
      try everyoneAnswers(again, as: "2026-01-03", days: 3, max: 600)
    }
  }
}

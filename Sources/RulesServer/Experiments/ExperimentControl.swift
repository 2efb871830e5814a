import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesExperiments
@_spi(Tooling) import RulesKit
import RulesStore

/// What `rules-server experiment` and the admin experiment routes share: the checks of a new
/// experiment, and starting, stopping and promoting one in the store (docs/experiments.md).
struct ExperimentControl: Sendable {
  /// Why a request about an experiment was refused: its HTTP status and code, and the exit
  /// status of the command (64: bad usage; 65: a variant refused).
  struct Failure: Error, CustomStringConvertible {
    var status: Int
    var code: String
    var message: String
    var exitCode: Int32 { status == 422 ? 65 : status == 503 ? 1 : 64 }
    var description: String { message }

    init(_ status: Int, _ code: String, _ message: String) {
      self.status = status
      self.code = code
      self.message = message
    }
  }

  let store: any StoreBackend

  /// What a name may be, an id that is one path segment as written (issue #52: `.` and `..`
  /// were taken, then unreachable over HTTP, where they are dot segments): 1 to 64 ASCII
  /// letters, digits and `-._`, beginning with a letter or a digit (so no `.`, `..`, `/`, `%`).
  static func nameProblem(_ name: String) -> String? {
    func letterOrDigit(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        true
      default: false
      }
    }
    let allowed = name.utf8.allSatisfy { byte in
      letterOrDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }
    guard (1...64).contains(name.utf8.count), allowed, name.utf8.first.map(letterOrDigit) == true else {
      return
        "'\(name)' is not an experiment name; use 1 to 64 ASCII letters, digits, '-', '.' and '_', beginning with a letter or a digit"
    }
    return nil
  }

  static func share(_ text: String) throws(Failure) -> Share {
    guard let share = Share(parsing: text) else {
      throw Failure(
        400, "bad-share",
        "'\(text)' is not a share; write a percentage from 0 to 100% with at most two decimals, e.g. 20% or 12.5%")
    }
    return share
  }

  static func guardrail(_ metric: String?, margin: Double?) throws(Failure) -> Guardrail? {
    guard let metric else {
      if margin != nil { throw Failure(400, "bad-guardrail", "a margin needs a guardrail (e.g. retention_d7)") }
      return nil
    }
    guard let guardrail = Guardrail(metric: metric, margin: margin ?? 0) else {
      if !Guardrail.metrics.contains(metric) {
        throw Failure(
          400, "bad-guardrail",
          "'\(metric)' is not a guardrail; use \(Guardrail.metrics.joined(separator: ", "))")
      }
      throw Failure(400, "bad-guardrail", "the margin must be a number of 0 or more, e.g. 0.02")
    }
    return guardrail
  }

  /// The problems that refuse `variant` as a variant of `control`: another catalog, the same
  /// revision, an input users send removed, ids removed or renamed without a version bump.
  static func problems(control: StoreCatalog, variant: StoreCatalog) -> [String] {
    guard variant.id == control.id else {
      return ["the variant is the catalog '\(variant.id)', not '\(control.id)'"]
    }
    if variant.revision == control.revision {
      return ["the variant is the catalog served (revision \(control.revision)): there is nothing to compare"]
    }
    var problems: [String] = []
    let kept = Set(variant.validated.inputs.map(\.name))
    for input in control.validated.inputs where !kept.contains(input.name) {
      problems.append(
        "the variant removes the input '\(input.name)' that users send; an experiment's arms take the same records")
    }
    let diff = CatalogDiff(old: control.validated, new: variant.validated)
    problems += diff.warnings.map { "\($0) (bump the variant's version)" }
    return problems
  }

  /// Starts an experiment of `variant` against `control` (the catalog served), after the
  /// checks of `problems`. What the store holds refuses no variant: a stored value the variant
  /// cannot take as it is (it narrowed or retyped an input) is read as its nearest value for
  /// its users, as after a reload.
  func start(
    name: String?, control: StoreCatalog, variant: StoreCatalog, share: Share, guardrail: Guardrail?
  ) async throws -> StoredExperiment {
    let name = name ?? "\(control.id)-\(variant.revision.prefix(8))"
    if let problem = Self.nameProblem(name) { throw Failure(400, "bad-name", problem) }
    let problems = Self.problems(control: control, variant: variant)
    if !problems.isEmpty {
      throw Failure(422, "variant-invalid", "the experiment was not started: " + problems.joined(separator: "\n"))
    }
    let now = Date()
    let experiment = StoredExperiment(
      name: name, catalog: control.id, share: share.basisPoints, controlHash: control.revision,
      variantHash: variant.revision, variant: variant.export,
      guardrail: guardrail.map { "\($0.metric):\($0.margin)" }, startedAt: Self.moment(now),
      startDate: CalendarDay.today(in: TimeZone(identifier: "UTC")!).description)
    do {
      try await store.startExperiment(experiment)
    } catch let conflict as ExperimentConflict {
      switch conflict {
      case .nameTaken(let taken):
        throw Failure(409, "experiment-exists", "there is an experiment '\(taken)' already; names are not reused")
      case .catalogBusy(let running):
        throw Failure(
          409, "experiment-running",
          "the catalog '\(control.id)' has a running experiment, '\(running)'; stop or promote it first")
      }
    }
    return experiment
  }

  /// `date` in ISO 8601 with milliseconds (`started_at`: which events came after the start).
  static func moment(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }

  /// A moment `moment` wrote, or one in whole seconds (experiments started before it).
  static func moment(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
  }

  /// The experiment of that name, or 404 `unknown-experiment`.
  func experiment(_ name: String) async throws -> StoredExperiment {
    if let problem = Self.nameProblem(name) { throw Failure(400, "bad-name", problem) }
    guard let experiment = try await store.experiment(name: name) else {
      throw Failure(404, "unknown-experiment", "there is no experiment '\(name)'")
    }
    return experiment
  }

  /// The running experiment of that name, or 404, or 409 `experiment-ended`.
  func running(_ name: String) async throws -> StoredExperiment {
    let experiment = try await experiment(name)
    guard experiment.status == "running" else {
      throw Failure(
        409, "experiment-ended",
        "the experiment '\(name)' is not running (it was \(experiment.status))")
    }
    return experiment
  }

  /// Ends the running experiment `name` as `status`; the experiment as it is now.
  func end(_ name: String, status: String, because: String) async throws -> StoredExperiment {
    _ = try await running(name)
    guard
      try await store.endExperiment(
        name: name, status: status, because: because, at: ISO8601DateFormatter().string(from: Date()))
    else {
      throw Failure(409, "experiment-ended", "the experiment '\(name)' is not running")
    }
    return try await experiment(name)
  }

  /// An experiment as the API and `--format json` give it, with its users per arm.
  func json(_ experiment: StoredExperiment) async throws -> JSONValue {
    let users = try await store.experimentUsers(name: experiment.name)
    let variant = users.count { $0.arm == Arm.variant.rawValue }
    let guardrail: JSONValue =
      experiment.guardrail.flatMap { text -> JSONValue? in
        let parts = text.split(separator: ":")
        guard parts.count == 2, let margin = Double(parts[1]) else { return nil }
        return .object([("metric", .string(String(parts[0]))), ("margin", .number(margin))])
      } ?? .null
    return .object([
      ("name", .string(experiment.name)), ("catalog", .string(experiment.catalog)),
      ("share", .string(Share(basisPoints: experiment.share)?.description ?? "\(experiment.share)")),
      ("status", .string(experiment.status)), ("control_revision", .string(experiment.controlHash)),
      ("variant_revision", .string(experiment.variantHash)), ("guardrail", guardrail),
      ("started_at", .string(experiment.startedAt)), ("ended_at", experiment.endedAt.map(JSONValue.string) ?? .null),
      ("ended_because", experiment.endedBecause.map(JSONValue.string) ?? .null),
      ("users", .object([("control", .int(users.count - variant)), ("variant", .int(variant))])),
    ])
  }
}

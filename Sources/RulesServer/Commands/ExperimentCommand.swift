import ArgumentParser
import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesExperiments
import RulesKit
import RulesStore

/// `rules-server experiment start|stop|promote|show`: the experiments of a store
/// (docs/experiments.md). A running server learns of what these change within its
/// `--experiment-poll` (2 seconds unless told; `ExperimentWatch`); the admin routes change a
/// server at once.
struct ExperimentCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "experiment",
    abstract: "Try a changed catalog on a share of its users (docs/experiments.md).",
    subcommands: [Start.self, Stop.self, Promote.self, Show.self, Report.self, Guard.self])

  /// `work`, a refusal printed with its exit status (64: bad usage, 65: a variant refused).
  static func refusing<R>(_ work: () async throws -> R) async throws -> R {
    do {
      return try await work()
    } catch let failure as ExperimentControl.Failure {
      printError("error: \(failure.message)")
      throw ExitCode(failure.exitCode)
    }
  }

  struct Start: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Start an experiment: --share of CATALOG's users are evaluated under --variant.",
      discussion: """
        CATALOG is the catalog served (a file, or a name in catalogs/). The variant must pass \
        `rules check`, keep every input of CATALOG, and bump the version when it removes or \
        renames ids (a stored value it cannot take as it is is read as its nearest value, as \
        after a reload). A user's arm is a stable hash \
        of (name, user id), kept from their first save. At most one running experiment per \
        catalog; names are not reused. Exit 64 for bad usage, an unknown or taken name, a \
        second experiment; 65 for a variant refused.
        """)

    @Argument(help: "The catalog served: a file, or a name in catalogs/.") var catalog: String
    @Option(help: "The variant catalog file.") var variant: String
    @Option(help: "The share of users in the variant: 20%, 20 or 12.5% (0 to 100%).") var share: String
    @Option(help: "The experiment's name (default: CATALOG-<the variant's revision, 8 digits>).") var name: String?
    @Option(help: "A guardrail: retention_d1, retention_d7, retention_d30 or active_days_per_week.")
    var guardrail: String?
    @Option(help: "The guardrail's margin, in the figure's unit (0.02: two points of retention; default 0).")
    var margin: Double?
    @OptionGroup var store: StoreOption
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() async throws {
      let shareText = share
      let metric = guardrail
      let margin = margin
      let (parsedShare, parsedGuardrail) = try await ExperimentCommand.refusing {
        (try ExperimentControl.share(shareText), try ExperimentControl.guardrail(metric, margin: margin))
      }
      if let name, let problem = ExperimentControl.nameProblem(name) {
        printError("error: \(problem)")
        throw ExitCode(64)
      }
      let control = try loadCatalog(catalog)
      let variantCatalog: StoreCatalog
      do {
        variantCatalog = try StoreCatalog.load(variant)
      } catch {
        printError(error.description)
        printError("error: the experiment was not started: the variant fails `rules check`")
        throw ExitCode(65)
      }
      let opened = try await store.open()
      defer { Task { try? await opened.close() } }
      let started = try await ExperimentCommand.refusing {
        try await ExperimentControl(store: opened).start(
          name: name, control: control, variant: variantCatalog, share: parsedShare, guardrail: parsedGuardrail)
      }
      try await ExperimentCommand.print(started, store: opened, format: format)
      if format == .text {
        printError(
          "note: a running server on this store evaluates with it within its --experiment-poll (2 seconds unless told)")
      }
    }
  }

  struct Stop: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Stop a running experiment: every user back to the served catalog, keeping their unlocks.")

    @Argument(help: "The experiment's name.") var name: String
    @OptionGroup var store: StoreOption
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() async throws {
      let opened = try await store.open()
      defer { Task { try? await opened.close() } }
      let stopped = try await ExperimentCommand.refusing {
        try await ExperimentControl(store: opened).end(name, status: "stopped", because: "stopped")
      }
      try await ExperimentCommand.print(stopped, store: opened, format: format)
    }
  }

  struct Promote: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Promote a running experiment's variant: recorded as the catalog's revision, the experiment ended.",
      discussion: """
        The variant is recorded as a revision of the catalog (`promote`); a running server on \
        the store that serves the catalog it was tried against serves the variant within its \
        --experiment-poll (2 seconds unless told), until its next reload: put the variant's \
        file in the catalogs' folder to keep it.
        """)

    @Argument(help: "The experiment's name.") var name: String
    @OptionGroup var store: StoreOption
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() async throws {
      let opened = try await store.open()
      defer { Task { try? await opened.close() } }
      let control = ExperimentControl(store: opened)
      let experiment = try await ExperimentCommand.refusing { try await control.running(name) }
      let variant: StoreCatalog
      do {
        variant = try StoreCatalog.exported(experiment.variant)
      } catch {
        printError("error: the variant cannot be read by this build: \(ExperimentsController.problems(error))")
        throw ExitCode(65)
      }
      try await opened.recordRevision(
        ServedCatalogs.newRevision(variant, loadedBy: "promote", requestID: nil),
        at: ISO8601DateFormatter().string(from: Date()))
      let promoted = try await ExperimentCommand.refusing {
        try await control.end(name, status: "promoted", because: "promoted")
      }
      try await ExperimentCommand.print(promoted, store: opened, format: format)
      if format == .text {
        printError(
          "note: a running server on this store serves it within its --experiment-poll (2 seconds unless told); put its file in the catalogs' folder to keep it after a reload"
        )
      }
    }
  }

  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "An experiment: its arms, share, status and users.")

    @Argument(help: "The experiment's name.") var name: String
    @OptionGroup var store: StoreOption
    @Option(help: "Output format: text or json.") var format: OutputFormat = .json

    func run() async throws {
      let opened = try await store.open()
      defer { Task { try? await opened.close() } }
      let experiment = try await ExperimentCommand.refusing {
        try await ExperimentControl(store: opened).experiment(name)
      }
      try await ExperimentCommand.print(experiment, store: opened, format: format)
    }
  }

  struct Report: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "An experiment's report: per arm its users, retention, active days, streaks and unlock rates.",
      discussion: """
        Each figure per arm with its 95% interval (Wilson for shares, Student's t for means) and \
        the difference variant - control with its interval (Newcombe's hybrid score, Welch). A \
        report reads and changes nothing (`experiment guard` applies the guardrails). A --date \
        after the latest date that is today somewhere (today in UTC and one day) is refused.
        """)

    @Argument(help: "The experiment's name.") var name: String
    @OptionGroup var store: StoreOption
    @Option(help: "The report's date, YYYY-MM-DD (default: today in UTC).") var date: String?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func validate() throws { _ = try parseDay(date, option: "--date") }

    func run() async throws {
      let asked = try parseDay(date, option: "--date")
      let day = try await ExperimentCommand.refusing { try ExperimentControl.reportDate(asked) }
      let opened = try await store.open()
      defer { Task { try? await opened.close() } }
      let control = ExperimentControl(store: opened)
      let experiment = try await ExperimentCommand.refusing { try await control.experiment(name) }
      let report = try await control.report(
        experiment, control: try await control.startedCatalog(experiment), date: day)
      switch format {
      case .json:
        guard case .object(var pairs) = try await control.json(experiment) else { return }
        pairs.append(("report", try ExperimentControl.json(report)))
        pairs.append(("methods", ExperimentControl.methods))
        Swift.print(JSONValue.object(pairs).serialized(indent: nil))
      case .text:
        try await ExperimentCommand.print(experiment, store: opened, format: .text)
        Swift.print(ExperimentControl.text(report))
      }
    }
  }

  struct Guard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Apply the guardrails: stop each running experiment whose report as of today trips its guardrail.",
      discussion: """
        The monitoring of guardrails (docs/experiments.md): run it on a schedule (a cron, e.g. \
        hourly). Each running experiment with a guardrail (or the one named) gets its report as \
        of today in UTC; one whose variant is worse than control by more than the margin, at 95%, \
        is stopped (`ended_because: guardrail METRIC`, an `experiment.stopped` event). Prints a \
        line per experiment checked; exit 0 whether or not it stopped any.
        """)

    @Argument(help: "An experiment's name (default: every running experiment with a guardrail).") var name: String?
    @OptionGroup var store: StoreOption
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() async throws {
      let opened = try await store.open()
      defer { Task { try? await opened.close() } }
      let control = ExperimentControl(store: opened)
      let date = try await ExperimentCommand.refusing { try ExperimentControl.reportDate(nil) }
      let name = name
      let checks = try await ExperimentCommand.refusing { try await control.guardRunning(name, date: date) }
      func interval(_ value: Interval?) -> JSONValue {
        value.map {
          .object([("estimate", .number($0.estimate)), ("lower", .number($0.lower)), ("upper", .number($0.upper))])
        } ?? .null
      }
      switch format {
      case .json:
        let rows = checks.map { check in
          JSONValue.object([
            ("name", .string(check.experiment.name)), ("catalog", .string(check.experiment.catalog)),
            ("date", .string(date.description)), ("metric", .string(check.guardrail.metric)),
            ("margin", .number(check.guardrail.margin)), ("difference", interval(check.difference)),
            ("stopped", .bool(check.stopped)), ("status", .string(check.experiment.status)),
          ])
        }
        Swift.print(JSONValue.array(rows).serialized(indent: nil))
      case .text:
        for check in checks {
          let difference =
            check.difference.map { String(format: "%.3f [%.3f, %.3f]", $0.estimate, $0.lower, $0.upper) } ?? "-"
          Swift.print(
            "\(check.experiment.name): \(check.guardrail.metric) variant - control \(difference), margin \(check.guardrail.margin): "
              + (check.stopped ? "stopped by its guardrail" : "running"))
        }
        if checks.isEmpty { Swift.print("no running experiment has a guardrail") }
      }
      for check in checks where check.stopped {
        printError(
          "warning: the guardrail stopped the experiment '\(check.experiment.name)' (guardrail \(check.guardrail.metric))"
        )
      }
    }
  }

  static func print(_ experiment: StoredExperiment, store: any StoreBackend, format: OutputFormat) async throws {
    switch format {
    case .json: Swift.print(try await ExperimentControl(store: store).json(experiment).serialized(indent: nil))
    case .text:
      let users = try await store.experimentUsers(name: experiment.name)
      let variant = users.count { $0.arm == "variant" }
      Swift.print(
        "\(experiment.name): \(experiment.catalog), \(Share(basisPoints: experiment.share)?.description ?? "?") in the variant, \(experiment.status)"
      )
      Swift.print("  control \(experiment.controlHash.prefix(12)), variant \(experiment.variantHash.prefix(12))")
      Swift.print(
        "  users: \(users.count - variant) control, \(variant) variant")
    }
  }
}

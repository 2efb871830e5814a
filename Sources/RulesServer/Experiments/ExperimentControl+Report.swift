import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesExperiments
import RulesStore

extension ExperimentControl {
  /// The report of `experiment` as of `date` over what the store holds of its users
  /// (`ExperimentReport`: Wilson and Newcombe for shares, Student and Welch for means, 95%),
  /// for the streaks and badges of `control` and the variant.
  func report(_ experiment: StoredExperiment, control: StoreCatalog?, date: CalendarDay) async throws
    -> ExperimentReport
  {
    let variant = try? StoreCatalog.exported(experiment.variant)
    let catalogs = [control, variant].compactMap { $0 }
    var streaks: [String] = []
    var badges: [String] = []
    for catalog in catalogs {
      for streak in catalog.validated.catalog.streaks.map(\.name) where !streaks.contains(streak) {
        streaks.append(streak)
      }
      for badge in catalog.validated.catalog.badges.map(\.id) where !badges.contains(badge) { badges.append(badge) }
    }
    let records = try await store.experimentParticipants(name: experiment.name)
    let participants = records.compactMap { record -> Participant? in
      guard let arm = Arm(rawValue: record.arm), let assigned = CalendarDay.parsed(record.assignedOn) else {
        return nil
      }
      return Participant(
        arm: arm, assigned: assigned, activeDays: Set(record.dates.compactMap(CalendarDay.parsed)),
        streaks: record.streaks.mapValues { Int($0) }, badges: Set(record.badges))
    }
    return ExperimentReport(participants: participants, date: date, streaks: streaks, badges: badges)
  }

  /// The date of a report: `asked`, or today in UTC. A date after the latest date that is
  /// today somewhere (today in UTC and the day of slack, as an import's) is refused, 400
  /// `future-date`: its days have not been lived, and the report would count them as days
  /// users did not come back (issue #52).
  static func reportDate(_ asked: CalendarDay?, clock: FutureDays = .system) throws(Failure) -> CalendarDay {
    guard let asked else { return CalendarDay(clock.now(), in: TimeZone(identifier: "UTC")!) }
    let latest = clock.latestAnywhere
    guard asked <= latest else {
      throw Failure(
        400, "future-date",
        "'date': \(asked) is in the future: a report counts the days users have lived, and the latest date that is today somewhere is \(latest) (today in UTC and one day of slack)"
      )
    }
    return asked
  }

  /// The catalog served when `experiment` started, as the store's revisions keep it (nil when
  /// the store did not record it): what a report without a server compares the variant with.
  func startedCatalog(_ experiment: StoredExperiment) async throws -> StoreCatalog? {
    try await store.revision(catalog: experiment.catalog, hash: experiment.controlHash)
      .flatMap { $0.export }.flatMap { try? StoreCatalog.exported($0) }
  }

  /// What `rules-server experiment guard` found of one experiment: its guardrail, the report's
  /// difference of that figure, and whether it stopped the experiment.
  struct GuardrailCheck {
    var experiment: StoredExperiment
    var guardrail: Guardrail
    var difference: Interval?
    var stopped: Bool
  }

  /// The monitoring of guardrails (`rules-server experiment guard`, docs/experiments.md): each
  /// running experiment with a guardrail (the one named, or all) gets its report as of `date`,
  /// and one whose report trips its guardrail is stopped (`applyGuardrail`). A report alone
  /// never stops one. An experiment that another stopped meanwhile is left as it is.
  func guardRunning(_ name: String?, date: CalendarDay) async throws -> [GuardrailCheck] {
    let running: [StoredExperiment]
    if let name {
      running = [try await self.running(name)]
    } else {
      running = try await store.runningExperiments().sorted { $0.name < $1.name }
    }
    var checks: [GuardrailCheck] = []
    for experiment in running {
      guard let guardrail = Self.guardrail(experiment) else { continue }
      let report = try await report(experiment, control: try await startedCatalog(experiment), date: date)
      var stopped: StoredExperiment?
      do {
        stopped = try await applyGuardrail(experiment, report: report)
      } catch let failure as Failure where failure.code == "experiment-ended" {
        continue
      }
      checks.append(
        GuardrailCheck(
          experiment: stopped ?? experiment, guardrail: guardrail,
          difference: report.difference(guardrail.metric)?.interval, stopped: stopped != nil))
    }
    return checks
  }

  /// The guardrail of a running experiment, when the report trips it: the experiment is
  /// stopped (`ended_because`: `guardrail METRIC`), the event log told (`experiment.stopped`,
  /// an event of the catalog: its user empty), and the stopped experiment returned. Only the
  /// monitoring calls it (`guardRunning`): a report reads, it does not act.
  func applyGuardrail(_ experiment: StoredExperiment, report: ExperimentReport) async throws -> StoredExperiment? {
    guard experiment.status == "running", let guardrail = Self.guardrail(experiment),
      guardrail.isTripped(by: report)
    else { return nil }
    let because = "guardrail \(guardrail.metric)"
    let stopped = try await end(experiment.name, status: "stopped", because: because)
    let difference = report.difference(guardrail.metric)?.interval
    let data = JSONValue.object([
      ("because", .string(because)), ("metric", .string(guardrail.metric)), ("margin", .number(guardrail.margin)),
      (
        "difference",
        difference.map {
          .object([("estimate", .number($0.estimate)), ("lower", .number($0.lower)), ("upper", .number($0.upper))])
        } ?? .null
      ),
    ])
    let version = (try? StoreCatalog.exported(experiment.variant).version) ?? 0
    try await store.appendCatalogEvent(
      catalog: experiment.catalog, catalogVersion: version, catalogRevision: experiment.variantHash,
      event: NewEvent(
        kind: "experiment.stopped", subject: experiment.name, date: report.date,
        data: data.serialized(indent: nil)))
    return stopped
  }

  /// The guardrail an experiment keeps (`METRIC:MARGIN`).
  static func guardrail(_ experiment: StoredExperiment) -> Guardrail? {
    guard let text = experiment.guardrail else { return nil }
    let parts = text.split(separator: ":")
    guard parts.count == 2, let margin = Double(parts[1]) else { return nil }
    return Guardrail(metric: String(parts[0]), margin: margin)
  }

  /// The methods of the report's intervals, as the answers state them.
  static let methods = JSONValue.object([
    ("shares", .string("Wilson score interval; a difference of shares: Newcombe's hybrid score interval (method 10)")),
    ("means", .string("Student's t interval; a difference of means: Welch's interval, Welch-Satterthwaite df")),
    ("confidence", .number(0.95)),
  ])

  /// The report as JSON (snake_case keys, as the API writes them).
  static func json(_ report: ExperimentReport) throws -> JSONValue {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(report)
    return try JSONReader.parse(data)
  }

  /// The report as a table for a terminal: each figure per arm with its interval, and the
  /// difference with its interval.
  static func text(_ report: ExperimentReport) -> String {
    func interval(_ value: Interval?) -> String {
      guard let value else { return "-" }
      return String(format: "%.3f [%.3f, %.3f]", value.estimate, value.lower, value.upper)
    }
    var lines = [
      "as of \(report.date): control \(report.control.users) users, variant \(report.variant.users) users (95% intervals)",
      Self.pad("figure", 22) + Self.pad("control", 28) + Self.pad("variant", 28) + "variant - control",
    ]
    func row(_ name: String, _ control: Interval?, _ variant: Interval?) {
      let difference = report.difference(name)?.interval
      lines.append(
        Self.pad(name, 22) + Self.pad(interval(control), 28) + Self.pad(interval(variant), 28) + interval(difference))
    }
    for (mine, theirs) in zip(report.control.retention, report.variant.retention) {
      row("retention_d\(mine.day)", mine.share.interval, theirs.share.interval)
    }
    row("active_days_per_week", report.control.activeDaysPerWeek.interval, report.variant.activeDaysPerWeek.interval)
    for (mine, theirs) in zip(report.control.currentStreaks, report.variant.currentStreaks) {
      row("streak.\(mine.name)", mine.mean.interval, theirs.mean.interval)
    }
    for (mine, theirs) in zip(report.control.badges, report.variant.badges) {
      row("badge.\(mine.badge)", mine.share.interval, theirs.share.interval)
    }
    return lines.joined(separator: "\n")
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}

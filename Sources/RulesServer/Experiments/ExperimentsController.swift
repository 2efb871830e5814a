import Foundation
import Hummingbird
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesExperiments
import RulesStore

/// The admin routes of experiments (docs/experiments.md): start one, read it, stop it, promote
/// its variant.
struct ExperimentsController: Sendable {
  let api: HTTPAPI

  var control: ExperimentControl { ExperimentControl(store: api.store) }

  /// `work`, its refusals answered in the API's shape (a failing store is 503, as anywhere;
  /// no store timeout: a start reads the whole store, as a reload does).
  func answering<R: Sendable>(_ work: @escaping @Sendable () async throws -> R) async throws -> R {
    do {
      return try await work()
    } catch let failure as ExperimentControl.Failure {
      throw APIError(HTTPResponse.Status(code: failure.status), failure.code, failure.message)
    }
  }

  /// The path's experiment name, percent-decoded (checked by `ExperimentControl`).
  func name(_ context: APIRequestContext) -> String {
    let raw = context.parameters.get("name") ?? ""
    return raw.removingPercentEncoding ?? raw
  }

  /// `POST /v1/admin/experiments`: `{"catalog": C, "variant": EXPORT, "share": "20%", "name": N,
  /// "guardrail": "retention_d7", "margin": 0.02}` (name, guardrail and margin optional); 201
  /// with the experiment.
  func start(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    var name: String?
    var catalogID: String?
    var variant: JSONValue?
    var shareText: String?
    var metric: String?
    var margin: Double?
    for (key, value) in try await api.object(request) {
      switch (key, value) {
      case ("name", .string(let text)): name = text
      case ("catalog", .string(let text)): catalogID = text
      case ("variant", .object): variant = value
      case ("share", .string(let text)): shareText = text
      case ("share", .int(let whole)): shareText = "\(whole)"
      case ("guardrail", .string(let text)): metric = text
      case ("margin", .number(let number)): margin = number
      case ("margin", .int(let whole)): margin = Double(whole)
      case ("variant", _):
        throw APIError(
          .badRequest, "bad-value",
          "'variant' must be a catalog as `rules export` writes it (a JSON object); found \(value.kindDescription)")
      case ("name", _), ("catalog", _), ("share", _), ("guardrail", _), ("margin", _):
        throw APIError(.badRequest, "bad-value", "'\(key)' has the wrong type; found \(value.kindDescription)")
      default:
        throw APIError(
          .badRequest, "unknown-field",
          "unknown field '\(key)'; the body may hold catalog, variant, share, name, guardrail and margin")
      }
    }
    guard let catalogID, let variant, let shareText else {
      let missing = [("catalog", catalogID == nil), ("variant", variant == nil), ("share", shareText == nil)]
        .filter(\.1).map(\.0)
      throw APIError(
        .badRequest, "missing-field", "the body needs \(missing.joined(separator: ", ")) (catalog, variant and share)")
    }
    let share: Share
    let guardrail: Guardrail?
    do {
      share = try ExperimentControl.share(shareText)
      guardrail = try ExperimentControl.guardrail(metric, margin: margin)
    } catch {
      throw APIError(HTTPResponse.Status(code: error.status), error.code, error.message)
    }
    if let name, let problem = ExperimentControl.nameProblem(name) { throw APIError(.badRequest, "bad-name", problem) }
    guard let served = api.served.set.byID[catalogID] else {
      throw APIError(.notFound, "unknown-catalog", "there is no catalog '\(catalogID)'; GET /v1/catalogs lists them")
    }
    let variantCatalog: StoreCatalog
    do {
      variantCatalog = try StoreCatalog.exported(variant.serialized(indent: nil))
    } catch {
      throw APIError(
        .unprocessableContent, "variant-invalid", "the experiment was not started: \(Self.problems(error))")
    }
    let control = control
    let asked = name
    let started = try await answering {
      try await control.start(
        name: asked, control: served, variant: variantCatalog, share: share, guardrail: guardrail)
    }
    if let running = RunningExperiment(started, variant: variantCatalog) {
      api.served.experiments.set(running, catalog: served.id)
    }
    api.logger.notice(
      "experiment started",
      metadata: ["experiment": "\(started.name)", "catalog": "\(served.id)", "share": "\(share)"])
    let json = try await answering { try await control.json(started) }
    return HTTPAPI.json(json.serialized(indent: nil), status: .created)
  }

  /// A catalog that failed its checks, as `rules check` tells it: each error a line.
  static func problems(_ error: any Error) -> String {
    guard let engine = error as? EngineError, !engine.diagnostics.isEmpty else { return "\(error)" }
    return engine.diagnostics.map(\.description).joined(separator: "\n")
  }

  /// `GET /v1/admin/experiments/{name}[?date=D]`: the experiment, its users per arm, and its
  /// report as of D (default: today in UTC; a D after the latest date that is today somewhere
  /// is 400 `future-date`). It reads and changes nothing: a guardrail the report trips is
  /// applied by the monitoring alone (`rules-server experiment guard`).
  func show(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let name = name(context)
    let api = api
    let asked = try HTTPAPI.query(request, codes: ["date": "bad-date"]).get("date").map { try api.day(String($0)) }
    let control = control
    let json = try await answering { () async throws -> JSONValue in
      let date = try ExperimentControl.reportDate(asked)
      let experiment = try await control.experiment(name)
      let report = try await control.report(
        experiment, control: api.served.set.byID[experiment.catalog], date: date)
      guard case .object(var pairs) = try await control.json(experiment) else { return .null }
      pairs.append(("report", try ExperimentControl.json(report)))
      pairs.append(("methods", ExperimentControl.methods))
      return .object(pairs)
    }
    return HTTPAPI.json(json.serialized(indent: nil))
  }

  /// `POST /v1/admin/experiments/{name}/stop`: everyone back to the served catalog, keeping
  /// their unlocks.
  func stop(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let name = name(context)
    let control = control
    let stopped = try await answering { try await control.end(name, status: "stopped", because: "stopped") }
    if api.served.experiments.running(stopped.catalog)?.name == name {
      api.served.experiments.set(nil, catalog: stopped.catalog)
    }
    api.logger.notice("experiment stopped", metadata: ["experiment": "\(name)"])
    let json = try await answering { try await control.json(stopped) }
    return HTTPAPI.json(json.serialized(indent: nil))
  }

  /// `POST /v1/admin/experiments/{name}/promote`: the variant served as the catalog (through
  /// the checks of a reload, recorded as a revision `promote`), and the experiment ended.
  func promote(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let name = name(context)
    let control = control
    let experiment = try await answering { try await control.running(name) }
    let variant: StoreCatalog
    if let running = api.served.experiments.running(experiment.catalog), running.name == name {
      variant = running.variant
    } else {
      do {
        variant = try StoreCatalog.exported(experiment.variant)
      } catch {
        throw APIError(
          .unprocessableContent, "variant-invalid", "the variant cannot be served: \(Self.problems(error))")
      }
    }
    do throws(ServedCatalogs.Refusal) {
      try await api.served.reload(
        logger: api.logger, restoring: variant, loadedBy: "promote", requestID: RevisionsController.requestID(context))
    } catch let refusal {
      if refusal.storeFailed { throw HTTPAPI.storeUnavailable }
      throw APIError(
        .unprocessableContent, "catalog-invalid",
        "the variant was not promoted; the catalog served is unchanged: " + refusal.problems.joined(separator: "\n"))
    }
    let promoted = try await answering { try await control.end(name, status: "promoted", because: "promoted") }
    api.served.experiments.set(nil, catalog: experiment.catalog)
    api.logger.notice("experiment promoted", metadata: ["experiment": "\(name)"])
    let json = try await answering { try await control.json(promoted) }
    return HTTPAPI.json(json.serialized(indent: nil))
  }
}

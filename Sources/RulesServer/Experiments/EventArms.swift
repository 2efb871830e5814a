import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesExperiments
import RulesStore

extension HTTPAPI {
  /// An event as `GET /v1/events` gives it: the log's fields, the revision of the catalog that
  /// evaluated (`catalog_revision`, null for an event stored before revisions were kept) and,
  /// for a user's event of the running experiment of its catalog (appended since it started,
  /// under either arm's revision), `"experiment": {"name": N, "arm": "control"|"variant"}`.
  func eventJSON(_ event: StoredEvent) -> String {
    var json = event.json
    json.removeLast()
    json += ",\"catalog_revision\":" + (event.catalogRevision.map(StoredEvent.quoted) ?? "null")
    if let arm = Self.arm(of: event, in: served.experiments.running(event.catalog)) {
      json += ",\"experiment\":" + arm.serialized(indent: nil)
    }
    return json + "}"
  }

  /// `{"name": N, "arm": A}` of `event` in `experiment`, or nil when it is not of it.
  static func arm(of event: StoredEvent, in experiment: RunningExperiment?) -> JSONValue? {
    guard let experiment, !event.user.isEmpty, let revision = event.catalogRevision,
      let started = ExperimentControl.moment(experiment.stored.startedAt),
      event.createdAt >= Int64((started.timeIntervalSince1970 * 1000).rounded(.down))
    else { return nil }
    let arm = experiment.arm(of: event.user)
    let expected = arm == .variant ? experiment.stored.variantHash : experiment.stored.controlHash
    guard revision == expected else { return nil }
    return .object([("name", .string(experiment.name)), ("arm", .string(arm.rawValue))])
  }
}

import Foundation
import Logging
import Metrics
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import Synchronization

/// The catalogs a server evaluates with, read from its folder and read again on SIGHUP or
/// `POST /v1/admin/catalogs/reload`. A reload takes every catalog of the folder or none: one
/// that fails `rules check` or two files that declare one id refuse it whole, and the catalogs
/// served stay as they were. What the store holds never refuses one: a stored value a catalog
/// cannot take as it is (an experiment's variant widened the input) is read as its nearest
/// value, and the answer counts them. A request takes the set once, so it evaluates with one
/// version from start to end.
final class ServedCatalogs: Sendable {
  /// The catalogs by id, and their ids in order.
  struct Set: Sendable {
    var byID: [String: StoreCatalog]
    var order: [String]
    /// When they were read (the console shows it).
    var loaded = Date()

    init(_ catalogs: [StoreCatalog]) {
      byID = Dictionary(catalogs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      order = byID.keys.sorted()
    }
  }

  /// A catalog a reload serves, with what it makes of the store (nil without a store to read).
  struct Reloaded: Sendable {
    var catalog: StoreCatalog
    var reading: StoreReading?
  }

  /// A reload refused: the problems of the catalogs that failed, as `rules check` tells them;
  /// or the store could not be read to check.
  struct Refusal: Error {
    var problems: [String]
    /// The store failed while the catalogs were checked against it (not the catalogs' fault).
    var storeFailed = false
  }

  let folder: String
  /// The store the catalogs are checked against before they are served.
  let store: (any StoreBackend)?
  /// The running experiments of the catalogs (read again after each reload).
  let experiments = RunningExperiments()
  private let current: Mutex<Set>
  /// The last reload asked for: each waits for the one before (SIGHUPs in a row apply in order).
  private let last = Mutex<Task<Void, Never>?>(nil)
  private let reloads = Counter(label: "rules_catalog_reloads_total", dimensions: [("result", "ok")])
  private let refusals = Counter(label: "rules_catalog_reloads_total", dimensions: [("result", "refused")])

  init(folder: String, catalogs: [StoreCatalog], store: (any StoreBackend)?) {
    self.folder = folder
    self.store = store
    current = Mutex(Set(catalogs))
  }

  /// The catalogs served now.
  var set: Set { current.withLock { $0 } }

  /// Reads the folder again, checks each catalog against the store, and serves what it holds
  /// (by id, with what each makes of the store), or throws `Refusal` and serves what it served.
  /// Every catalog served is recorded as a revision of the store (`catalog_revisions`) when it
  /// is not the newest already, `loadedBy` (`reload`, `restore`...) the admin call
  /// `requestID`. With `restoring`, the folder is not read: that catalog replaces the one of its
  /// id, through the same checks.
  @discardableResult
  func reload(
    logger: Logger, restoring: StoreCatalog? = nil, loadedBy: String = "reload", requestID: String? = nil
  ) async throws(Refusal) -> [Reloaded] {
    let task = last.withLock { last in
      let previous = last
      let next = Task {
        await previous?.value
        let result = await self.reloadNow(logger: logger, restoring: restoring)
        if case .success(let reloaded) = result {
          await self.recordRevisions(reloaded.map(\.catalog), loadedBy: loadedBy, requestID: requestID, logger: logger)
          if let store = self.store { await self.experiments.refresh(from: store, logger: logger) }
        }
        return result
      }
      last = Task { _ = await next.value }
      return next
    }
    // A caller past its request timeout stops waiting; the reload goes on (whole or not at all).
    guard let result = try? await Deadline.awaiting({ await task.value }) else {
      throw Refusal(problems: ["the reload was not waited for; it goes on in the background"], storeFailed: true)
    }
    return try result.get()
  }

  private func reloadNow(logger: Logger, restoring: StoreCatalog?) async -> Result<[Reloaded], Refusal> {
    func refuse(_ problems: [String], storeFailed: Bool = false) -> Result<[Reloaded], Refusal> {
      refusals.increment()
      logger.error("catalog reload refused; the catalogs served are unchanged", metadata: ["problems": "\(problems)"])
      return .failure(Refusal(problems: problems, storeFailed: storeFailed))
    }
    let served = set
    var fresh: Set
    if let restoring {
      fresh = served
      fresh.byID[restoring.id] = restoring
      fresh.loaded = Date()
    } else {
      let (loaded, problems, duplicates) = StoreCatalog.loadAll(in: folder)
      guard problems.isEmpty, duplicates.isEmpty, !loaded.isEmpty else {
        return refuse(problems.isEmpty && duplicates.isEmpty ? ["\(folder): no catalog"] : problems + duplicates)
      }
      fresh = Set(loaded)
    }
    var reloaded: [Reloaded] = []
    for id in fresh.order where restoring == nil || id == restoring?.id {
      let catalog = fresh.byID[id]!
      var reading: StoreReading?
      if let store {
        do {
          // The states only when the catalog changed: the one served reads them (or, when it
          // cannot, counts their users again) already.
          reading = try await store.reading(catalog, states: served.byID[id]?.export != catalog.export)
        } catch {
          logger.error(
            "the store could not be read to check a catalog",
            metadata: ["catalog": "\(id)", "error": "\(HTTPAPI.logged(error))"])
          return refuse(["the store could not be read to check the catalog '\(id)'"], storeFailed: true)
        }
      }
      reloaded.append(Reloaded(catalog: catalog, reading: reading))
    }
    current.withLock { $0 = fresh }
    reloads.increment()
    for note in reloaded.flatMap({ $0.reading?.notes(catalog: $0.catalog.id) ?? [] }) { logger.warning("\(note)") }
    logger.notice(
      "catalogs reloaded",
      metadata: ["catalogs": "\(fresh.order.map { "\($0) v\(fresh.byID[$0]!.version)" }.joined(separator: ", "))"])
    return .success(reloaded)
  }

  /// The answer of `POST /v1/admin/catalogs/reload`: each catalog served now, its version,
  /// the inputs of stored days it leaves out, the inputs whose stored values it reads as their
  /// nearest value, and the users whose saved state it cannot read (null when it did not
  /// change, and the states were not read).
  static func json(_ reloaded: [Reloaded]) -> String {
    JSONValue.array(
      reloaded.map { item in
        let reading = item.reading ?? StoreReading()
        return .object([
          ("catalog", .string(item.catalog.id)), ("name", .string(item.catalog.name)),
          ("version", .int(item.catalog.version)),
          (
            "ignored_inputs",
            .array(
              reading.ignored.map {
                .object([("input", .string($0.input)), ("users", .int($0.users)), ("days", .int($0.days))])
              })
          ),
          (
            "nearest_inputs",
            .array(
              reading.nearest.map {
                .object([
                  ("input", .string($0.input)), ("users", .int($0.users)), ("days", .int($0.days)),
                  ("example", .string($0.example)),
                ])
              })
          ),
          ("unreadable_states", reading.unreadableStates.map(JSONValue.int) ?? .null),
        ])
      }
    ).serialized(indent: nil)
  }
}

import Foundation
import Logging
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import Synchronization

/// Keeps a running server's experiments as the store has them, so what `rules-server experiment
/// start|stop|promote` (or another server's admin routes) changed reaches it without a reload.
///
/// Every `interval` it reads the store's running experiments (one query of the small
/// `experiments` table, the same on SQLite and PostgreSQL, so any number of servers on one
/// store see one truth and none has to be told). When their names differ from what the server
/// evaluates with, it reads them again: a new experiment starts assigning, a stopped one sends
/// its users back to control. An experiment that ended `promoted` while this server served the
/// catalog it was tried against makes the server serve the variant (the revision the promote
/// recorded), through the same checks as a restore; a server already serving something else
/// (its own promote, a reload since) is left as it is.
final class ExperimentWatch: Sendable {
  let served: ServedCatalogs
  let store: any StoreBackend
  let logger: Logger
  /// The last look failed (a store that stays down is logged once, and its return once).
  private let failing = Mutex(false)

  init(served: ServedCatalogs, store: any StoreBackend, logger: Logger) {
    self.served = served
    self.store = store
    self.logger = logger
  }

  /// Looks once; true when it changed what the server evaluates with.
  @discardableResult
  func check() async -> Bool {
    let stored: [StoredExperiment]
    do {
      stored = try await store.runningExperiments()
    } catch {
      if !failing.withLock({ $0 }) {
        logger.warning(
          "the running experiments could not be read; looking again every poll",
          metadata: ["error": "\(HTTPAPI.logged(error))"])
      }
      failing.withLock { $0 = true }
      return false
    }
    if failing.withLock({ $0 }) {
      failing.withLock { $0 = false }
      logger.notice("the running experiments can be read again")
    }
    let known = served.experiments.names()
    let fresh = Dictionary(stored.map { ($0.catalog, $0.name) }, uniquingKeysWith: { first, _ in first })
    guard known != fresh else { return false }
    for (catalog, name) in known where fresh[catalog] != name {
      await servePromoted(name, catalog: catalog)
    }
    await served.experiments.refresh(from: store, logger: logger)
    logger.notice(
      "the store's running experiments changed",
      metadata: ["experiments": "\(fresh.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })"])
    return true
  }

  /// Serves the variant of `name` when it ended promoted and the catalog served is still the
  /// one it was tried against.
  private func servePromoted(_ name: String, catalog: String) async {
    guard let ended = try? await store.experiment(name: name), ended.status == "promoted",
      served.set.byID[catalog]?.revision == ended.controlHash
    else { return }
    let running = served.experiments.running(catalog)
    guard let variant = running?.name == name ? running?.variant : try? StoreCatalog.exported(ended.variant) else {
      logger.error(
        "a promoted variant cannot be read; the catalog served is unchanged", metadata: ["experiment": "\(name)"])
      return
    }
    do {
      try await served.reload(logger: logger, restoring: variant, loadedBy: "promote")
      logger.notice(
        "serving a promoted variant", metadata: ["experiment": "\(name)", "revision": "\(variant.revision)"])
    } catch {
      logger.error(
        "a promoted variant was refused; the catalog served is unchanged",
        metadata: ["experiment": "\(name)", "problems": "\(error.problems)"])
    }
  }

  /// Looks every `interval` until cancelled.
  func run(every interval: Duration) async {
    while !Task.isCancelled {
      do { try await Task.sleep(for: interval) } catch { return }
      await check()
    }
  }
}

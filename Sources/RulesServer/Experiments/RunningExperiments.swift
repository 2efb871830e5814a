import Foundation
import Logging
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import Synchronization

/// The running experiments a server evaluates with, by catalog: read from the store at start,
/// after each reload, when `ExperimentWatch` sees the store's running experiments change (an
/// experiment `rules-server experiment start` began, or another server's routes), and set by
/// the server's own experiment routes at once.
final class RunningExperiments: Sendable {
  private let byCatalog = Mutex<[String: RunningExperiment]>([:])

  /// The catalog's running experiment, or nil.
  func running(_ catalog: String) -> RunningExperiment? { byCatalog.withLock { $0[catalog] } }

  /// The running experiments' names, by catalog.
  func names() -> [String: String] { byCatalog.withLock { $0.mapValues(\.name) } }

  func set(_ experiment: RunningExperiment?, catalog: String) {
    byCatalog.withLock { $0[catalog] = experiment }
  }

  /// Reads the store's running experiments (a variant already read is kept). A failure is
  /// logged, and what was read before stays.
  func refresh(from store: any StoreBackend, logger: Logger) async {
    do {
      let stored = try await store.runningExperiments()
      let known = byCatalog.withLock { $0 }
      var fresh: [String: RunningExperiment] = [:]
      for experiment in stored {
        if let same = known[experiment.catalog], same.stored.name == experiment.name {
          fresh[experiment.catalog] = same
          continue
        }
        do {
          guard let running = RunningExperiment(experiment, variant: try StoreCatalog.exported(experiment.variant))
          else { continue }
          fresh[experiment.catalog] = running
        } catch {
          logger.error(
            "an experiment's variant cannot be read; its users are evaluated under the served catalog",
            metadata: ["experiment": "\(experiment.name)", "error": "\(error)"])
        }
      }
      byCatalog.withLock { $0 = fresh }
    } catch {
      logger.error("the running experiments could not be read", metadata: ["error": "\(HTTPAPI.logged(error))"])
    }
  }
}

extension StoreCatalog {
  /// A catalog from its export (`rules export`, `catalog_revisions.export`), checked as
  /// `rules check` would.
  static func exported(_ text: String) throws -> StoreCatalog {
    StoreCatalog(try Engine(exportedCatalog: Data(text.utf8)).catalog)
  }
}

extension HTTPAPI {
  /// The catalog `user` is evaluated under: `catalog` (the served one), or the variant of its
  /// running experiment when the user is in it.
  func armed(_ catalog: StoreCatalog, user: String) -> ArmedCatalog {
    ArmedCatalog(control: catalog, experiment: served.experiments.running(catalog.id), user: user)
  }
}

extension RunningExperiment {
  /// The running experiment of `catalog` in `store`, or nil (`rules-server batch`).
  static func running(in store: any StoreBackend, catalog: String) async throws -> RunningExperiment? {
    guard let stored = try await store.runningExperiments().first(where: { $0.catalog == catalog }) else { return nil }
    return RunningExperiment(stored, variant: try StoreCatalog.exported(stored.variant))
  }
}

import Foundation
import Logging
import Metrics
import RulesStore
import Synchronization

/// The catalogs a server evaluates with, read from its folder and read again on SIGHUP or
/// `POST /v1/admin/catalogs/reload`. A reload takes every catalog of the folder or none: one
/// that fails `rules check` refuses it whole and the catalogs served stay as they were. A
/// request takes the set once, so it evaluates with one version from start to end.
final class ServedCatalogs: Sendable {
  /// The catalogs by id, and their ids in order.
  struct Set: Sendable {
    var byID: [String: StoreCatalog]
    var order: [String]

    init(_ catalogs: [StoreCatalog]) {
      byID = Dictionary(catalogs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      order = byID.keys.sorted()
    }
  }

  /// A reload refused: the problems of the catalogs that failed, as `rules check` tells them.
  struct Refusal: Error {
    var problems: [String]
  }

  let folder: String
  private let current: Mutex<Set>
  private let reloads = Counter(label: "rules_catalog_reloads_total", dimensions: [("result", "ok")])
  private let refusals = Counter(label: "rules_catalog_reloads_total", dimensions: [("result", "refused")])

  init(folder: String, catalogs: [StoreCatalog]) {
    self.folder = folder
    current = Mutex(Set(catalogs))
  }

  /// The catalogs served now.
  var set: Set { current.withLock { $0 } }

  /// Reads the folder again and serves what it holds, or throws `Refusal` and serves what it served.
  @discardableResult
  func reload(logger: Logger) throws(Refusal) -> Set {
    let (loaded, problems) = StoreCatalog.loadAll(in: folder)
    guard problems.isEmpty, !loaded.isEmpty else {
      refusals.increment()
      let all = problems.isEmpty ? ["\(folder): no catalog"] : problems
      logger.error("catalog reload refused; the catalogs served are unchanged", metadata: ["problems": "\(all)"])
      throw Refusal(problems: all)
    }
    let fresh = Set(loaded)
    current.withLock { $0 = fresh }
    reloads.increment()
    logger.notice(
      "catalogs reloaded",
      metadata: ["catalogs": "\(fresh.order.map { "\($0) v\(fresh.byID[$0]!.version)" }.joined(separator: ", "))"])
    return fresh
  }
}

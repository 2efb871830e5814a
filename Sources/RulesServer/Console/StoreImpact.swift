import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesStore

/// What a candidate catalog does to the store's users, as `rules-server diff` and the console's
/// candidate page count it (one code for both): every user of the catalog (of a shard), each
/// from their first stored day as of `date`, under the catalog served and the candidate; then
/// what the candidate makes of the store, as a reload checks it. Reads without a lock, writes
/// nothing.
enum StoreImpact {
  static func impact(
    store: any StoreBackend, old: StoreCatalog, new: StoreCatalog, date: CalendarDay, shard: Shard? = nil
  ) async throws -> DiffImpact {
    var impact = DiffImpact(date: date, old: old.validated, new: new.validated)
    var after: String?
    while true {
      let ids = try await store.userIDs(catalog: old.id, after: after, limit: 1_000)
      guard let last = ids.last else { break }
      after = last
      for id in ids where shard?.contains(id) ?? true {
        // A request past its timeout (the console's candidate page) stops here.
        try Task.checkCancellation()
        // A read-only transaction: every stored day, no saved state (from the first day).
        guard var loaded = try await store.readUser(catalog: old.id, user: id, allDays: true), !loaded.days.isEmpty
        else { continue }
        loaded.state = nil
        loaded.stateDate = nil
        loaded.rebuild = false
        do {
          let (_, before) = try UserEvaluation.run(loaded, catalog: old, on: date)
          let (_, after) = try UserEvaluation.run(loaded, catalog: new, on: date)
          impact.add(user: id, old: before.evaluation, new: after.evaluation)
        } catch {
          impact.fail(user: id, message: "\(error)")
        }
      }
    }
    return impact
  }

  /// What a reload would find: the candidate's reading of the store (nothing when it is
  /// another catalog than the one served).
  static func reading(store: any StoreBackend, old: StoreCatalog, new: StoreCatalog) async throws -> StoreReading {
    new.id == old.id ? try await store.reading(new, states: true) : StoreReading()
  }
}

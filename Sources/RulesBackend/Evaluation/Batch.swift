import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// The nightly job: every user of a catalog (of a shard) as of a date, in chunks: one read
/// and one write transaction per chunk, evaluations spread over the cores.
package struct Batch: Sendable {
  package var store: any StoreBackend
  package var catalog: StoreCatalog
  package var date: CalendarDay?
  package var shard: Shard?
  package var chunk = 1_000
  /// A wait after each chunk is saved, which leaves the store (SQLite's one write lock) to a
  /// server answering requests meanwhile; none by default.
  package var pause: Duration = .zero
  /// The clock of "today" (each user's day without a date; `FutureDays`).
  package var clock = FutureDays.system
  /// The catalog's running experiment: its variant's users are evaluated under the variant.
  package var experiment: RunningExperiment?

  package init(store: any StoreBackend, catalog: StoreCatalog, date: CalendarDay?, shard: Shard?) {
    self.store = store
    self.catalog = catalog
    self.date = date
    self.shard = shard
  }

  package func run(progress: @Sendable (_ done: Int) -> Void = { _ in }) async throws -> BatchSummary {
    let clock = ContinuousClock()
    let began = clock.now
    var summary = BatchSummary(catalog: catalog.id, date: date, shard: shard)
    let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    // The next chunk is read while this one is evaluated and saved: the store's round trips
    // (PostgreSQL) and its reading (SQLite, on a reader connection beside the writer) overlap
    // the evaluation, and the saving's single writer leaves the other cores to the reading.
    let reader = BatchReader(
      store: store, catalog: catalog.id, encoding: catalog.encoding.prefix, shard: shard, chunk: chunk)
    var pending = reader.prefetch()
    defer { pending.cancel() }
    while true {
      guard let users = try await pending.value else { break }
      pending = reader.prefetch()
      let catalog = self.catalog
      let date = self.date
      let clock = self.clock
      let experiment = self.experiment
      // Evaluate on every core: the users split in `workers` parts.
      let results = await withTaskGroup(of: [Outcome].self) { group in
        let size = (users.count + workers - 1) / workers
        for part in stride(from: 0, to: users.count, by: max(1, size)) {
          let mine = users[part..<min(part + size, users.count)]
          group.addTask {
            mine.map { user in
              let armed = ArmedCatalog(control: catalog, experiment: experiment, user: user.user)
              let day = UserEvaluation.day(date, for: user, in: armed.catalog, clock: clock)
              do {
                let (saved, check) = try armed.run(user, on: day, clock: clock)
                return Outcome(
                  user: user.user, saved: saved,
                  days: UserEvaluation.userDays(user, on: day, catalog: armed.catalog, clock: clock),
                  rebuilt: user.rebuild,
                  error: nil, retry: false, new: check.new)
              } catch is NeedsAllDays {
                return Outcome(user: user.user, saved: nil, days: 0, rebuilt: false, error: nil, retry: true, new: [])
              } catch {
                return Outcome(
                  user: user.user, saved: nil, days: 0, rebuilt: false, error: "\(error)", retry: false, new: [])
              }
            }
          }
        }
        var all: [Outcome] = []
        for await part in group { all += part }
        return all
      }
      let saved = try await store.save(catalog: catalog.id, checks: results.compactMap(\.saved))
      for outcome in results {
        if let error = outcome.error {
          summary.failed.append((outcome.user, error))
          continue
        }
        if outcome.saved != nil, saved.contains(UserID.Key(outcome.user)) {
          summary.users += 1
          summary.userDays += outcome.days
          if outcome.rebuilt { summary.rebuilt += 1 }
          for unlock in outcome.new { summary.unlocks[unlock.badge, default: 0] += 1 }
        } else if outcome.saved != nil || outcome.retry {
          // The user's days changed since the chunk was read (or the date is before the
          // state's): once more, holding the user's lock.
          summary.retried += 1
          do {
            let (days, new, rebuilt) = try await store.evaluateLocked(catalog: catalog.id, user: outcome.user) {
              loaded in
              guard let loaded else { return (nil, (0, [StoredUnlock](), false)) }
              let armed = ArmedCatalog(control: catalog, experiment: experiment, user: loaded.user)
              let day = UserEvaluation.day(date, for: loaded, in: armed.catalog, clock: clock)
              let (saved, check) = try armed.run(loaded, on: day, clock: clock)
              return (
                saved,
                (
                  UserEvaluation.userDays(loaded, on: day, catalog: armed.catalog, clock: clock),
                  saved == nil ? [] : check.new, loaded.rebuild
                )
              )
            }
            summary.users += 1
            summary.userDays += days
            if rebuilt { summary.rebuilt += 1 }
            for unlock in new { summary.unlocks[unlock.badge, default: 0] += 1 }
          } catch {
            summary.failed.append((outcome.user, StoreError.text(error)))
          }
        } else {
          // Nothing to save (the state is already past the date).
          summary.users += 1
        }
      }
      progress(summary.users + summary.failed.count)
      if pause > .zero { try await Task.sleep(for: pause) }
    }
    // The periods of declared leaderboards that have ended everywhere (by the batch's clock)
    // are told once.
    try await store.closeLeaderboards(catalog, at: self.clock.now())
    summary.seconds =
      Double((clock.now - began).components.attoseconds) / 1e18 + Double((clock.now - began).components.seconds)
    return summary
  }

  struct Outcome: Sendable {
    var user: String
    var saved: SavedCheck?
    var days: Int
    var rebuilt: Bool
    var error: String?
    var retry: Bool
    var new: [StoredUnlock]
  }

  /// How many users of the catalog the batch will look at (for the progress bar).
  package func count() async throws -> Int {
    var total = 0
    var after: String?
    while true {
      let page = try await store.userIDs(catalog: catalog.id, after: after, limit: 10_000)
      total += page.count { shard?.contains($0) ?? true }
      guard page.count == 10_000, let last = page.last else { break }
      after = last
    }
    return total
  }
}

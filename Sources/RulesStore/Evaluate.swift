import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// One user's evaluation as the batch, the server and `rules-server eval` make it.
public enum UserEvaluation {
  /// The day to evaluate: the one asked for, or today in the user's time zone now (after
  /// their time zone changes; UTC without one).
  public static func day(_ asked: CalendarDay?, for user: LoadedUser?) -> CalendarDay {
    if let asked { return asked }
    let zone = user.flatMap { TimeZoneChange.zone(at: Date(), $0.timeZoneChanges, initial: $0.zone) }
    return CalendarDay.today(in: zone ?? TimeZone(identifier: "UTC")!)
  }

  /// Evaluates `user` as of `date` from the saved state and the uncounted days; the state to
  /// save (nil when nothing may be saved) and the evaluation. Throws NeedsAllDays when the
  /// date is before the state's and the days loaded are not all of them. The texts are in
  /// `locale` (nil: the catalog's default).
  public static func run(
    _ user: LoadedUser, catalog: StoreCatalog, on date: CalendarDay, locale: String? = nil
  ) throws -> (SavedCheck?, UserCheck) {
    if !user.allDays, let stateDate = user.stateDate, date < stateDate { throw NeedsAllDays() }
    let check = try catalog.check(
      user: user.user, start: user.start, timeZone: user.zone, on: date, days: user.days, state: user.state,
      rebuild: user.rebuild, locale: locale, timeZoneChanges: user.timeZoneChanges, calendar: user.calendar)
    var saved = check.state.map {
      SavedCheck(
        user: user.user, revision: user.revision, state: $0, stateDate: date, new: check.new, rebuilt: user.rebuild,
        catalogVersion: catalog.version, standings: Standings.of(check.evaluation))
    }
    saved?.facts = EventFacts(check.evaluation, catalog: catalog, firstCheck: user.state == nil)
    return (saved, check)
  }

  /// The days an evaluation counts: from the state's date (or the first record) to `date`.
  public static func userDays(_ user: LoadedUser, on date: CalendarDay) -> Int {
    let first: CalendarDay
    if !user.rebuild, let stateDate = user.stateDate {
      first = stateDate + 1
    } else if let firstDay = user.days.first?.date {
      first = min(firstDay, user.start ?? firstDay)
    } else {
      return 1
    }
    return max(0, date - first + 1)
  }
}

/// `--shard K/N`: the users whose stable hash is K modulo N.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  public var index: Int
  public var count: Int

  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 0,
      index < count
    else { return nil }
    self.index = index
    self.count = count
  }

  public func contains(_ user: String) -> Bool {
    count == 1 || UserID.hash(user) % UInt64(count) == UInt64(index)
  }

  public var description: String { "\(index)/\(count)" }
}

/// What a batch did.
public struct BatchSummary: Sendable {
  public var catalog: String
  public var date: CalendarDay?
  public var shard: Shard?
  public var users = 0
  public var userDays = 0
  /// New unlocks by badge id.
  public var unlocks: [String: Int] = [:]
  /// Users counted again from all their days (a past record changed).
  public var rebuilt = 0
  /// Users whose days changed during the batch, evaluated again holding their lock.
  public var retried = 0
  /// Users that could not be evaluated, with why.
  public var failed: [(user: String, message: String)] = []
  public var seconds = 0.0

  public var json: String {
    var pairs: [(String, JSONInput)] = [
      ("catalog", .string(catalog)),
      ("date", date.map { .string($0.description) } ?? .null),
      ("shard", shard.map { .string($0.description) } ?? .null),
      ("users", .int(users)),
      ("user_days", .int(userDays)),
      ("new_unlocks", .int(unlocks.values.reduce(0, +))),
      ("unlocks", .object(unlocks.keys.sorted().map { ($0, .int(unlocks[$0]!)) })),
      ("rebuilt", .int(rebuilt)),
      ("retried", .int(retried)),
      ("failed", .array(failed.map { .object([("user", .string($0.user)), ("message", .string($0.message))]) })),
    ]
    pairs.append(("seconds", .number((seconds * 1000).rounded() / 1000)))
    return JSONInput.object(pairs).serialized
  }

  public var text: String {
    var lines = [
      "\(catalog)\(date.map { " as of \($0)" } ?? "")\(shard.map { ", shard \($0)" } ?? ""): \(users) users, \(userDays) user-days, \(unlocks.values.reduce(0, +)) new unlocks in \(String(format: "%.2f", seconds)) s"
    ]
    for badge in unlocks.keys.sorted() { lines.append("  \(badge): \(unlocks[badge]!)") }
    if rebuilt > 0 { lines.append("  \(rebuilt) users counted again from all their days (a past record changed)") }
    if retried > 0 { lines.append("  \(retried) users changed during the batch and were evaluated again") }
    for failure in failed { lines.append("  error: \(failure.user): \(failure.message)") }
    return lines.joined(separator: "\n")
  }
}

/// The nightly job: every user of a catalog (of a shard) as of a date, in chunks: one read
/// and one write transaction per chunk, evaluations spread over the cores.
public struct Batch: Sendable {
  public var store: any RulesStore
  public var catalog: StoreCatalog
  public var date: CalendarDay?
  public var shard: Shard?
  public var chunk = 1_000
  /// A wait after each chunk is saved, which leaves the store (SQLite's one write lock) to a
  /// server answering requests meanwhile; none by default.
  public var pause: Duration = .zero

  public init(store: any RulesStore, catalog: StoreCatalog, date: CalendarDay?, shard: Shard?) {
    self.store = store
    self.catalog = catalog
    self.date = date
    self.shard = shard
  }

  public func run(progress: @Sendable (_ done: Int) -> Void = { _ in }) async throws -> BatchSummary {
    let clock = ContinuousClock()
    let began = clock.now
    var summary = BatchSummary(catalog: catalog.id, date: date, shard: shard)
    let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    // The next chunk is read while this one is evaluated and saved: the store's round trips
    // (PostgreSQL) and its reading (SQLite, on a reader connection beside the writer) overlap
    // the evaluation, and the saving's single writer leaves the other cores to the reading.
    let reader = BatchReader(store: store, catalog: catalog.id, shard: shard, chunk: chunk)
    var pending = reader.prefetch()
    defer { pending.cancel() }
    while true {
      guard let users = try await pending.value else { break }
      pending = reader.prefetch()
      let catalog = self.catalog
      let date = self.date
      // Evaluate on every core: the users split in `workers` parts.
      let results = await withTaskGroup(of: [Outcome].self) { group in
        let size = (users.count + workers - 1) / workers
        for part in stride(from: 0, to: users.count, by: max(1, size)) {
          let mine = users[part..<min(part + size, users.count)]
          group.addTask {
            mine.map { user in
              let day = UserEvaluation.day(date, for: user)
              do {
                let (saved, check) = try UserEvaluation.run(user, catalog: catalog, on: day)
                return Outcome(
                  user: user.user, saved: saved, days: UserEvaluation.userDays(user, on: day), rebuilt: user.rebuild,
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
        if outcome.saved != nil, saved.contains(outcome.user) {
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
              let day = UserEvaluation.day(date, for: loaded)
              let (saved, check) = try UserEvaluation.run(loaded, catalog: catalog, on: day)
              return (
                saved, (UserEvaluation.userDays(loaded, on: day), saved == nil ? [] : check.new, loaded.rebuild)
              )
            }
            summary.users += 1
            summary.userDays += days
            if rebuilt { summary.rebuilt += 1 }
            for unlock in new { summary.unlocks[unlock.badge, default: 0] += 1 }
          } catch {
            summary.failed.append((outcome.user, "\(error)"))
          }
        } else {
          // Nothing to save (the state is already past the date).
          summary.users += 1
        }
      }
      progress(summary.users + summary.failed.count)
      if pause > .zero { try await Task.sleep(for: pause) }
    }
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
  public func count() async throws -> Int {
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

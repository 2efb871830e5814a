import Foundation
import NIOCore
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import Synchronization

/// The answers of `GET .../progress`, kept in memory so that a phone asking again after no new
/// write costs one indexed read of the user's revision (docs/store.md, "The progress cache").
///
/// An answer is kept by (catalog, user, the date asked or none, locale) with what it was made
/// from: the catalog object served (a reload serves new ones), the user's revision
/// (`users.revision`, which every write of the user moves in its own transaction, on any
/// server of the store) and the user's today (and the time zones that make it). It is given
/// again only while all three are current: the revision read from the store for this request,
/// the catalog served now, and the user's today now. So it is the same answer as the
/// evaluation would make, and a write through another server of the same store is seen at
/// the next request.
///
/// Bounded by the bytes of the answers it holds (`capacity`, 32 MiB by default; each answer
/// counted with 256 bytes for its key and record), in two generations: answers go into the
/// young one; when that holds half the capacity, the old one is dropped whole and the young
/// one becomes old; an answer found in the old one moves to the young one. An answer asked for
/// within the last generation stays (an approximate least-recently-used order, with no list
/// to update on each hit); the cache never holds more than its capacity.
final class ProgressCache: Sendable {
  struct Key: Hashable, Sendable {
    var catalog: String
    var user: UserID.Key
    var date: CalendarDay?
    var locale: String?
  }

  /// What an answer was made from, and the answer.
  struct Entry: Sendable {
    weak var catalog: StoreCatalog?
    var revision: Int64
    var today: CalendarDay
    var zone: TimeZone?
    var changes: [TimeZoneChange]
    /// The user's own day start (nil: the catalog's).
    var dayStartsAt: DayStart?
    var body: ByteBuffer

    var cost: Int { body.readableBytes + 256 }
  }

  private struct Generations {
    var young: [Key: Entry] = [:]
    var old: [Key: Entry] = [:]
    var youngCost = 0
  }

  static let defaultCapacity = 32 << 20

  /// The capacity `RULES_PROGRESS_CACHE_MB` gives (MiB; 0 turns the cache off), else the default.
  static func capacity(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
    guard let text = environment["RULES_PROGRESS_CACHE_MB"], let megabytes = Int(text), megabytes >= 0,
      megabytes <= 1 << 20
    else { return defaultCapacity }
    return megabytes << 20
  }

  let capacity: Int
  private let generations = Mutex(Generations())
  private let clock: FutureDays

  init(capacity: Int = ProgressCache.defaultCapacity, clock: FutureDays = .system) {
    self.capacity = capacity
    self.clock = clock
  }

  /// The answer kept for `key`, when it was made by `catalog` from the user at `revision` and
  /// the user's today has not changed since.
  func answer(_ key: Key, catalog: StoreCatalog, revision: Int64) -> ByteBuffer? {
    let found = generations.withLock { state -> Entry? in
      if let entry = state.young[key] { return entry }
      guard let entry = state.old.removeValue(forKey: key) else { return nil }
      Self.insert(entry, key, into: &state, half: capacity / 2)
      return entry
    }
    guard let found, found.revision == revision, found.catalog === catalog,
      clock.today(zone: found.zone, changes: found.changes, dayStartsAt: found.dayStartsAt ?? catalog.dayStartsAt)
        == found.today
    else { return nil }
    return found.body
  }

  /// The user's today, as `answer` checks it (`UserEvaluation.day` of a request without a date).
  func today(_ user: LoadedUser, in catalog: StoreCatalog) -> CalendarDay {
    clock.today(for: user, in: catalog)
  }

  /// Keeps `body`, the answer `catalog` made of `user` (as loaded: their revision and zones)
  /// on their `today` (`today(_:in:)`, read before the answer was made).
  func keep(_ body: ByteBuffer, _ key: Key, catalog: StoreCatalog, user: LoadedUser, today: CalendarDay) {
    let entry = Entry(
      catalog: catalog, revision: user.revision, today: today, zone: user.zone, changes: user.timeZoneChanges,
      dayStartsAt: user.dayStartsAt, body: body)
    guard entry.cost <= capacity / 2 else { return }
    generations.withLock { state in
      if let previous = state.young.removeValue(forKey: key) { state.youngCost -= previous.cost }
      state.old[key] = nil
      Self.insert(entry, key, into: &state, half: capacity / 2)
    }
  }

  /// The answers held and their cost (tests).
  var held: (answers: Int, cost: Int) {
    generations.withLock { state in
      (
        state.young.count + state.old.count,
        state.young.values.reduce(0) { $0 + $1.cost } + state.old.values.reduce(0) { $0 + $1.cost }
      )
    }
  }

  private static func insert(_ entry: Entry, _ key: Key, into state: inout Generations, half: Int) {
    if state.youngCost + entry.cost > half {
      state.old = state.young
      state.young = [:]
      state.youngCost = 0
    }
    state.young[key] = entry
    state.youngCost += entry.cost
  }
}

import Foundation
import RulesStore
import Synchronization

/// The newest events of the log, for the console's feed. The store reads events after an id,
/// oldest first; the newest id is found by asking for the first event after an id (an indexed
/// read of one row) from the last newest id known, doubling the step, then halving it: about
/// 2 log2(new events) reads. (A store query for the newest id, or events before an id, would
/// make it one read.)
final class EventFeed: Sendable {
  private let known = Mutex<Int64>(0)

  /// The id of the newest event (0: none).
  func newest(_ store: any StoreBackend) async throws -> Int64 {
    func first(after id: Int64) async throws -> Int64? {
      try await store.events(EventQuery(after: id, limit: 1)).first?.id
    }
    var low = known.withLock { $0 }
    // Events deleted with their user may leave the known id past the newest: start again.
    if low > 0, try await first(after: low - 1) == nil { low = 0 }
    guard let found = try await first(after: low) else { return low }
    low = found
    var step: Int64 = 64
    var high = low + step
    while let next = try await first(after: high) {
      low = next
      step *= 2
      high = low + step
    }
    // An event has the id `low`; none is after `high`.
    while low < high {
      let middle = low + (high - low) / 2
      if let next = try await first(after: middle) { low = next } else { high = middle }
    }
    known.withLock { $0 = low }
    return low
  }

  /// The newest `count` events, newest first.
  func latest(_ store: any StoreBackend, count: Int) async throws -> [StoredEvent] {
    let newest = try await newest(store)
    guard newest > 0 else { return [] }
    let events = try await store.events(EventQuery(after: max(0, newest - Int64(count)), limit: count))
    return events.reversed()
  }
}

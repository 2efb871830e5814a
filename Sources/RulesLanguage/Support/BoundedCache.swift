import Synchronization

/// A cache of at most `capacity` values, shared between threads: when full, the entry used
/// least recently leaves. It holds what is made once per key and asked for again and again
/// (a locale's formatter, a catalog's localizer), where the keys come from outside (an HTTP
/// `?locale=`) and must not grow the memory without end. Its lock guards the table only:
/// values are made outside it.
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Table {
    var values: [Key: (value: Value, used: UInt64)] = [:]
    var clock: UInt64 = 0
  }

  /// The most values kept.
  let capacity: Int
  /// Guards the table (values and their use clock), held for a lookup or an insertion only.
  private let table = Mutex(Table())

  package init(capacity: Int) {
    precondition(capacity > 0)
    self.capacity = capacity
  }

  /// The value of `key`, made by `make` when it is not kept (two threads may both make it;
  /// one is kept).
  package func value(_ key: Key, make: () -> Value) -> Value {
    let known = table.withLock { table -> Value? in
      guard let entry = table.values[key] else { return nil }
      table.clock += 1
      table.values[key] = (entry.value, table.clock)
      return entry.value
    }
    if let known { return known }
    let made = make()
    table.withLock { table in
      table.clock += 1
      if table.values[key] == nil, table.values.count >= capacity,
        let oldest = table.values.min(by: { $0.value.used < $1.value.used })?.key
      {
        table.values.removeValue(forKey: oldest)
      }
      table.values[key] = (made, table.clock)
    }
    return made
  }

  /// How many values are kept.
  var count: Int { table.withLock { $0.values.count } }
}

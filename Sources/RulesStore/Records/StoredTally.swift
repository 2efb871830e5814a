import Foundation

/// What reads a catalog's stored days and states (`StoreBackend.reading`): the backend's count
/// of what a catalog makes of them.
package protocol StoredTally: Sendable {
  /// A stored day's record (its JSON) of `user` on `date` (`YYYY-MM-DD`).
  mutating func add(user: String, date: String, record: String)
  /// A saved state.
  mutating func add(state: Data)
  /// The states were read (even if there were none).
  mutating func countStates()
}

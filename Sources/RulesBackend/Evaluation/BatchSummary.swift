@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// What a batch did.
package struct BatchSummary: Sendable {
  package var catalog: String
  package var date: CalendarDay?
  package var shard: Shard?
  package var users = 0
  package var userDays = 0
  /// New unlocks by badge id.
  package var unlocks: [String: Int] = [:]
  /// Users counted again from all their days (a past record changed).
  package var rebuilt = 0
  /// Users whose days changed during the batch, evaluated again holding their lock.
  package var retried = 0
  /// Users that could not be evaluated, with why.
  package var failed: [(user: String, message: String)] = []
  package var seconds = 0.0

  package var json: String {
    var pairs: [(String, JSONValue)] = [
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
    return JSONValue.object(pairs).serialized(indent: nil)
  }
}

@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

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

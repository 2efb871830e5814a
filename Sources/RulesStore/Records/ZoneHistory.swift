import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A user's time zone changes as the store keeps them (`users.timezone_changes`: compact JSON,
/// `[{"at":"2026-03-10T09:30:00Z","timezone":"Pacific/Auckland"}]`, in time order) and as
/// `PUT .../users/{user}` and import lines give them (`timezone_changes: [{at, timezone}]`, as
/// a history file writes them).
package enum ZoneHistory {
  /// The changes as the column keeps them; nil for none.
  package static func text(_ changes: [TimeZoneChange]) -> String? {
    guard !changes.isEmpty else { return nil }
    return json(changes).serialized(indent: nil)
  }

  /// The changes as a history file and the column write them: `[{at, timezone}]`.
  package static func json(_ changes: [TimeZoneChange]) -> JSONValue {
    .array(
      changes.map { .object([("at", .string(TimeZoneChange.text($0.at))), ("timezone", .string($0.zone.identifier))]) })
  }

  /// The changes of a stored column (none for null or text that is not a list of changes,
  /// each with its moment and zone, in time order).
  package static func parse(_ text: String?) -> [TimeZoneChange] {
    guard let text, let items = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else {
      return []
    }
    var changes: [TimeZoneChange] = []
    for item in items {
      guard item.count == 2, let at = item["at"] as? String, let moment = TimeZoneChange.moment(at),
        let identifier = item["timezone"] as? String, let zone = TimeZone(identifier: identifier)
      else { return [] }
      changes.append(TimeZoneChange(at: moment, zone: zone))
    }
    return TimeZoneChange.orderProblem(changes) == nil ? changes : []
  }
}

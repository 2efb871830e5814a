import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A user's time zone changes as the store keeps them (`users.timezone_changes`: compact JSON,
/// `[{"at":"2026-03-10T09:30:00Z","timezone":"Pacific/Auckland"}]`, in time order) and as
/// `PUT .../users/{user}` and import lines give them (`timezone_changes: [{at, timezone}]`, as
/// a history file writes them).
public enum ZoneHistory {
  /// The changes as the column keeps them; nil for none.
  public static func text(_ changes: [TimeZoneChange]) -> String? {
    guard !changes.isEmpty else { return nil }
    return JSONValue.array(
      changes.map { .object([("at", .string(TimeZoneChange.text($0.at))), ("timezone", .string($0.zone.identifier))]) }
    ).serialized(indent: nil)
  }

  /// The changes of a stored column (none for null or text that is not a list of changes).
  public static func parse(_ text: String?) -> [TimeZoneChange] {
    guard let text, let value = try? JSONReader.parse(text.utf8), case .success(let changes) = read(value) else {
      return []
    }
    return changes
  }

  /// The changes of a JSON value, `[{"at": MOMENT, "timezone": ZONE}, ...]`, each checked (a
  /// moment with its zone designator, an IANA zone, in time order), or why not.
  public static func read(_ value: JSONValue) -> Result<[TimeZoneChange], RecordProblem> {
    func problem(_ message: String) -> Result<[TimeZoneChange], RecordProblem> {
      .failure(RecordProblem("bad-value", "'timezone_changes': \(message)"))
    }
    guard case .array(let items) = value else {
      return problem("must be a list of {\"at\": ..., \"timezone\": ...}; found \(value.kindDescription)")
    }
    var changes: [TimeZoneChange] = []
    for (index, item) in items.enumerated() {
      guard case .object(let pairs) = item else {
        return problem("change \(index + 1) must be an object {\"at\": ..., \"timezone\": ...}")
      }
      var moment: Date?
      var zone: TimeZone?
      for (key, field) in pairs {
        switch (key, field) {
        case ("at", .string(let text)):
          guard let parsed = TimeZoneChange.moment(text) else {
            return problem(
              "'at' must be a moment with its zone, ISO 8601, e.g. 2026-03-10T09:30:00Z or 2026-03-10T22:30:00+13:00; found '\(text)'"
            )
          }
          moment = parsed
        case ("timezone", .string(let text)):
          guard let parsed = TimeZone(identifier: text) else {
            return problem(TimeZoneChange.unknownZoneMessage(text))
          }
          zone = parsed
        case ("at", _), ("timezone", _):
          return problem("'\(key)' of change \(index + 1) must be a string; found \(field.kindDescription)")
        default:
          return problem("unknown field '\(key)' in change \(index + 1); a change holds at and timezone")
        }
      }
      guard let moment, let zone else { return problem("change \(index + 1) needs both 'at' and 'timezone'") }
      changes.append(TimeZoneChange(at: moment, zone: zone))
    }
    if let order = TimeZoneChange.orderProblem(changes) { return problem(order) }
    return .success(changes)
  }
}

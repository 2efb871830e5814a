import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

extension ZoneHistory {
  /// The changes of a JSON value, `[{"at": MOMENT, "timezone": ZONE}, ...]`, each checked (a
  /// moment with its zone designator, an IANA zone, in time order), or why not.
  package static func read(_ value: JSONValue) -> Result<[TimeZoneChange], RecordProblem> {
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

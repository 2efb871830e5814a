import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

/// A history that reaches an item on its last date, as the search found it: a real history in
/// the YAML history format, which `rules replay` replays.
package struct Witness: Sendable, Equatable {
  /// The first date (the history's `start` when it has one).
  package var first: CalendarDay
  /// Whether the history has a `start` (its first date).
  package var hasStart: Bool
  /// Each date's choice, from the first.
  var days: [DayChoice]

  /// The last date: the one the item is reached on.
  package var last: CalendarDay { CalendarDay(number: first.number + days.count - 1) }
  /// How many dates the history has.
  package var count: Int { days.count }

  /// The zone the history lives in when a date is skipped: UTC-12 (IANA's `Etc/GMT+12`), from
  /// which a change to UTC+14 (`Etc/GMT-14`) between 10:00 and 12:00 UTC jumps over a date.
  static let westZone = "Etc/GMT+12"
  static let eastZone = "Etc/GMT-14"

  /// The history as YAML. `item` names what it reaches, for the comment at its top.
  package func yaml(catalog: ValidatedCatalog, reaching item: String) -> String {
    var lines: [String] = []
    let hasRecordOnLast = days.last?.values != nil
    lines.append("# A witness of `rules reach`: \(item) is reached on \(last), the last of its \(count) dates.")
    lines.append(
      hasRecordOnLast
        ? "# Replay it: rules replay \(catalog.catalog.id) --history FILE"
        : "# Replay it to its last date (which has no record): rules replay \(catalog.catalog.id) --history FILE --to \(last)"
    )
    lines.append("user: witness")
    if hasStart { lines.append("start: \(first)") }
    let skipped = days.indices.filter { days[$0].skipped }.map { first.number + $0 }
    if !skipped.isEmpty {
      lines.append("# Each date a zone skipped: a flight west across the date line that day (UTC-12 to UTC+14).")
      lines.append("timezone: \(Self.westZone)")
      lines.append("timezone_changes:")
      for day in skipped {
        let date = CalendarDay(number: day)
        lines.append("  - {at: \(date)T11:00:00Z, timezone: \(Self.eastZone)}")
        lines.append("  - {at: \(date)T11:30:00Z, timezone: \(Self.westZone)}")
      }
    }
    let paused = days.indices.filter { days[$0].paused }.map { first.number + $0 }
    if !paused.isEmpty {
      lines.append("pauses:")
      for day in paused {
        let date = CalendarDay(number: day)
        lines.append("  - {from: \(date), to: \(date)}")
      }
    }
    let records = days.indices.filter { days[$0].values != nil }
    if records.isEmpty {
      lines.append("days: []")
    } else {
      lines.append("days:")
      for index in records {
        let date = CalendarDay(number: first.number + index)
        var fields = ["date: \(date)"]
        for (position, input) in catalog.inputs.enumerated() {
          let raw = days[index].values![position]
          guard raw != input.encode(input.defaultValue) || days[index].named.contains(position) else { continue }
          fields.append("\(input.name): \(Self.literal(input.decode(raw)))")
        }
        lines.append("  - {\(fields.joined(separator: ", "))}")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A value as a history file writes it (an enum's member quoted: `"true"` stays a string).
  static func literal(_ value: Value) -> String {
    switch value {
    case .bool(let flag): flag ? "true" : "false"
    case .int(let number): String(number)
    case .number(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
    case .member: "\"\(value.description)\""
    case .string(let text): "\"\(text)\""
    }
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A moment a traveller's device changed time zone: from `at` on, the user's days are the
/// days of `zone`. Records stay dated in local days; the changes tell the engine which dates
/// a jump across the date line left out, so that such a date neither breaks nor extends a
/// streak, and which zone "today" is in.
public struct TimeZoneChange: Sendable, Equatable {
  /// The moment of the change.
  public var at: Date
  /// The zone from that moment on.
  public var zone: TimeZone

  /// A change to `zone` at `at`.
  public init(at: Date, zone: TimeZone) {
    self.at = at
    self.zone = zone
  }

  /// A change to the zone named `identifier` (IANA, e.g. `America/Los_Angeles`) at `at`.
  /// Throws an `EngineError` (`bad-value`) when there is no such zone.
  public init(at: Date, zone identifier: String) throws(EngineError) {
    guard let zone = TimeZone(identifier: identifier) else {
      throw EngineError(.badValue, Self.unknownZoneMessage(identifier))
    }
    self.init(at: at, zone: zone)
  }

  /// What is said of a zone name that is none.
  package static func unknownZoneMessage(_ identifier: String) -> String {
    "'\(identifier)' is not a time zone; use an IANA name such as Europe/Berlin or America/New_York"
  }

  /// The message for a list of changes out of time order (nil when in order): the first
  /// change that comes before the one listed above it.
  package static func orderProblem(_ changes: [TimeZoneChange]) -> String? {
    for index in changes.indices.dropFirst() where changes[index].at <= changes[index - 1].at {
      return
        "the time zone changes must be in time order, one per moment: change \(index + 1) (\(Self.text(changes[index].at))) does not come after change \(index) (\(Self.text(changes[index - 1].at)))"
    }
    return nil
  }

  /// A moment as ISO 8601 in UTC, e.g. `2026-03-10T09:30:00Z`.
  package static func text(_ moment: Date) -> String {
    formatter().string(from: moment)
  }

  /// The moment written as ISO 8601 with a zone designator (`2026-03-10T09:30:00Z`,
  /// `2026-03-10T22:30:00+13:00`), or nil.
  package static func moment(_ text: String) -> Date? {
    guard text.utf8.count <= 40 else { return nil }
    return formatter().date(from: text)
  }

  private static func formatter() -> ISO8601DateFormatter {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter
  }

  /// The dates a traveller never lived, in date order, as day numbers:
  /// - those strictly between the local date before a change (in the zone before it, `initial`
  ///   before the first; UTC when nil) and the local date after it, which a jump west across
  ///   the date line leaves out;
  /// - those the user's zone itself left out while the user was in it (Samoa's 2011-12-30,
  ///   `ZoneSkippedDates`; `initial` counts as the user's zone before the first change, at any
  ///   time: counting passes over only the dates between a state and the day it counts to).
  package static func skippedDays(_ changes: [TimeZoneChange], initial: TimeZone?) -> [Int] {
    var skipped: [Int] = []
    var zone = initial ?? TimeZone(identifier: "UTC")!
    var zones = [zone]
    for change in changes {
      let before = CalendarDay(change.at, in: zone).number
      let after = CalendarDay(change.at, in: change.zone).number
      if after > before + 1 { skipped += (before + 1)..<after }
      zone = change.zone
      if !zones.contains(where: { $0.identifier == zone.identifier }) { zones.append(zone) }
    }
    for zone in zones {
      for jump in ZoneSkippedDates.jumps(of: zone) {
        // Only while the user was in that zone (the moment just before the jump).
        let current =
          Self.zone(at: jump.at.addingTimeInterval(-1), changes, initial: initial) ?? TimeZone(identifier: "UTC")!
        if current.identifier == zone.identifier { skipped += jump.days }
      }
    }
    return skipped.isEmpty ? [] : Array(Set(skipped)).sorted()
  }

  /// The zone at `moment`: that of the latest change at or before it, else `initial`.
  package static func zone(at moment: Date, _ changes: [TimeZoneChange], initial: TimeZone?) -> TimeZone? {
    changes.last { $0.at <= moment }?.zone ?? initial
  }
}

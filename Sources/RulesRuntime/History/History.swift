import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A user's history: the days the app recorded, and the journey's start.
@_spi(Tooling) public struct History: Sendable {
  /// The user's id, when known.
  @_spi(Tooling) public var user: String?
  /// The journey's start (a commitment, the last contact...): Day 0 of elapsed streaks.
  @_spi(Tooling) public var start: CalendarDay?
  /// The zone that decides "today" when no date is given (before the first of
  /// `timeZoneChanges`).
  package var timeZone: TimeZone?
  /// The moments the user's zone changed, in time order: "today" is in the latest zone, and a
  /// date a change jumped over (west across the date line) is not one of the user's days.
  package var timeZoneChanges: [TimeZoneChange] = []
  /// The calendar the user lives by (the quote rotation's day of the year follows it).
  package var calendar: UserCalendar = .gregorian
  /// When the user's own day changes (`day_starts_at` of the history, a setting of theirs),
  /// or nil for the catalog's.
  package var dayStartsAt: DayStart?
  /// The user's pauses, in date order, none overlapping (`pauses` of the history): on a paused
  /// day a `pausable` streak neither extends nor breaks.
  package var pauses: [Pause] = []
  /// Freezes support gave the user's streaks (`freeze_grants` of the history), in date order.
  package var freezeGrants: [FreezeGrant] = []
  /// Days of the user's streaks support made count as covered (`restores` of the history).
  package var restores: [StreakRestore] = []
  /// The repairs the user made (`repairs` of the history), in date order.
  package var repairs: [Repair] = []
  /// The records, in date order, one per date.
  @_spi(Tooling) public var records: [EncodedRecord]
  /// Where the history was read from, for messages.
  package var file: String

  /// A history of `records`, which must be in date order, one per date.
  @_spi(Tooling) public init(
    user: String? = nil, start: CalendarDay? = nil, timeZone: TimeZone? = nil,
    records: [EncodedRecord] = [], file: String = "history"
  ) {
    self.user = user
    self.start = start
    self.timeZone = timeZone
    self.records = records
    self.file = file
  }

  /// The dates the user never lived, as day numbers in date order: those a time zone change
  /// or the user's zone itself jumped over (`TimeZoneChange.skippedDays`), unless the history
  /// has a record for them. Counting passes over them: they neither break nor extend a streak.
  package var skippedDays: [Int] {
    guard timeZone != nil || !timeZoneChanges.isEmpty else { return [] }
    return TimeZoneChange.skippedDays(timeZoneChanges, initial: timeZone).filter {
      record(on: CalendarDay(number: $0)) == nil
    }
  }

  /// The zone the user is in at `moment` (the latest change at or before it, else `timeZone`).
  package func zone(at moment: Date) -> TimeZone? {
    TimeZoneChange.zone(at: moment, timeZoneChanges, initial: timeZone)
  }

  /// The record of `day`, if there is one (records are sorted, so this is a binary search).
  package func record(on day: CalendarDay) -> EncodedRecord? {
    var low = 0
    var high = records.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let found = records[middle].date
      if found == day { return records[middle] }
      if found < day { low = middle + 1 } else { high = middle - 1 }
    }
    return nil
  }
}

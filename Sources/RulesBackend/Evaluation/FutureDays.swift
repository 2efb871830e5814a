import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// The one rule for days in the future: no caller writes a day after the user's today plus
/// one day of slack. The user's today is the date in their time zone now (after their time
/// zone changes; UTC without a zone), as `UserEvaluation.day` picks it; the slack is for
/// clocks that run ahead and for the date line (an app may send its day a little before the
/// server's clock says that day has begun in the user's zone). `now` is the clock: the
/// system's, or a fixed instant in tests.
package struct FutureDays: Sendable {
  /// Days after the user's today that may still be written.
  package static let slack = 1

  /// The instant it is now.
  package var now: @Sendable () -> Date

  package init(now: @escaping @Sendable () -> Date = { Date() }) {
    self.now = now
  }

  /// The system clock.
  package static let system = FutureDays()

  /// The user's zone now: the last change at or before now, else their zone, else UTC.
  package func zone(_ zone: TimeZone?, changes: [TimeZoneChange]) -> TimeZone {
    TimeZoneChange.zone(at: now(), changes, initial: zone) ?? TimeZone(identifier: "UTC")!
  }

  /// The user's today: the date in their zone now, or the day before while the clock there is
  /// before `dayStartsAt`.
  package func today(zone: TimeZone?, changes: [TimeZoneChange] = [], dayStartsAt: DayStart) -> CalendarDay {
    CalendarDay(now(), in: self.zone(zone, changes: changes), dayStartsAt: dayStartsAt)
  }

  /// `today(zone:changes:dayStartsAt:)` for a user as the store loads them (nil: a user
  /// without details, UTC) in `catalog`: after the user's own day start, else the catalog's.
  package func today(for user: LoadedUser?, in catalog: StoreCatalog) -> CalendarDay {
    today(zone: user?.zone, changes: user?.timeZoneChanges ?? [], dayStartsAt: user?.dayStartsAt ?? catalog.dayStartsAt)
  }

  /// The latest day that may be written for the user: their today plus the slack.
  package func latest(for user: LoadedUser?, in catalog: StoreCatalog) -> CalendarDay {
    today(for: user, in: catalog) + Self.slack
  }

  /// Throws `FutureDate` when `date` is after the latest day that may be written for `user`.
  package func check(_ date: CalendarDay, for user: LoadedUser?, in catalog: StoreCatalog) throws(FutureDate) {
    let today = today(for: user, in: catalog)
    guard date > today + Self.slack else { return }
    throw FutureDate(date: date, today: today, zone: zoneName(user?.zone, changes: user?.timeZoneChanges ?? []))
  }

  /// The name of the user's zone now (`UTC` without one).
  package func zoneName(_ zone: TimeZone?, changes: [TimeZoneChange]) -> String {
    TimeZoneChange.zone(at: now(), changes, initial: zone)?.identifier ?? "UTC"
  }

  /// The latest date that is today somewhere on Earth: today in UTC plus the slack (the zones
  /// furthest east, UTC+14, are at most one day ahead of UTC). The bound of an import without
  /// `--date`, and past it `batch --date` warns.
  package var latestAnywhere: CalendarDay {
    today(zone: TimeZone(identifier: "UTC")!, dayStartsAt: .midnight) + Self.slack
  }
}

/// A day after the user's today and the day of slack: the API answers it 400 `future-date`.
package struct FutureDate: Error, Sendable, Equatable {
  package var date: CalendarDay
  /// The user's today, in `zone`.
  package var today: CalendarDay
  package var zone: String

  package init(date: CalendarDay, today: CalendarDay, zone: String) {
    self.date = date
    self.today = today
    self.zone = zone
  }

  /// The latest day that may be written.
  package var latest: CalendarDay { today + FutureDays.slack }

  package var message: String {
    "\(date) is in the future: the user's today is \(today) (\(zone)); days up to \(latest) (today and one day of slack) may be written"
  }
}

/// The users with days after their today and the day of slack (`rules-server future-days`).
package struct FutureDaysUser: Sendable, Equatable {
  package var user: String
  /// The user's today.
  package var today: CalendarDay
  /// How many of their days are after `today` and the slack.
  package var days: Int
  /// The latest of them.
  package var latest: CalendarDay

  package init(user: String, today: CalendarDay, days: Int, latest: CalendarDay) {
    self.user = user
    self.today = today
    self.days = days
    self.latest = latest
  }
}

extension FutureDays {
  /// The users of `catalog` holding days after their today and the day of slack, by user id.
  package func users(in store: any StoreBackend, catalog: StoreCatalog) async throws -> [FutureDaysUser] {
    // No user's today is before UTC's today minus one day (UTC-12), and one more for a day
    // that starts after midnight (the catalog's or a user's own): only days after that bound
    // and the slack can be in anyone's future.
    let bound = today(zone: TimeZone(identifier: "UTC")!, dayStartsAt: .midnight) + (Self.slack - 2)
    return try await store.daysAfter(catalog: catalog.id, date: bound).compactMap { dated in
      let today = today(
        zone: dated.timeZone.flatMap(TimeZone.init(identifier:)), changes: dated.timeZoneChanges,
        dayStartsAt: dated.dayStartsAt ?? catalog.dayStartsAt)
      let future = dated.dates.filter { $0 > today + Self.slack }
      guard let latest = future.max() else { return nil }
      return FutureDaysUser(user: dated.user, today: today, days: future.count, latest: latest)
    }
  }
}

/// The date of an import: a record dated after it is refused (`FILE:LINE: error: ...`), and
/// with it the whole file.
package struct ImportDate: Sendable, Equatable {
  /// The latest date a record may have.
  package var latest: CalendarDay
  /// How the date was set, for the message.
  package var origin: String

  /// `--date D`: records after D are refused.
  package static func given(_ date: CalendarDay) -> ImportDate { ImportDate(latest: date, origin: "--date") }

  /// Without `--date`: today in UTC and the day of slack, the latest date that is today
  /// somewhere on Earth (`FutureDays.latestAnywhere`).
  package static func today(_ clock: FutureDays = .system) -> ImportDate {
    ImportDate(
      latest: clock.latestAnywhere,
      origin: "today in UTC and one day of slack for the zones ahead of it; --date D sets another")
  }

  /// Why `date` is refused.
  package func problem(_ date: CalendarDay) -> String? {
    date > latest ? "'date': \(date) is after the import's date, \(latest) (\(origin))" : nil
  }
}

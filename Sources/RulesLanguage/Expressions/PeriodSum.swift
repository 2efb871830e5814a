/// A sum over the current calendar period of the user's calendar, today included: `week(x)`,
/// `month(x)`, `hijri_month(x)`. The engine keeps the last days of what it sums (as many as
/// the longest such period has) and adds those of the period so far.
@_spi(CompiledDay) @_spi(Tooling) public enum PeriodSum: String, Sendable, Hashable, CaseIterable {
  /// The week, from the catalog's `week_starts` (Monday by default, as ISO 8601).
  case week
  /// The Gregorian month.
  case month
  /// The Hijri month of the Umm al-Qura calendar.
  case hijriMonth = "hijri_month"

  /// The most days the period has: how many days the engine keeps.
  package var longest: Int {
    switch self {
    case .week: 7
    case .month: 31
    case .hijriMonth: 30
    }
  }
}

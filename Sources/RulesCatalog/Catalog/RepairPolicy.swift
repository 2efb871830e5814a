/// How a consecutive streak lets its user repair it (`repairs: {within_days, max, per}`): a day
/// that broke the streak may be repaired at most `withinDays` days later, and at most `max`
/// repairs are made in each calendar week (the catalog's `week_starts`), month or year, counted
/// by the day they were made.
public struct RepairPolicy: Sendable, Hashable {
  /// The calendar period the budget counts repairs in.
  public enum Period: String, Sendable, Hashable, CaseIterable {
    case week, month, year
  }

  /// How many days after the day that broke the streak it may be repaired (1 to 365).
  public var withinDays: Int
  /// The most repairs made in one `per` (1 or more).
  public var max: Int
  /// The period the budget counts in.
  public var per: Period

  /// A policy.
  public init(withinDays: Int, max: Int, per: Period) {
    self.withinDays = withinDays
    self.max = max
    self.per = per
  }
}

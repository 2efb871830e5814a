/// How a catalog lets its users pause their streaks (`pauses: {max_days, per, backdate_days}`):
/// at most `maxDays` paused days in each calendar year or month, and a pause that starts at
/// most `backdateDays` days before the user's today. A catalog without `pauses` sets no cap
/// and allows no backdating.
public struct PausePolicy: Sendable, Hashable {
  /// The period a cap counts paused days in.
  public enum Period: String, Sendable, Hashable, CaseIterable {
    case year, month
  }

  /// The most paused days in one `per` (nil: no cap).
  public var maxDays: Int?
  /// The period the cap counts in (a pause across two periods counts its days in each).
  public var per: Period
  /// How many days before the user's today a pause may start (0: today or later).
  public var backdateDays: Int

  /// A policy.
  public init(maxDays: Int? = nil, per: Period = .year, backdateDays: Int = 0) {
    self.maxDays = maxDays
    self.per = per
    self.backdateDays = backdateDays
  }
}

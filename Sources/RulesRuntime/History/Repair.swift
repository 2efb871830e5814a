@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog

/// A repair a user made (`repairs` of a consecutive streak in the catalog; a history's
/// `repairs`, the Swift API's `check(..., repairs:)`, `Engine.repair`): the day `date`, which
/// broke the streak, counts as covered, exactly as a support restore covers it: it neither
/// extends nor breaks, and uses no freeze. It covers each streak it names (`streaks`; nil:
/// every streak of the catalog with `repairs`) that the day broke: a day that counted, was
/// skipped or paused, or that a freeze covered, is left as it was.
public struct Repair: Sendable, Hashable {
  /// The day that broke the streak.
  public var date: CalendarDay
  /// The day the user made it (their today then), which the catalog's budget counts by; nil
  /// when not known (a history may leave it out).
  public var made: CalendarDay?
  /// The streaks it repairs (those that took it when it was made: `Engine.repair`); nil for
  /// every streak with `repairs` that the day broke.
  public var streaks: [String]?

  /// A repair of `date`, made on `made`, of `streaks` (nil: every streak with `repairs`).
  public init(date: CalendarDay, made: CalendarDay? = nil, streaks: [String]? = nil) {
    self.date = date
    self.made = made
    self.streaks = streaks
  }
}

/// Why a repair the user asked for is refused (nothing changes): `too-late`, `over-budget`
/// or `nothing-broken`, and a message for people.
public struct RepairRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  /// The reason, as the API names it.
  public enum Reason: String, Sendable, Hashable, CaseIterable {
    /// The date is more than `within_days` days before the user's today, or is today or later.
    case tooLate = "too-late"
    /// The streak already had its `max` repairs made in the `per` period holding today.
    case overBudget = "over-budget"
    /// The day broke no streak that takes repairs.
    case nothingBroken = "nothing-broken"
  }

  /// The reason.
  public var reason: Reason
  /// What is wrong, in one sentence.
  public var message: String

  /// A refusal for `reason`, saying `message`.
  public init(_ reason: Reason, _ message: String) {
    self.reason = reason
    self.message = message
  }

  /// `reason: message`.
  public var description: String { "\(reason.rawValue): \(message)" }
}

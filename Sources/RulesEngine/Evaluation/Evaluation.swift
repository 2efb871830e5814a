/// A user's progress as of one date: what `rules eval` reports.
public struct Evaluation: Sendable {
  public struct StreakReport: Sendable, Equatable {
    public var name: String
    public var current: Int
    public var best: Int
    public var freezes: Int
  }

  public struct MilestoneReport: Sendable, Equatable {
    public var streak: String?
    public var reached: [String] = []
    public var today: String?
    public var next: (id: String, day: Int, daysUntil: Int)?

    public static func == (lhs: MilestoneReport, rhs: MilestoneReport) -> Bool {
      lhs.streak == rhs.streak && lhs.reached == rhs.reached && lhs.today == rhs.today
        && lhs.next?.id == rhs.next?.id && lhs.next?.day == rhs.next?.day
        && lhs.next?.daysUntil == rhs.next?.daysUntil
    }
  }

  public struct Unlock: Sendable, Equatable {
    public var id: String
    public var date: CalendarDay
  }

  public struct LockedBadge: Sendable, Equatable {
    public var id: String
    public var current: Value?
    public var target: Value?
    /// From 0 to 1, rounded to 3 decimals; nil when it cannot be computed.
    public var progress: Double?

    public init(id: String, current: Value? = nil, target: Value? = nil, progress: Double? = nil) {
      self.id = id
      self.current = current
      self.target = target
      self.progress = progress
    }
  }

  public struct MessageReport: Sendable, Equatable {
    public var id: String
    public var title: String?
    public var text: String
    public var action: String?
    public var icon: String?
  }

  public var catalog: String
  public var version: Int
  public var user: String?
  public var date: CalendarDay
  public var streaks: [StreakReport] = []
  public var metrics: [(name: String, value: Value)] = []
  public var milestones = MilestoneReport()
  /// Every unlocked badge with its date, in the order they unlocked.
  public var unlocked: [Unlock] = []
  /// The badges unlocked by this evaluation.
  public var new: [String] = []
  public var locked: [LockedBadge] = []
  public var quote: Quote?
  public var message: MessageReport?
  /// Things the user should know that are not errors (a past record that changed...).
  public var warnings: [String] = []

  public func streak(_ name: String) -> StreakReport? { streaks.first { $0.name == name } }
  public func metric(_ name: String) -> Value? { metrics.first { $0.name == name }?.value }
}

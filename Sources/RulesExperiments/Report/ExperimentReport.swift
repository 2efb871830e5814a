import RulesEngine

/// An experiment's results as of a date: each arm's figures and, for each, the difference
/// variant − control with its interval.
///
/// Methods: a share (retention, an unlock rate) has Wilson's score interval, and the difference
/// of two shares Newcombe's hybrid score interval; a mean (active days a week, a current streak)
/// has Student's t interval, and the difference of two means Welch's interval with the
/// Welch-Satterthwaite degrees of freedom. All at `confidence` (95% unless told).
public struct ExperimentReport: Sendable, Hashable, Codable {
  /// A difference variant − control of one figure.
  public struct Difference: Sendable, Hashable, Codable {
    /// The figure: `retention_d7`, `active_days_per_week`, `streak.NAME`, `badge.ID`.
    public let metric: String
    /// The difference with its interval; nil when an arm has too few users to tell.
    public let interval: Interval?
  }

  /// The report's date.
  public let date: CalendarDay
  /// The confidence of every interval.
  public let confidence: Double
  /// The control arm's figures.
  public let control: ArmReport
  /// The variant's figures.
  public let variant: ArmReport
  /// Variant − control, for every figure.
  public let differences: [Difference]

  /// The report over `participants` as of `date`, for the catalog's `streaks` and `badges`.
  public init(
    participants: [Participant], date: CalendarDay, streaks: [String], badges: [String],
    retentionDays: [Int] = [1, 7, 30], confidence: Double = 0.95
  ) {
    self.date = date
    self.confidence = confidence
    func arm(_ arm: Arm) -> ArmReport {
      ArmReport(
        arm: arm, participants: participants.filter { $0.arm == arm }, date: date, retentionDays: retentionDays,
        streaks: streaks, badges: badges, confidence: confidence)
    }
    let control = arm(.control)
    let variant = arm(.variant)
    self.control = control
    self.variant = variant
    var differences: [Difference] = []
    for (mine, theirs) in zip(variant.retention, control.retention) {
      differences.append(
        Difference(metric: "retention_d\(mine.day)", interval: mine.share.difference(from: theirs.share)))
    }
    differences.append(
      Difference(
        metric: "active_days_per_week", interval: variant.activeDaysPerWeek.difference(from: control.activeDaysPerWeek))
    )
    for (mine, theirs) in zip(variant.currentStreaks, control.currentStreaks) {
      differences.append(Difference(metric: "streak.\(mine.name)", interval: mine.mean.difference(from: theirs.mean)))
    }
    for (mine, theirs) in zip(variant.badges, control.badges) {
      differences.append(Difference(metric: "badge.\(mine.badge)", interval: mine.share.difference(from: theirs.share)))
    }
    self.differences = differences
  }

  /// The difference of `metric`, if the report has it.
  public func difference(_ metric: String) -> Difference? {
    differences.first { $0.metric == metric }
  }
}

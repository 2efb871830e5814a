/// A guardrail on an experiment: a figure the variant must not make worse than control by more
/// than a margin (`--guardrail retention_d7 --margin 0.02`).
///
/// It trips when the report shows, at its confidence, that the variant is worse by more than
/// the margin: the whole interval of variant − control lies below −margin (its upper bound is
/// under −margin). A bound read from one arm alone, or the difference's lower bound, would stop
/// an experiment on noise while its arms are still small: the guardrail acts on evidence of harm,
/// not on the absence of evidence of safety. Higher is better for every figure a guardrail takes.
public struct Guardrail: Sendable, Hashable, Codable {
  /// The figure, as `ExperimentReport.Difference.metric` names it.
  public let metric: String
  /// How much worse than control the variant may be, in the figure's unit (0.02: two
  /// percentage points of retention).
  public let margin: Double

  /// The figures a guardrail may watch.
  public static let metrics = ["retention_d1", "retention_d7", "retention_d30", "active_days_per_week"]

  /// A guardrail on `metric`; nil for a figure it cannot watch or a negative margin.
  public init?(metric: String, margin: Double) {
    guard Self.metrics.contains(metric), margin >= 0, margin.isFinite else { return nil }
    self.metric = metric
    self.margin = margin
  }

  /// Whether `report` trips the guardrail.
  public func isTripped(by report: ExperimentReport) -> Bool {
    guard let interval = report.difference(metric)?.interval else { return false }
    return interval.upper < -margin
  }
}

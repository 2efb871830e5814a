@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A catalog that passed `rules check`: every expression parsed and typed, the evaluation
/// order fixed. This is what the evaluator runs.
@_spi(Tooling) public struct ValidatedCatalog: Sendable {
  /// The catalog as loaded, imports merged.
  package let catalog: Catalog
  /// The streaks, typed, in catalog order.
  package let streaks: [ValidatedStreak]
  /// Each metric's typed expression, by the metric's position.
  package let metrics: [TypedExpr]
  /// Each metric's progress towards its next value, by the metric's position (nil: none).
  package let metricProgress: [ProgressPart?]
  /// Every `total(x)` and `last(n, x)` the expressions use, once each.
  package let aggregates: [Aggregate]
  /// Aggregates, streaks and metrics in an order where each comes after what it reads.
  package let order: [EvaluationStep]
  /// The badges, typed, in catalog order.
  @_spi(Tooling) public let badges: [ValidatedBadge]
  /// The messages, typed, in the order they are tried.
  package let messages: [ValidatedMessage]
  /// The position of the milestones' streak.
  package let milestoneStreak: Int?
  /// Metrics that read `badges.count` or `badges.xp` (directly or through other metrics), in
  /// evaluation order: they are computed again when a badge unlocks during a check.
  package let badgeDependentMetrics: [Int]
  /// The metrics and calendar built-ins the badges read (`BadgeReads`).
  package let badgeReads: BadgeReads
  /// Each declared leaderboard's value (`catalog.leaderboards`), typed, in catalog order: a
  /// metric, a streak's field or an aggregate (a period sum), whose slot the day fills.
  package var leaderboards: [TypedExpr] = []

  /// The catalog's inputs.
  @_spi(Tooling) public var inputs: [Input] { catalog.inputs }
  /// A value of each stored property.
  package init(
    catalog: Catalog, streaks: [ValidatedStreak], metrics: [TypedExpr], metricProgress: [ProgressPart?],
    aggregates: [Aggregate], order: [EvaluationStep], badges: [ValidatedBadge], messages: [ValidatedMessage],
    milestoneStreak: Int?, badgeDependentMetrics: [Int], badgeReads: BadgeReads
  ) {
    self.catalog = catalog
    self.streaks = streaks
    self.metrics = metrics
    self.metricProgress = metricProgress
    self.aggregates = aggregates
    self.order = order
    self.badges = badges
    self.messages = messages
    self.milestoneStreak = milestoneStreak
    self.badgeDependentMetrics = badgeDependentMetrics
    self.badgeReads = badgeReads
  }
}

/// One step of a day's evaluation.
package enum EvaluationStep: Sendable, Equatable {
  case aggregate(Int)
  case streak(Int)
  case metric(Int)
}

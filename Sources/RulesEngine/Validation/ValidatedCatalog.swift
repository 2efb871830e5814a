/// A catalog that passed `rules check`: every expression parsed and typed, the evaluation
/// order fixed. This is what the evaluator runs.
public struct ValidatedCatalog: Sendable {
  public let catalog: Catalog
  public let streaks: [ValidatedStreak]
  /// Each metric's typed expression, by the metric's position.
  public let metrics: [TypedExpr]
  public let aggregates: [Aggregate]
  /// Aggregates, streaks and metrics in an order where each comes after what it reads.
  public let order: [EvaluationStep]
  public let badges: [ValidatedBadge]
  public let messages: [ValidatedMessage]
  /// The position of the milestones' streak.
  public let milestoneStreak: Int?
  /// Metrics that read `badges.count` or `badges.xp` (directly or through other metrics), in
  /// evaluation order: they are computed again when a badge unlocks during a check.
  public let badgeDependentMetrics: [Int]

  public var inputs: [Input] { catalog.inputs }
}

/// One step of a day's evaluation.
public enum EvaluationStep: Sendable, Equatable {
  case aggregate(Int)
  case streak(Int)
  case metric(Int)
}

public struct ValidatedStreak: Sendable {
  public let streak: Streak
  /// Consecutive streaks: the days that extend it and the neutral days.
  public let counts: TypedExpr?
  public let skips: TypedExpr?
  /// Elapsed streaks: the days that set it back to Day 0.
  public let resets: TypedExpr?
}

public struct ValidatedBadge: Sendable {
  public let badge: Badge
  public let when: TypedExpr
  /// How progress is measured: the explicit `progress`, or what `when` allows to infer
  /// (`x >= 7` gives x out of 7; `a && b` gives the parts of each). Empty: unknown.
  public let progress: [ProgressPart]
  /// The position of its group among the catalog's groups.
  public let group: Int?
}

/// One measure of progress: where the user is and where the badge unlocks.
public struct ProgressPart: Sendable {
  public let current: TypedExpr
  public let target: TypedExpr
}

public struct ValidatedMessage: Sendable {
  public let message: Message
  public let when: TypedExpr?
  public let title: TypedTemplate?
  public let variants: [(when: TypedExpr?, text: TypedTemplate)]
  public let action: TypedTemplate?
}

/// A template with its expressions typed.
public struct TypedTemplate: Sendable {
  public enum Part: Sendable {
    case text(String)
    case value(TypedExpr)
  }

  public let parts: [Part]
}

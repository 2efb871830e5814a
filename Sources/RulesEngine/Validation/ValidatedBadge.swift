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

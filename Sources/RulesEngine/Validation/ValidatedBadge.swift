/// A badge with its criterion typed and its progress measures inferred.
public struct ValidatedBadge: Sendable {
  /// The badge as written.
  public let badge: Badge
  /// Its criterion, typed.
  public let when: TypedExpr
  /// How progress is measured: the explicit `progress`, or what `when` allows to infer
  /// (`x >= 7` gives x out of 7; `a && b` gives the parts of each). Empty: unknown.
  public let progress: [ProgressPart]
  /// The position of its group among the catalog's groups.
  public let group: Int?
}

/// One measure of progress: where the user is and where the badge unlocks.
public struct ProgressPart: Sendable {
  /// Where the user is.
  public let current: TypedExpr
  /// Where the badge unlocks.
  public let target: TypedExpr
}

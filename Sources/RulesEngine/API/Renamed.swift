// The names before issue #13's renames, kept for code written against them (rules-server was
// started on the first API commit). Each is deprecated: use the new name.

/// Renamed: a catalog that passed validation.
@available(*, deprecated, renamed: "ValidatedCatalog")
public typealias CheckedCatalog = ValidatedCatalog

/// Renamed: a catalog file loaded and validated.
@available(*, deprecated, renamed: "CatalogValidation")
public typealias CatalogCheck = CatalogValidation

/// Renamed: the daily check and the replay over a history.
@available(*, deprecated, renamed: "CheckRunner")
public typealias Session = CheckRunner

/// Renamed: steps one user's state through days.
@available(*, deprecated, renamed: "DayRunner")
public typealias Evaluator = DayRunner

/// Renamed: what a day carries to the next.
@available(*, deprecated, renamed: "CountedState")
public typealias EngineState = CountedState

extension CatalogValidation {
  /// Renamed: the catalog ready to evaluate.
  @available(*, deprecated, renamed: "validated")
  public var checked: ValidatedCatalog? { validated }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// What one evaluation of a user gives the store: the report, what to save, what is new. The
/// report is rendered only when asked for (a batch never asks).
public struct UserCheck: Sendable {
  /// The evaluation, as the engine made it.
  public var evaluation: Evaluation
  /// The catalog, to render the evaluation for people (the command line's text, rendered
  /// outside the store).
  package let catalog: ValidatedCatalog
  /// The language of the text rendering (nil: the catalog's default).
  package let locale: String?
  /// The evaluation as JSON, as the engine writes it.
  public var json: String { evaluation.json.serialized() }
  /// Warnings for people (a saved state older than the catalog...).
  public var warnings: [String]
  /// The badges this evaluation unlocked, with their dates.
  public var new: [StoredUnlock]
  /// The state to save (`UserState.binary()`), or nil when nothing may be saved.
  public var state: Data?
}

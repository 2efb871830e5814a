import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// What one evaluation of a user gives the store: the report, what to save, what is new. The
/// report is rendered only when asked for (a batch never asks).
package struct UserCheck: Sendable {
  /// The evaluation, as the engine made it.
  package var evaluation: Evaluation
  /// The catalog, to render the evaluation for people (the command line's text, rendered
  /// outside the store).
  package let catalog: ValidatedCatalog
  /// The language of the text rendering (nil: the catalog's default).
  package let locale: String?
  /// The evaluation as JSON, as the engine writes it.
  package var json: String { evaluation.json.serialized() }
  /// Warnings for people (a saved state older than the catalog...).
  package var warnings: [String]
  /// The badges this evaluation unlocked, with their dates.
  package var new: [StoredUnlock]
  /// The state to save (`UserState.binary()`), or nil when nothing may be saved.
  package var state: Data?
}

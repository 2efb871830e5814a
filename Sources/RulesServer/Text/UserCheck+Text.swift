import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesStore

extension UserCheck {
  /// The evaluation as `rules eval` prints it for people (the catalog is localized only here,
  /// when a text is asked for, not for every check).
  var text: String {
    EvaluationText(catalog: locale.map { catalog.localized(to: $0) } ?? catalog).render(evaluation)
  }
}

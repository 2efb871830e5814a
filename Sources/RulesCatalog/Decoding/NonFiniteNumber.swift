@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension Node {
  /// How a YAML number that is infinite or NaN was written, for messages: `'.inf' (infinity)`,
  /// `'1e400' (too large)`, `'.nan' (not a number)`. Catalogs and history files share it.
  package var nonFiniteDescription: String {
    let text = self.text ?? ""
    guard case .float(let number)? = scalar else { return "'\(text)'" }
    if number.isNaN { return "'\(text)' (not a number)" }
    return text.contains(".inf") || text.contains(".Inf") || text.contains(".INF")
      ? "'\(text)' (infinity)" : "'\(text)' (too large)"
  }
}

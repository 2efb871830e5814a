import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Warnings as the command line says them: the engine's message, with the line of the record
/// in the history file and what `--rebuild` would do.
package enum WarningText {
  /// Whether the warning is about the saved state itself (the CLI names the state file).
  package static func isAboutState(_ warning: EngineWarning) -> Bool {
    [.catalogVersionChanged, .newSinceState, .overflowedSum].contains(warning.id)
  }

  /// `warning` for people, for a history read from a file (`history` gives record lines).
  package static func text(_ warning: EngineWarning, history: History?) -> String {
    switch warning.id {
    case .recordChanged, .recordAdded:
      guard let date = warning.date else { return warning.message }
      let line = history?.record(on: date).map { " (line \($0.line))" } ?? ""
      let what =
        warning.id == .recordAdded ? "was added after that day was counted" : "changed after it was counted"
      return "the record of \(date)\(line) \(what); the change is not counted (use --rebuild to count it)"
    case .newSinceState:
      return warning.message + " (use --rebuild to count the past)"
    case .overflowedSum:
      return warning.message + " (use --rebuild to count it again)"
    case .stateAhead, .catalogVersionChanged:
      return warning.message
    }
  }
}

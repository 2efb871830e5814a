import Foundation

extension Session {
  /// Evaluates with the state file at `path`: read, evaluated and written back under the
  /// file's lock, so concurrent evaluations queue up and every unlock is kept. A state file
  /// that cannot be used is an error and stays as it was.
  public static func evaluate(
    _ program: Program, history: History, date: CalendarDay, statePath: String,
    rebuild: Bool = false
  ) throws -> Outcome {
    let store = StateStore(path: statePath)
    return try store.withLock {
      var saved: SavedState?
      var warnings: [EngineWarning] = []
      if let data = try store.read() {
        let decoded = try SavedState.decode(data, path: statePath, for: program.catalog, user: history.user)
        saved = decoded.0
        warnings = decoded.warnings
      }
      var outcome = evaluate(program, history: history, date: date, saved: saved, rebuild: rebuild)
      outcome.warnings = warnings + outcome.warnings
      if let state = outcome.state {
        let text = state.json(for: program.catalog).serialized() + "\n"
        try store.write(Data(text.utf8))
      }
      return outcome
    }
  }
}

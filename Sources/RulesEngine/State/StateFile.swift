import Foundation

extension Session {
  /// Evaluates with the state file at `path`: read, evaluated and written back under the
  /// file's lock, so concurrent evaluations queue up and every unlock is kept. A state file
  /// that cannot be used is an error and stays as it was.
  public static func evaluate(
    _ program: Program, history: History, date: CalendarDay, statePath: String,
    rebuild: Bool = false
  ) throws -> Outcome {
    // Resolved once: a link's target is locked, read and replaced, the link kept.
    let store = StateStore(path: try StatePath.resolve(statePath))
    return try store.withLock {
      var saved: SavedState?
      var warnings: [String] = []
      if let data = try store.read() {
        let decoded = try SavedState.decode(data, path: statePath, for: program.catalog, user: history.user)
        saved = decoded.0
        // The warnings about the file name it, as its errors do.
        warnings = decoded.warnings.map { "\(statePath): \($0)" }
      }
      var outcome = evaluate(program, history: history, date: date, saved: saved, rebuild: rebuild)
      outcome.evaluation.warnings = warnings + outcome.evaluation.warnings
      if let state = outcome.state {
        let text = state.json(for: program.catalog).serialized() + "\n"
        try store.write(Data(text.utf8))
      }
      return outcome
    }
  }
}

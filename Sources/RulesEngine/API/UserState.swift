import Foundation

/// What the engine keeps of one user between checks: unlocked badges with their dates, the
/// streaks, the history sums and windows, digests of the last 90 counted records (to notice a
/// record that changed), and the records of the days not counted yet (the day in progress).
/// Its size does not grow with the history. Save `json()`; read it back with
/// `init(json:for:)`. The JSON is the state file of `rules eval --state`.
public struct UserState: Sendable {
  /// The state as the file keeps it.
  var saved: SavedState
  /// The compiled catalog the state is keyed to.
  let program: Program
  /// What reading the state noticed (another catalog version...): the next check reports it.
  var warnings: [EngineWarning] = []

  init(saved: SavedState, program: Program, warnings: [EngineWarning] = []) {
    self.saved = saved
    self.program = program
    self.warnings = warnings
  }

  /// Reads a state saved by `json()` (or a `rules eval --state` file) for `engine`'s catalog.
  /// A state written with another version of the catalog is read (badges keep their unlocks,
  /// new streaks and sums start fresh) and the next check warns. Throws an `EngineError`
  /// (`bad-state`) for JSON that is not a state, a state of another catalog, or a newer format.
  public init(json: Data, for engine: Engine) throws(EngineError) {
    do {
      let (saved, warnings) = try SavedState.decode(json, path: "state", for: engine.catalog, user: nil)
      self.init(saved: saved, program: engine.program, warnings: warnings)
    } catch {
      throw EngineError(.badState, error.message)
    }
  }

  /// The state as JSON (UTF-8, keys in a fixed order, ending with a newline): what to save.
  public func json() throws(EngineError) -> Data {
    Data((saved.json(for: program.catalog).serialized() + "\n").utf8)
  }

  /// The user the state belongs to, when known.
  public var user: String? { saved.user }
  /// The date of the last check.
  public var date: CalendarDay? { saved.date }
  /// The last day counted into the streaks and sums (the day before the last check).
  public var countedThrough: CalendarDay? { saved.engine.countedThrough.map(CalendarDay.init(number:)) }
  /// Every unlocked badge with its date, in the order they unlocked (badges the catalog no
  /// longer has included).
  public var unlocks: [Evaluation.Unlock] {
    var unlocks: [Evaluation.Unlock] = []
    for (index, day) in saved.engine.unlocked.enumerated() {
      if let day {
        unlocks.append(Evaluation.Unlock(id: program.catalog.badges[index].badge.id, date: CalendarDay(number: day)))
      }
    }
    unlocks += saved.otherUnlocks.map { Evaluation.Unlock(id: $0.id, date: $0.date) }
    return unlocks.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
  }
}

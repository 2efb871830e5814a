import Foundation
import RulesEngine
import RulesSource

/// Evaluations as `rules eval` (with and without a state file) and `rules replay` run them.
public enum Evaluations {
  /// The day an evaluation of `history` looks at: its last day (record or start), or `fallback`,
  /// moved on by `later` days.
  public static func day(of history: History, later: Int, fallback: CalendarDay) -> CalendarDay {
    let last = [history.records.last?.date, history.start].compactMap { $0 }.max() ?? fallback
    return last + later
  }

  /// Evaluates `history` on `date` from scratch, then on the days before it one check at a time
  /// with a saved state carried over (written to JSON and read back each time, as the state file
  /// is), and replays it day by day when the span is short (the span of a history is at most 300
  /// years, `CalendarDay.years`). Asserts what every report must hold.
  public static func exercise(_ program: Program, _ history: History, on date: CalendarDay, checks: Int) {
    let alone = Session.evaluate(program, history: history, date: date, saved: nil)
    Invariant.sound(alone.evaluation, date: date)
    _ = alone.evaluation.json.serialized()
    // Every evaluation below counts the whole span again: keep the fuzzer fast on long ones.
    let first = CalendarDay(number: Evaluator.firstDay(of: history, before: date.number))
    guard date - first <= 3660 else { return }

    var saved: SavedState?
    for offset in stride(from: checks - 1, through: 0, by: -1) {
      let day = date + -offset
      let outcome = Session.evaluate(program, history: history, date: day, saved: saved)
      Invariant.sound(outcome.evaluation, date: day)
      guard let state = outcome.state else { Invariant.fail("no state to save after a check of \(day)") }
      saved = roundTrip(state, program: program)
    }
    if let saved {
      let rebuilt = Session.evaluate(program, history: history, date: date, saved: saved, rebuild: true)
      Invariant.sound(rebuilt.evaluation, date: date)
    }

    if date - first <= 400 {
      let days = Session.replay(program, history: history, from: nil, to: date)
      for (offset, evaluation) in days.enumerated() { Invariant.sound(evaluation, date: first + offset) }
    }
  }

  /// The state as the state file holds it: JSON written, then read back; reading must succeed.
  static func roundTrip(_ state: SavedState, program: Program) -> SavedState {
    let text = state.json(for: program.catalog).serialized()
    do {
      return try SavedState.decode(Data(text.utf8), path: "state.json", for: program.catalog, user: state.user).0
    } catch {
      Invariant.fail("a state just written cannot be read back: \(error)\n\(text)")
    }
  }
}

extension Invariant {
  /// A report's numbers make sense: streaks are never negative and never above their best,
  /// progress is a fraction, unlocks are dated no later than the report.
  public static func sound(_ evaluation: Evaluation, date: CalendarDay) {
    if evaluation.date != date { fail("a report of \(evaluation.date) for a check of \(date)") }
    for streak in evaluation.streaks {
      if streak.current < 0 || streak.freezes < 0 || streak.best < streak.current {
        fail(
          "streak \(streak.name) on \(date): current \(streak.current), best \(streak.best), freezes \(streak.freezes)")
      }
    }
    for badge in evaluation.badges.locked {
      if let progress = badge.progress, !(0...1).contains(progress) {
        fail("badge \(badge.id) on \(date): progress \(progress)")
      }
    }
    for unlock in evaluation.badges.unlocked where unlock.date > date {
      fail("badge \(unlock.id) unlocked on \(unlock.date), after the check of \(date)")
    }
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

/// Evaluations as `rules eval` (with and without a state file) and `rules replay` run them.
package enum Evaluations {
  /// The day an evaluation of `history` looks at: its last day (record or start), or `fallback`,
  /// moved on by `later` days.
  package static func day(of history: History, later: Int, fallback: CalendarDay) -> CalendarDay {
    let last = [history.records.last?.date, history.start].compactMap { $0 }.max() ?? fallback
    return last + later
  }

  /// Checks `history` on `date` from scratch with two engines of one catalog (one counting the
  /// days with a compiled day): the evaluations and the states must be the same, byte for byte.
  package static func compare(_ engine: Engine, _ other: Engine, _ history: History, on date: CalendarDay) {
    let first = CalendarDay(number: DayRunner.firstDay(of: history, before: date.number))
    guard date - first <= 3660 else { return }
    do {
      let records = try history.records.map { record throws(EngineError) in try DayRecord(record, for: engine) }
      let others = try history.records.map { record throws(EngineError) in try DayRecord(record, for: other) }
      let a = try engine.check(user: history.user, start: history.start, on: date, records: records, state: nil)
      let b = try other.check(user: history.user, start: history.start, on: date, records: others, state: nil)
      let states = (try a.state.json(), try b.state.json())
      if a.evaluation.json.serialized() != b.evaluation.json.serialized() || states.0 != states.1 {
        Invariant.fail("the compiled day and the interpreter disagree on \(date)")
      }
    } catch {
      Invariant.fail("a check failed: \(error)")
    }
  }

  /// Evaluates `history` on `date` from scratch through the engine's API, then on the days
  /// before it one check at a time with the state carried over (written to JSON and read back
  /// each time, as an app or the state file does), once more with `rebuild`, and replays it day
  /// by day when the span is short (the span of a history is at most 300 years,
  /// `CalendarDay.years`). Asserts what every report must hold.
  package static func exercise(_ engine: Engine, _ history: History, on date: CalendarDay, checks: Int) {
    let records: [DayRecord]
    do {
      records = try history.records.map { record throws(EngineError) in try DayRecord(record, for: engine) }
      let alone = try engine.check(user: history.user, start: history.start, on: date, records: records, state: nil)
      Invariant.sound(alone.evaluation, date: date)
      _ = alone.evaluation.json.serialized()
    } catch {
      Invariant.fail("a history read against the catalog does not check: \(error)")
    }
    // Every evaluation below counts the whole span again: keep the fuzzer fast on long ones.
    let first = CalendarDay(number: DayRunner.firstDay(of: history, before: date.number))
    guard date - first <= 3660 else { return }

    var saved: UserState?
    for offset in stride(from: checks - 1, through: 0, by: -1) {
      let day = date + -offset
      do {
        let check = try engine.check(user: history.user, start: history.start, on: day, records: records, state: saved)
        Invariant.sound(check.evaluation, date: day)
        saved = roundTrip(check.state, engine: engine)
      } catch {
        Invariant.fail("a check of \(day) failed: \(error)")
      }
    }
    if let saved {
      do {
        let rebuilt = try engine.check(
          user: history.user, start: history.start, on: date, records: records, state: saved, rebuild: true)
        Invariant.sound(rebuilt.evaluation, date: date)
      } catch {
        Invariant.fail("a rebuild failed: \(error)")
      }
    }

    if date - first <= 400 {
      do {
        let days = try engine.replay(user: history.user, start: history.start, records: records, from: nil, to: date)
        for (offset, evaluation) in days.enumerated() { Invariant.sound(evaluation, date: first + offset) }
      } catch {
        Invariant.fail("a replay failed: \(error)")
      }
    }
  }

  /// The state as an app saves it: JSON written, then read back; reading must succeed.
  static func roundTrip(_ state: UserState, engine: Engine) -> UserState {
    do {
      return try UserState(json: try state.json(), for: engine)
    } catch {
      Invariant.fail("a state just written cannot be read back: \(error)")
    }
  }
}

extension Invariant {
  /// A report's numbers make sense: streaks are never negative and never above their best,
  /// their runs and protected days are not after the report, progress is a fraction, unlocks
  /// are dated no later than the report, new milestones are reached ones, the next badge is a
  /// locked one.
  package static func sound(_ evaluation: Evaluation, date: CalendarDay) {
    if evaluation.date != date { fail("a report of \(evaluation.date) for a check of \(date)") }
    for streak in evaluation.streaks {
      if streak.current < 0 || streak.freezes < 0 || streak.best < streak.current {
        fail(
          "streak \(streak.name) on \(date): current \(streak.current), best \(streak.best), freezes \(streak.freezes)")
      }
      if let start = streak.start, start > date { fail("streak \(streak.name) on \(date): its run began on \(start)") }
      if let day = streak.lastProtected, day > date { fail("streak \(streak.name) on \(date): protected on \(day)") }
    }
    for id in evaluation.milestones.new where !evaluation.milestones.reached.contains(id) {
      fail("milestone \(id) on \(date): new but not reached")
    }
    if let next = evaluation.badges.next, !evaluation.badges.locked.contains(next) {
      fail("badge \(next.id) on \(date): the next badge is not a locked one")
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

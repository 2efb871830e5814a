import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// RIZQ's scheme written by hand in Swift, as an app would hard-code it: the streak, the
/// perfect-day streak, total duas, the days with a dua of the last seven, XP (10 per dua plus
/// the badges' XP), the level curve `floor(sqrt(xp / 50)) + 1` and the five badges, with the
/// engine's semantics as `catalogs/rizq.yaml` states them: every day is a check (the loop's
/// `check: true`), the checked day is in progress (a miss breaks a streak only once the day is
/// over), and a check unlocks at most one badge, the first in catalog order whose criterion
/// holds (`unlocks: {at: check, per_check: 1}`). It reads the same `EncodedRecord`s as the
/// engine, inputs in the catalog's order: duas_completed, habits_completed, habits_total.
package enum RizqBaseline {
  struct State {
    var streak = 0
    var best = 0
    var perfect = 0
    var perfectBest = 0
    var duas = 0
    var badgeXP = 0
    /// Whether each of the last seven days had a dua, by day number modulo 7.
    var duaDays: (Bool, Bool, Bool, Bool, Bool, Bool, Bool) = (false, false, false, false, false, false, false)
    var unlocked: (Int?, Int?, Int?, Int?, Int?) = (nil, nil, nil, nil, nil)
  }

  static let xp = (50, 100, 500, 200, 300)

  @inline(__always)
  static func level(_ xp: Int) -> Int {
    Int((Double(xp) / 50).squareRoot().rounded(.down)) + 1
  }

  package static func run(history: History, days: Int, tally: inout UnlockTally) {
    var s = State()
    let first = history.start ?? history.records[0].date
    let records = history.records
    var index = 0
    var day = first.number
    let end = first.number + days
    while day < end {
      var duas = 0
      var completed = 0
      var total = 0
      if index < records.count, records[index].date.number == day {
        let values = records[index].values
        duas = values[0]
        completed = values[1]
        total = values[2]
        index += 1
      }
      let counts = completed >= 1
      let perfectDay = total > 0 && completed >= total
      // The day in progress: a counting day extends, a miss waits for the day's end.
      var streak = s.streak
      var perfect = s.perfect
      if counts {
        streak += 1
        s.best = max(s.best, streak)
      }
      if perfectDay {
        perfect += 1
        s.perfectBest = max(s.perfectBest, perfect)
      }
      let totalDuas = s.duas + duas
      // `last(7, duas_completed >= 1)`: today's slot replaces the one of seven days ago.
      withUnsafeMutableBytes(of: &s.duaDays) { $0[(day % 7 + 7) % 7] = duas >= 1 ? 1 : 0 }
      let weekDuaDays = withUnsafeBytes(of: s.duaDays) { $0.reduce(0) { $0 + Int($1) } }
      let level = level(totalDuas * 10 + s.badgeXP)
      // The check: the first locked badge whose criterion holds, and only it.
      if s.unlocked.0 == nil, duas >= 1 {
        s.unlocked.0 = day
        s.badgeXP += xp.0
      } else if s.unlocked.1 == nil, streak >= 7 {
        s.unlocked.1 = day
        s.badgeXP += xp.1
      } else if s.unlocked.2 == nil, streak >= 30 {
        s.unlocked.2 = day
        s.badgeXP += xp.2
      } else if s.unlocked.3 == nil, level >= 5 {
        s.unlocked.3 = day
        s.badgeXP += xp.3
      } else if s.unlocked.4 == nil, weekDuaDays >= 7 {
        s.unlocked.4 = day
        s.badgeXP += xp.4
      }
      // The day is over: commit.
      s.streak = counts ? streak : 0
      s.perfect = perfectDay ? perfect : 0
      s.duas = totalDuas
      day += 1
    }
    for unlocked in [s.unlocked.0, s.unlocked.1, s.unlocked.2, s.unlocked.3, s.unlocked.4] {
      if let unlocked {
        tally.unlocks += 1
        tally.days += unlocked - first.number
      }
    }
  }
}

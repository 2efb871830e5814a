import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// What one evaluation tells the event log: the engine's own news (new badges, milestones,
/// protected days) and the values the next evaluation is compared with (streaks, levels).
/// Made from the public `Evaluation` only (`UserEvaluation.run`), saved with the state.
package struct EventFacts: Sendable {
  package struct Streak: Sendable {
    var name: String
    var current: Int
    var start: CalendarDay?
    var freezes: Int
    var newProtected: [CalendarDay]
  }

  /// The date evaluated.
  var date: CalendarDay
  /// No state was saved before this evaluation (a new user, or one whose state was dropped).
  var firstCheck: Bool
  var streaks: [Streak]
  /// The metrics that have a `progress` (RIZQ's `level`: a value and the ring towards the
  /// next), with their whole-number values.
  var levels: [(name: String, value: Int)]
  /// The milestones this evaluation reached, with the day each was reached on.
  var milestones: [(id: String, day: Int, date: CalendarDay)]
  var milestoneStreak: String?

  package init(_ evaluation: Evaluation, catalog: StoreCatalog, firstCheck: Bool) {
    date = evaluation.date
    self.firstCheck = firstCheck
    streaks = evaluation.streaks.map {
      Streak(
        name: $0.name, current: $0.current, start: $0.start, freezes: $0.freezes, newProtected: $0.newProtected)
    }
    let progressed = Set(evaluation.progress.map(\.name))
    levels = evaluation.metrics.compactMap { metric in
      guard progressed.contains(metric.name), case .int(let value) = metric.value else { return nil }
      return (metric.name, value)
    }
    milestoneStreak = evaluation.milestones.streak
    let days = Dictionary(
      (catalog.validated.catalog.milestones?.milestones ?? []).map { ($0.id, $0.day) }, uniquingKeysWith: { a, _ in a })
    let streak = evaluation.milestones.streak.flatMap { evaluation.streak($0) }
    milestones = evaluation.milestones.new.map { id in
      let day = days[id] ?? 0
      // The day the streak was `day` long: as many days back as it has grown since (one a
      // day), never before its run began.
      var reached = evaluation.date
      if let streak {
        reached = evaluation.date + -max(0, streak.current - day)
        if let start = streak.start, reached < start { reached = start }
      }
      return (id, day, reached)
    }
  }
}

/// What the event log remembers of a user's last evaluation: `event_marks.mark`, a compact
/// text read and written for every saved user (no JSON coder: it is on the batch's path):
/// `1;s:NAME=CURRENT,START,FREEZES,PROTECTED;...;l:NAME=VALUE;...`, days as day numbers, an
/// empty field for none. Streak and metric names are catalog identifiers (no `;`, `=`, `,`).
struct EventMark: Equatable {
  struct Streak: Equatable {
    /// current, start (day number or nil), freezes, latest protected day told (day number or nil)
    var c: Int
    var s: Int?
    var f: Int
    var p: Int?
  }
  var s: [String: Streak] = [:]
  var l: [String: Int] = [:]
  /// The names in the order they were set (the text is the same for the same values).
  var order: [String] = []

  init() {}

  static func decode(_ text: String?) -> EventMark? {
    guard let text else { return nil }
    var parts = text.split(separator: ";", omittingEmptySubsequences: false)
    guard parts.first == "1" else { return nil }
    parts.removeFirst()
    var mark = EventMark()
    for part in parts {
      guard let equals = part.firstIndex(of: "="), part.count > 2 else { return nil }
      let name = String(part[part.index(part.startIndex, offsetBy: 2)..<equals])
      let value = part[part.index(after: equals)...]
      if part.hasPrefix("s:") {
        let fields = value.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 4, let c = Int(fields[0]), let f = Int(fields[2]) else { return nil }
        mark.set(name, Streak(c: c, s: Int(fields[1]), f: f, p: Int(fields[3])))
      } else if part.hasPrefix("l:"), let level = Int(value) {
        mark.set(name, level: level)
      } else {
        return nil
      }
    }
    return mark
  }

  /// The mark `text` with `count` more freezes of `streak`: freezes support granted are told
  /// by `freeze.granted`, not again as earned. Nil when there is no mark of the streak.
  static func granting(_ count: Int, of streak: String, in text: String?) -> String? {
    guard var mark = decode(text), var entry = mark.s[streak] else { return nil }
    entry.f += count
    mark.s[streak] = entry
    return mark.text
  }

  mutating func set(_ name: String, _ streak: Streak) {
    if s.updateValue(streak, forKey: name) == nil { order.append("s:" + name) }
  }

  mutating func set(_ name: String, level: Int) {
    if l.updateValue(level, forKey: name) == nil { order.append("l:" + name) }
  }

  var text: String {
    var text = "1"
    for key in order {
      let name = key.dropFirst(2)
      if key.hasPrefix("s:"), let streak = s[String(name)] {
        text += ";\(key)=\(streak.c),\(streak.s.map(String.init) ?? ""),\(streak.f),\(streak.p.map(String.init) ?? "")"
      } else if let level = l[String(name)] {
        text += ";\(key)=\(level)"
      }
    }
    return text
  }
}

/// The events of one save: the facts of the new evaluation against the mark the last one left.
/// Each event has a unique key (catalog, user, kind, subject, date, detail): a fact told once
/// is not told again, whichever worker, rerun or rebuild finds it a second time.
package enum EventDerivation {
  package static let kinds = [
    "badge.unlocked", "milestone.reached", "streak.started", "streak.extended", "streak.broken", "streak.protected",
    "freeze.earned", "level.reached",
    // Told by support's tools and the user's repairs (`StreakSupport`), not derived from an
    // evaluation.
    "freeze.granted", "streak.restored", "streak.repaired",
  ]

  /// The events and the new mark. Without a mark for a user whose state was saved before
  /// (a store from before events): the values are taken as they are, and only the engine's
  /// own news (badges, milestones, protected days) are told.
  static func derive(previous: EventMark?, facts: EventFacts, unlocks: [StoredUnlock]) -> ([NewEvent], EventMark) {
    var events: [NewEvent] = []
    var mark = EventMark()
    for unlock in unlocks {
      if let period = unlock.period {
        // Each earning of a repeating badge: its period is part of the event's key, so every
        // period's earning is told once.
        events.append(
          NewEvent(
            kind: "badge.unlocked", subject: unlock.badge, date: unlock.date, detail: period,
            data: object([("period", quoted(period))])))
      } else {
        events.append(NewEvent(kind: "badge.unlocked", subject: unlock.badge, date: unlock.date))
      }
    }
    for milestone in facts.milestones {
      events.append(
        NewEvent(
          kind: "milestone.reached", subject: milestone.id, date: milestone.date,
          data: object([("streak", facts.milestoneStreak.map(quoted) ?? "null"), ("day", "\(milestone.day)")])))
    }
    // Without a mark and with an earlier state, nothing is known of before: a baseline.
    let baseline = previous == nil && !facts.firstCheck
    for streak in facts.streaks {
      let before = previous?.s[streak.name] ?? EventMark.Streak(c: 0, s: nil, f: 0, p: nil)
      let start = streak.start?.number
      // Protected days after the latest one told.
      let protected = streak.newProtected.filter { day in before.p.map { day.number > $0 } ?? true }
      mark.set(
        streak.name,
        EventMark.Streak(c: streak.current, s: start, f: streak.freezes, p: protected.last?.number ?? before.p))
      for day in protected {
        events.append(
          NewEvent(
            kind: "streak.protected", subject: streak.name, date: day,
            data: object([("date", quoted(day.description)), ("freezes", "\(streak.freezes)")])))
      }
      if baseline { continue }
      // The same run: it began on the same day, or earlier (a past day recorded late joined
      // it to an earlier run: nothing broke).
      let sameRun =
        before.c > 0 && streak.current > 0
        && (start == before.s || (start != nil && before.s != nil && start! < before.s!))
      if before.c > 0, !sameRun {
        events.append(
          NewEvent(
            kind: "streak.broken", subject: streak.name, date: facts.date, data: object([("length", "\(before.c)")])))
      }
      if !sameRun, streak.current > 0 {
        events.append(
          NewEvent(
            kind: "streak.started", subject: streak.name, date: streak.start ?? facts.date,
            data: object([("length", "\(streak.current)")])))
      }
      if streak.current > (sameRun ? before.c : 1) {
        events.append(
          NewEvent(
            kind: "streak.extended", subject: streak.name, date: facts.date,
            data: object([("length", "\(streak.current)")])))
      }
      let earned = streak.freezes - before.f + protected.count
      if earned > 0 {
        events.append(
          NewEvent(
            kind: "freeze.earned", subject: streak.name, date: facts.date,
            data: object([("earned", "\(earned)"), ("freezes", "\(streak.freezes)")])))
      }
    }
    for level in facts.levels {
      mark.set(level.name, level: level.value)
      // A new user starts at level 1 (the curve of rules/levels.yaml).
      guard let before = previous?.l[level.name] ?? (facts.firstCheck ? 1 : nil), level.value > before else {
        continue
      }
      for reached in max(before + 1, level.value - 999)...level.value {
        events.append(
          NewEvent(
            kind: "level.reached", subject: level.name, date: facts.date, detail: "\(reached)",
            data: object([("level", "\(reached)")])))
      }
    }
    return (events, mark)
  }

  static func quoted(_ text: String) -> String { StoredEvent.quoted(text) }

  static func object(_ pairs: [(String, String)]) -> String {
    "{" + pairs.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }
}

extension EventFacts: EventSource {
  /// The events of this check after the mark `previousMark` (`EventDerivation.derive`).
  package func events(previousMark: String?, unlocks: [StoredUnlock]) -> (events: [NewEvent], mark: String) {
    let (events, mark) = EventDerivation.derive(previous: EventMark.decode(previousMark), facts: self, unlocks: unlocks)
    return (events, mark.text)
  }
}

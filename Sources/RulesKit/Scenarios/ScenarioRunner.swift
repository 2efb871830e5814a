import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

/// Runs scenarios the way the app's daily checks would run them (like `rules eval --state`
/// once a day) and
/// compares what each check shows with what the scenario expects.
package enum ScenarioRunner {
  /// One scenario's outcome: a failure per expectation not met, at the expectation's place.
  package struct Outcome: Sendable {
    package var name: String
    package var origin: Origin
    package var failures: [Diagnostic]
    package var passed: Bool { failures.isEmpty }
  }

  package static func run(_ file: ScenarioFile, engine: Engine) -> [Outcome] {
    file.scenarios.map { run($0, engine: engine) }
  }

  /// The check of every day from the scenario's first check to its last expectation, each
  /// continuing from the state the one before saved, as the app (or `rules eval --state`)
  /// runs them.
  package static func checks(_ scenario: Scenario, engine: Engine) throws(EngineError) -> [Evaluation] {
    guard let last = scenario.expectations.map(\.date).max() else { return [] }
    let history = scenario.history
    let records = try history.records.map { record throws(EngineError) in try DayRecord(record, for: engine) }
    var evaluations: [Evaluation] = []
    var state: UserState?
    var days: [CalendarDay] = []
    if let checkDays = scenario.checkDays {
      days = checkDays.filter { $0 <= last }
    } else {
      // A date a time zone change jumped over is no day of the user's: the app never checks it.
      let skipped = Set(history.skippedDays)
      var day = scenario.firstCheck
      while day <= last {
        if !skipped.contains(day.number) { days.append(day) }
        day = day + 1
      }
    }
    for day in days {
      let check = try engine.check(
        user: history.user, start: history.start, on: day, records: records, state: state,
        calendar: history.calendar, timeZone: history.timeZone, timeZoneChanges: history.timeZoneChanges,
        pauses: history.pauses, freezeGrants: history.freezeGrants, restores: history.restores,
        repairs: history.repairs,
        locale: scenario.locale)
      state = check.state
      evaluations.append(check.evaluation)
    }
    return evaluations
  }

  package static func run(_ scenario: Scenario, engine: Engine) -> Outcome {
    var byDate: [CalendarDay: Evaluation] = [:]
    var failures: [Diagnostic] = []
    do {
      for evaluation in try checks(scenario, engine: engine) { byDate[evaluation.date] = evaluation }
    } catch {
      failures.append(
        Diagnostic(
          file: scenario.origin.file, mark: scenario.origin.mark, id: .expectationFailed,
          message: "'\(scenario.name)': the checks stopped: \(error.message)"))
    }
    for expectation in scenario.expectations {
      guard let evaluation = byDate[expectation.date] else { continue }
      for check in expectation.checks {
        guard let problem = mismatch(check.what, in: evaluation) else { continue }
        failures.append(
          Diagnostic(
            file: scenario.origin.file, mark: check.mark, id: .expectationFailed,
            message: "'\(scenario.name)', \(expectation.date): \(problem)"))
      }
    }
    return Outcome(name: scenario.name, origin: scenario.origin, failures: failures)
  }

  /// What differs, as "what: expected X, found Y"; nil when the check holds.
  static func mismatch(_ subject: Expectation.Subject, in evaluation: Evaluation) -> String? {
    func compare<T: Equatable>(_ what: String, _ expected: T, _ found: T, _ show: (T) -> String) -> String? {
      expected == found ? nil : "\(what): expected \(show(expected)), found \(show(found))"
    }
    let unlocked = Dictionary(evaluation.badges.unlocked.map { ($0.id, $0.date) }, uniquingKeysWith: { a, _ in a })
    switch subject {
    case .streak(let name, let field, let value):
      guard let streak = evaluation.streak(name) else { return "the streak '\(name)' is not reported" }
      let found =
        switch field {
        case .current: streak.current
        case .best: streak.best
        case .freezes: streak.freezes
        }
      return compare("\(name).\(field.rawValue)", value, found, String.init)
    case .streakDate(let name, let field, let value):
      guard let streak = evaluation.streak(name) else { return "the streak '\(name)' is not reported" }
      let found = field == "start" ? streak.start : streak.lastProtected
      return compare("\(name).\(field)", value, found) { $0?.description ?? "null" }
    case .streakDates(let name, let value):
      guard let streak = evaluation.streak(name) else { return "the streak '\(name)' is not reported" }
      return compare("\(name).new_protected", value, streak.newProtected) {
        "[" + $0.map(\.description).joined(separator: ", ") + "]"
      }
    case .streakPeriod(let name, let value):
      guard let streak = evaluation.streak(name) else { return "the streak '\(name)' is not reported" }
      return compare("\(name).period", value, streak.period?.id) { $0 ?? "null (not a periodic streak)" }
    case .streakPeriodNumber(let name, let field, let value):
      guard let streak = evaluation.streak(name) else { return "the streak '\(name)' is not reported" }
      let found = field == "goal" ? streak.period?.goal : streak.period?.count
      return compare("\(name).\(field)", value, found) { $0.map(String.init) ?? "null (not a periodic streak)" }
    case .metric(let name, let expected):
      guard let found = evaluation.metric(name) else { return "the metric '\(name)' is not reported" }
      return matches(expected, found) ? nil : "\(name): expected \(show(expected)), found \(found.literal)"
    case .unlocked(let id, let date):
      guard let found = unlocked[id] else { return "\(id): expected unlocked, found locked" }
      guard let date else { return nil }
      return compare("\(id)", date, found) { "unlocked on \($0)" }
    case .new(let ids):
      return compare("new badges", ids, evaluation.badges.new, list)
    case .locked(let id):
      guard let found = unlocked[id] else { return nil }
      return "\(id): expected locked, found unlocked on \(found)"
    case .reached(let ids):
      return compare("milestones reached", ids, evaluation.milestones.reached, list)
    case .milestoneToday(let id):
      return compare("milestone today", id, evaluation.milestones.today, optional)
    case .milestoneNext(let id):
      return compare("next milestone", id, evaluation.milestones.next?.id, optional)
    case .daysUntil(let days):
      guard let next = evaluation.milestones.next else {
        return "days until the next milestone: expected \(days), found no next milestone"
      }
      return compare("days until the next milestone", days, next.daysUntil) { $0.map(String.init) ?? "null" }
    case .badgeField(let id, let key, let expected):
      let unlock = evaluation.badges.unlocked.first { $0.id == id }
      let lockedBadge = evaluation.badges.locked.first { $0.id == id }
      guard let display = unlock?.display ?? lockedBadge?.display else { return "the badge '\(id)' is not reported" }
      let repeats = unlock?.repeats ?? lockedBadge?.repeats
      let found: Value? =
        switch key {
        case "times": .int(unlock?.times ?? lockedBadge?.times ?? 0)
        case "earned_this_period": repeats == nil ? nil : .bool(unlock != nil)
        case "period": unlock?.period.map(Value.string)
        case "name": .string(display.name)
        case "description": display.description.map(Value.string)
        case "category": display.category.map(Value.string)
        case "xp": .int(display.xp)
        case "group": display.group.map(Value.string)
        case "emoji": display.emoji.map(Value.string)
        case "icon": display.icon.map(Value.string)
        case "image": display.image.map(Value.string)
        default: display.color.map(Value.string)
        }
      guard let found else {
        return expected == .null ? nil : "\(id) \(key): expected \(show(expected)), found null"
      }
      return matches(expected, found) ? nil : "\(id) \(key): expected \(show(expected)), found \(found.literal)"
    case .leaderboard(let id, let period, let value):
      guard let found = evaluation.leaderboards.first(where: { $0.id == id }) else {
        return "the leaderboard '\(id)' is not reported"
      }
      if let period, period != found.period { return "\(id): expected the period \(period), found \(found.period)" }
      if let value, !matches(value, found.value) {
        return "\(id): expected \(show(value)), found \(found.value.literal)"
      }
      return nil
    case .metricProgress(let name, let field, let expected):
      guard let progress = evaluation.progress.first(where: { $0.name == name }) else {
        return "the progress of '\(name)' is not reported"
      }
      let found = field == "current" ? progress.current : progress.target
      return matches(expected, found)
        ? nil : "\(name) progress \(field): expected \(show(expected)), found \(found.literal)"
    case .milestonesNew(let ids):
      return compare("milestones reached since the last check", ids, evaluation.milestones.new, list)
    case .nextDate(let day):
      guard let next = evaluation.milestones.next else {
        return "the next milestone's date: expected \(day), found no next milestone"
      }
      return compare("the next milestone's date", day, next.date) { $0?.description ?? "null" }
    case .nextBadge(let id):
      return compare("next badge", id, evaluation.badges.next?.id, optional)
    case .waiting(let ids):
      return compare("badges waiting", ids, evaluation.badges.locked.filter(\.waiting).map(\.id), list)
    case .requires(let id, let ids):
      guard let badge = evaluation.badges.locked.first(where: { $0.id == id }) else {
        return "\(id): expected locked, found unlocked on \(unlocked[id]?.description ?? "?")"
      }
      return compare("\(id)'s prerequisites still locked", ids, badge.requires ?? [], list)
    case .messageField(let key, let value):
      guard let message = evaluation.message else { return "message \(key): expected a message, found none" }
      let found: String? =
        switch key {
        case "title": message.title
        case "action": message.action
        case "icon": message.icon
        default: message.color
        }
      return compare("message \(key)", value, found) { $0.map { "\"\($0)\"" } ?? "null" }
    case .quote(let id):
      return compare("quote", id, evaluation.quote?.id, optional)
    case .message(let id):
      return compare("message", id, evaluation.message?.id, optional)
    case .messageText(let text):
      guard let message = evaluation.message else { return "message text: expected \"\(text)\", found no message" }
      return compare("message text", text, message.text) { "\"\($0)\"" }
    }
  }

  /// A YAML scalar against a computed value: numbers by value (3 matches 3.0), booleans,
  /// and text against strings and enum values.
  static func matches(_ expected: ScalarValue, _ found: Value) -> Bool {
    switch (expected, found) {
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.int(let a), .number(let b)): abs(Double(a) - b) <= 1e-9 * max(1, abs(b))
    case (.float(let a), .number(let b)): abs(a - b) <= 1e-9 * max(1, abs(b))
    case (.float(let a), .int(let b)): abs(a - Double(b)) <= 1e-9 * max(1, abs(a))
    case (.string(let a), .string), (.string(let a), .member): a == found.description
    default: false
    }
  }

  static func show(_ value: ScalarValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .int(let value): "\(value)"
    case .float(let value): NumberFormat.short(value)
    case .string(let value): "\"\(value)\""
    }
  }

  static func list(_ ids: [String]) -> String { "[" + ids.joined(separator: ", ") + "]" }
  static func optional(_ id: String?) -> String { id ?? "null" }
}

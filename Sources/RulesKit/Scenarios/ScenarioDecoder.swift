import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

/// Reads a scenario file's node tree against the catalog it tests, reporting every problem
/// with its place: unknown keys, streaks, metrics, badges, milestones, quotes or messages the
/// catalog does not have, histories that do not fit its inputs, and dates the scenario's
/// history does not cover.
package struct ScenarioDecoder {
  let file: String
  let catalog: ValidatedCatalog
  private(set) var diagnostics: [Diagnostic] = []

  /// The `catalog` the file names, with its place, before anything else is decoded.
  package static func catalogReference(in root: Node?) -> (path: String, mark: Mark)? {
    guard let node = root?["catalog"], let text = node.text, node.tag != .null else { return nil }
    return (text, node.mark)
  }

  /// Checks the file's keys alone (when its catalog cannot be loaded).
  package static func validateShape(_ root: Node?, file: String) -> [Diagnostic] {
    guard let root else { return [Self.empty(file)] }
    var validator = ShapeValidator(file: file)
    validator.validate(root, .object(ScenarioSchema.file), what: "scenario file")
    return validator.diagnostics
  }

  /// Decodes `root`; the file is nil when any error was found.
  package static func decode(_ root: Node?, file: String, catalogPath: String, catalog: ValidatedCatalog)
    -> (ScenarioFile?, [Diagnostic])
  {
    guard let root else { return (nil, [Self.empty(file)]) }
    var decoder = ScenarioDecoder(file: file, catalog: catalog)
    decoder.diagnostics = validateShape(root, file: file)
    let scenarios = (root["scenarios"]?.items ?? []).compactMap { decoder.scenario($0) }
    let result = ScenarioFile(path: file, catalogPath: catalogPath, scenarios: scenarios)
    return (decoder.diagnostics.hasErrors ? nil : result, decoder.diagnostics)
  }

  private static func empty(_ file: String) -> Diagnostic {
    Diagnostic(
      file: file, mark: .start, id: .notACatalog,
      message: "the scenario file is empty; it needs 'catalog' and 'scenarios'")
  }

  private mutating func scenario(_ node: Node) -> Scenario? {
    guard node.pairs != nil, let name = node["name"]?.text, let historyNode = node["history"] else {
      return nil
    }
    let (decoded, problems) = HistoryDecoder.decode(
      historyNode, file: file, inputs: catalog.inputs, streaks: (catalog.streaks.map(\.streak), catalog.catalog.id))
    diagnostics += problems
    var span: ClosedRange<Int>?
    if let history = decoded {
      span = self.span(of: history, through: node["through"], scenario: node)
      if let firstCheck = node["first_check"], let day = date(firstCheck, what: "'first_check'"), let range = span {
        if !range.contains(day.number) {
          report(
            firstCheck.mark, .badScenario,
            "'first_check' \(day) is outside the history (\(CalendarDay(number: range.lowerBound)) to \(CalendarDay(number: range.upperBound)))"
          )
        }
        span = max(range.lowerBound, min(day.number, range.upperBound))...range.upperBound
      }
    }
    var checkDays: [CalendarDay]?
    if let list = node["checks"] {
      checkDays = []
      for item in list.items ?? [] {
        guard let day = date(item, what: "a check's date") else { continue }
        if let range = span, !range.contains(day.number) {
          report(
            item.mark, .badScenario,
            "the check \(day) is outside the history (\(CalendarDay(number: range.lowerBound)) to \(CalendarDay(number: range.upperBound)))"
          )
        } else if let previous = checkDays?.last, day <= previous {
          report(item.mark, .badScenario, "the check \(day) is not after \(previous); list checks in date order")
        }
        checkDays?.append(day)
      }
      if let first = checkDays?.first, let range = span { span = first.number...range.upperBound }
    }
    var expectations: [Expectation] = []
    for item in node["expect"]?.items ?? [] {
      if let expectation = expectation(item, span: span) {
        if let checkDays, !checkDays.contains(expectation.date), let dateNode = item["date"] {
          report(
            dateNode.mark, .badScenario,
            "\(expectation.date) is not one of the scenario's 'checks'; the app does not check that day")
        }
        expectations.append(expectation)
      }
    }
    guard let history = decoded, let span else { return nil }
    return Scenario(
      name: name, origin: Origin(file: file, mark: node.mark), history: history,
      firstCheck: CalendarDay(number: span.lowerBound), checkDays: checkDays, locale: node["locale"]?.text,
      expectations: expectations)
  }

  /// The days a scenario's checks may look at: from the history's first day to its last
  /// record, or to `through`.
  private mutating func span(of history: History, through: Node?, scenario: Node) -> ClosedRange<Int>? {
    let firstDays = [history.start?.number, history.records.first?.date.number].compactMap { $0 }
    guard let first = firstDays.min() else {
      report(scenario.mark, .badScenario, "the scenario's history has neither a 'start' nor any days")
      return nil
    }
    var last = history.records.last?.date.number ?? first
    if let through {
      guard let day = date(through, what: "'through'") else { return nil }
      if day.number < last {
        report(
          through.mark, .badScenario,
          "'through' \(day) is before the history's last record (\(CalendarDay(number: last)))")
      }
      last = max(last, day.number)
    }
    return first...last
  }

  private mutating func expectation(_ node: Node, span: ClosedRange<Int>?) -> Expectation? {
    guard node.pairs != nil, let dateNode = node["date"], let date = date(dateNode, what: "'date'") else {
      return nil
    }
    if let span, !span.contains(date.number) {
      let first = CalendarDay(number: span.lowerBound)
      let last = CalendarDay(number: span.upperBound)
      report(
        dateNode.mark, .badScenario,
        date.number < span.lowerBound
          ? "\(date) is before the first check (\(first))"
          : "\(date) is after the history's last day (\(last)); add records up to it or set 'through'")
    }
    var checks: [Expectation.Check] = []
    func add(_ subject: Expectation.Subject, _ at: Node) {
      checks.append(Expectation.Check(what: subject, mark: at.mark))
    }
    for pair in node["streaks"]?.pairs ?? [] {
      guard let name = pair.key.text, known(name, pair.key, catalog.streaks.map(\.streak.name), "streak")
      else { continue }
      if case .int(let value)? = pair.value.scalar {
        add(.streak(name: name, field: .current, value: value), pair.value)
      }
      for field in StreakField.allCases {
        if let value = pair.value[field.rawValue], case .int(let number)? = value.scalar {
          add(.streak(name: name, field: field, value: number), value)
        }
      }
      if let value = pair.value["new_protected"] {
        var days: [CalendarDay] = []
        for item in value.items ?? [] {
          if let day = self.date(item, what: "'new_protected'") { days.append(day) }
        }
        if days.count == value.items?.count { add(.streakDates(name: name, value: days), value) }
      }
      if let value = pair.value["period"], let text = value.text, value.tag != .null {
        add(.streakPeriod(name: name, value: text), value)
      }
      for field in ["period_count", "goal"] {
        if let value = pair.value[field], case .int(let number)? = value.scalar {
          add(.streakPeriodNumber(name: name, field: field, value: number), value)
        }
      }
      for field in ["start", "last_protected"] {
        guard let value = pair.value[field] else { continue }
        if value.tag == .null {
          add(.streakDate(name: name, field: field, value: nil), value)
        } else if let day = self.date(value, what: "'\(field)'") {
          add(.streakDate(name: name, field: field, value: day), value)
        }
      }
    }
    for pair in node["metrics"]?.pairs ?? [] {
      guard let name = pair.key.text, known(name, pair.key, catalog.catalog.metrics.map(\.name), "metric"),
        let value = pair.value.scalar
      else { continue }
      add(.metric(name: name, value: value), pair.value)
    }
    for item in node["leaderboards"]?.items ?? [] {
      guard let idNode = item["id"], let id = idNode.text,
        known(id, idNode, catalog.catalog.leaderboards.map(\.id), "leaderboard")
      else { continue }
      add(.leaderboard(id: id, period: item["period"]?.text, value: item["value"]?.scalar), item)
    }
    for pair in node["progress"]?.pairs ?? [] {
      let withProgress = catalog.catalog.metrics.filter { $0.progress != nil }.map(\.name)
      guard let name = pair.key.text, known(name, pair.key, withProgress, "metric with a progress") else { continue }
      for field in ["current", "target"] {
        if let value = pair.value[field], let scalar = value.scalar {
          add(.metricProgress(name: name, field: field, value: scalar), value)
        }
      }
    }
    let badges = catalog.catalog.badges.map(\.id)
    for item in node["unlocked"]?.items ?? [] {
      let idNode = item.pairs == nil ? item : item["id"]
      guard let idNode, let id = idNode.text, known(id, idNode, badges, "badge") else { continue }
      var day: CalendarDay?
      if let dateNode = item["date"] {
        guard let parsed = self.date(dateNode, what: "the unlock's 'date'") else { continue }
        day = parsed
      }
      add(.unlocked(id: id, date: day), item)
    }
    if let list = node["new"], let items = list.items {
      let ids = items.compactMap { item in item.text.flatMap { known($0, item, badges, "badge") ? $0 : nil } }
      if ids.count == items.count { add(.new(ids), list) }
    }
    for item in node["locked"]?.items ?? [] {
      if let id = item.text, known(id, item, badges, "badge") { add(.locked(id: id), item) }
    }
    for item in node["badge_fields"]?.items ?? [] {
      guard let idNode = item["id"], let id = idNode.text, known(id, idNode, badges, "badge") else { continue }
      for field in item.pairs ?? [] where field.key.text != "id" {
        if let key = field.key.text, let scalar = field.value.scalar {
          add(.badgeField(id: id, key: key, value: scalar), field.value)
        }
      }
    }
    if let next = node["next_badge"], let id = optionalID(next, badges, "badge") {
      add(.nextBadge(id), next)
    }
    if let list = node["waiting"], let items = list.items {
      let ids = items.compactMap { item in item.text.flatMap { known($0, item, badges, "badge") ? $0 : nil } }
      if ids.count == items.count { add(.waiting(ids), list) }
    }
    for item in node["requires"]?.items ?? [] {
      guard let idNode = item["id"], let id = idNode.text, known(id, idNode, badges, "badge"),
        let list = item["locked"], let items = list.items
      else { continue }
      let requiring = catalog.catalog.badges.filter { !$0.requires.isEmpty }.map(\.id)
      guard known(id, idNode, requiring, "badge with 'requires'") else { continue }
      let ids = items.compactMap { item in item.text.flatMap { known($0, item, badges, "badge") ? $0 : nil } }
      if ids.count == items.count { add(.requires(id: id, locked: ids), list) }
    }
    if let milestones = node["milestones"] { self.milestones(milestones, add) }
    if let quote = node["quote"] {
      if let id = optionalID(quote, catalog.catalog.quotes?.quotes.map(\.id) ?? [], "quote") {
        add(.quote(id), quote)
      }
    }
    if let message = node["message"] {
      if let id = optionalID(message, catalog.catalog.messages.map(\.id), "message") {
        add(.message(id), message)
      }
    }
    if let text = node["message_text"], let value = text.text, text.tag != .null {
      add(.messageText(value), text)
    }
    for pair in node["message_fields"]?.pairs ?? [] {
      guard let key = pair.key.text else { continue }
      add(.messageField(key: key, value: pair.value.tag == .null ? nil : pair.value.text), pair.value)
    }
    if node.pairs?.count == 1 {
      report(node.mark, .badScenario, "the expectation for \(date) checks nothing")
    }
    return Expectation(date: date, checks: checks)
  }

  private mutating func milestones(_ node: Node, _ add: (Expectation.Subject, Node) -> Void) {
    let ids = catalog.catalog.milestones?.milestones.map(\.id) ?? []
    if catalog.catalog.milestones == nil {
      report(node.mark, .badScenario, "the catalog has no milestones")
      return
    }
    if let list = node["reached"], let items = list.items {
      let reached = items.compactMap { item in item.text.flatMap { known($0, item, ids, "milestone") ? $0 : nil } }
      if reached.count == items.count { add(.reached(reached), list) }
    }
    if let today = node["today"], let id = optionalID(today, ids, "milestone") {
      add(.milestoneToday(id), today)
    }
    if let next = node["next"], let id = optionalID(next, ids, "milestone") {
      add(.milestoneNext(id), next)
    }
    if let days = node["days_until"], case .int(let value)? = days.scalar {
      add(.daysUntil(value), days)
    }
    if let list = node["new"], let items = list.items {
      let reached = items.compactMap { item in item.text.flatMap { known($0, item, ids, "milestone") ? $0 : nil } }
      if reached.count == items.count { add(.milestonesNew(reached), list) }
    }
    if let dateNode = node["next_date"], let day = date(dateNode, what: "'next_date'") {
      add(.nextDate(day), dateNode)
    }
  }

  /// An id, or null; nil after reporting an unknown id or a value that is neither.
  private mutating func optionalID(_ node: Node, _ ids: [String], _ what: String) -> String?? {
    if node.tag == .null { return .some(nil) }
    guard let text = node.text, node.items == nil, node.pairs == nil else {
      report(node.mark, .wrongType, "the expected \(what) must be an id or null; found \(node.kindDescription)")
      return nil
    }
    return known(text, node, ids, what) ? .some(text) : nil
  }

  /// Whether `id` is among `ids`; reports it with a suggestion when not.
  private mutating func known(_ id: String, _ node: Node, _ ids: [String], _ what: String) -> Bool {
    if ids.contains(id) { return true }
    let hint =
      Suggestion.closest(to: id, in: ids).map { "; did you mean '\($0)'?" }
      ?? (ids.isEmpty
        ? "; it has none"
        : ids.count <= 12 ? "; it has " + ids.joined(separator: ", ") : "")
    report(node.mark, .badScenario, "the catalog has no \(what) '\(id)'\(hint)")
    return false
  }

  private mutating func date(_ node: Node, what: String) -> CalendarDay? {
    guard let text = node.text, node.tag != .null, node.items == nil, node.pairs == nil else { return nil }
    if let problem = CalendarDay.problem(with: text) {
      report(node.mark, .badDate, "\(what): \(problem)")
      return nil
    }
    return try? CalendarDay(text)
  }

  private mutating func report(_ mark: Mark, _ id: DiagnosticID, _ message: String) {
    diagnostics.append(Diagnostic(file: file, mark: mark, id: id, message: message))
  }
}

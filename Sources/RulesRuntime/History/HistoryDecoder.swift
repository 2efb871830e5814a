import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// An empty history file, or one that has none of a history's keys.
  @_spi(Tooling) public static let notAHistory: DiagnosticID = "not-a-history"
}

/// Reads a history file's node tree against a catalog's inputs, reporting every problem
/// with its line: unknown inputs, values of the wrong type, enum values not in `values`,
/// values out of `min`/`max`, malformed, impossible, repeated and unordered dates.
@_spi(Tooling) public struct HistoryDecoder {
  let file: String
  let inputs: [Input]
  /// The catalog's streaks and id, when known: the streaks a grant or restore names are
  /// checked against them (else by the engine, without a line).
  var streaks: (list: [Streak], catalog: String)?
  private(set) var diagnostics: [Diagnostic] = []

  /// One time zone change of a history.
  @_spi(Tooling) public static let zoneChangeSchema = ObjectSchema(
    "time zone change", "A moment the user's zone changed.",
    keys: [
      KeySchema(
        "at", .text, required: true,
        "The moment, ISO 8601 with its zone: 2026-03-10T09:30:00Z or 2026-03-10T22:30:00+13:00."),
      KeySchema("timezone", .text, required: true, "The IANA zone from then on, e.g. America/Los_Angeles."),
    ])

  /// One pause of a history.
  @_spi(Tooling) public static let pauseSchema = ObjectSchema(
    "pause", "Days the user paused their streaks.",
    keys: [
      KeySchema("from", .text, required: true, "The first paused day, YYYY-MM-DD."),
      KeySchema("to", .text, required: true, "The last paused day, YYYY-MM-DD (the same as from for one day)."),
    ])

  /// One freeze grant of a history.
  @_spi(Tooling) public static let freezeGrantSchema = ObjectSchema(
    "freeze grant", "Freezes support gave a streak.",
    keys: [
      KeySchema("streak", .name, required: true, "The streak's name (a consecutive streak of the catalog)."),
      KeySchema("count", .integer(min: 1, max: FreezeGrant.maxCount), required: true, "How many freezes."),
      KeySchema("date", .text, required: true, "The day they are there from, YYYY-MM-DD (before it counts)."),
      KeySchema("reason", .text, "Why they were given (optional)."),
    ])

  /// One restore of a history.
  @_spi(Tooling) public static let restoreSchema = ObjectSchema(
    "restore", "Days of a streak support made count as covered.",
    keys: [
      KeySchema("streak", .name, required: true, "The streak's name (a consecutive streak of the catalog)."),
      KeySchema("from", .text, required: true, "The first covered day, YYYY-MM-DD."),
      KeySchema("through", .text, required: true, "The last covered day, YYYY-MM-DD."),
      KeySchema("reason", .text, "Why (optional)."),
    ])

  /// A repair written out (`{date, made, streaks}`).
  static let repairSchema = ObjectSchema(
    "repair", "A day that broke a streak, repaired by the user.",
    keys: [
      KeySchema("date", .text, required: true, "The day that broke the streak, YYYY-MM-DD."),
      KeySchema("made", .text, "The day the user made the repair, YYYY-MM-DD (optional): after `date`."),
      KeySchema(
        "streaks", .list(.name),
        "The streaks it repairs (optional; default every streak with `repairs` that the day broke)."),
    ])

  /// A history file's keys.
  @_spi(Tooling) public static let schema = ObjectSchema(
    "history", "A user's history: the days the app recorded.",
    keys: [
      KeySchema("user", .text, "The user's id (optional)."),
      KeySchema("start", .text, "The journey's start, YYYY-MM-DD (optional)."),
      KeySchema(
        "timezone", .text,
        "An IANA time zone, e.g. Europe/Berlin (optional): the user's zone, before the first of timezone_changes."),
      KeySchema(
        "timezone_changes", .list(.object(zoneChangeSchema)),
        "The moments the user's zone changed, in time order (optional): \"today\" is in the latest zone, and a date a change jumped over (west across the date line) neither breaks nor extends a streak."
      ),
      KeySchema(
        "calendar", .text,
        "The user's calendar (optional, default gregorian): gregorian, islamic-umalqura, persian... The quote rotation's day of the year follows it."
      ),
      KeySchema(
        "day_starts_at", .timeOfDay,
        "When the user's own day changes, HH:MM from 00:00 to 12:00 (optional; default the catalog's day_starts_at): it decides \"today\" when no date is given."
      ),
      KeySchema(
        "pauses", .list(.object(pauseSchema)),
        "The days the user paused their streaks (optional), none overlapping: a streak with `pausable: true` neither extends nor breaks on them."
      ),
      KeySchema(
        "freeze_grants", .list(.object(freezeGrantSchema)),
        "Freezes support gave the user's streaks (optional): each adds `count` freezes to the streak at the start of `date`."
      ),
      KeySchema(
        "restores", .list(.object(restoreSchema)),
        "Days of a streak support made count as covered (optional): the streak does not break on them."),
      KeySchema(
        "repairs", .list(.oneOf([.text, .object(repairSchema)])),
        "The repairs the user made (optional): each a date, or `{date, made, streaks}`; the day counts as covered for each streak with `repairs` that it broke."
      ),
      KeySchema("days", .list(.anything), "The records, one per date, in date order."),
    ])

  /// Decodes `root` read from `file`; the history is nil when any error was found.
  @_spi(Tooling) public static func decode(_ root: Node?, file: String, inputs: [Input]) -> (History?, [Diagnostic]) {
    decode(root, file: file, inputs: inputs, streaks: nil)
  }

  /// `decode`, checking the streaks grants and restores name against the catalog's.
  package static func decode(
    _ root: Node?, file: String, inputs: [Input], streaks: (list: [Streak], catalog: String)?
  ) -> (History?, [Diagnostic]) {
    var decoder = HistoryDecoder(file: file, inputs: inputs, streaks: streaks)
    let history = decoder.decode(root)
    return (decoder.diagnostics.hasErrors ? nil : history, decoder.diagnostics)
  }

  private mutating func decode(_ root: Node?) -> History {
    var history = History(file: file)
    guard let root, root.tag != .null else {
      report(.start, .notAHistory, "the history is empty; it needs 'days', a list of records")
      return history
    }
    // A file that is no history at all (a config, a password file) gets one error, not one
    // per line echoing its content as unknown keys.
    if let pairs = root.pairs, !pairs.isEmpty,
      !pairs.contains(where: { pair in Self.schema.keys.contains { $0.name == pair.key.text } })
    {
      report(
        root.mark, .notAHistory,
        "this is not a history file: it has none of the keys "
          + Self.schema.keys.map(\.name).joined(separator: ", "))
      return history
    }
    var validator = ShapeValidator(file: file)
    validator.validate(root, .object(Self.schema), what: "history")
    diagnostics += validator.diagnostics
    guard root.pairs != nil else { return history }

    if let user = root["user"], let text = user.text, user.tag != .null { history.user = text }
    if let start = root["start"], let text = start.text, start.tag != .null {
      history.start = day(text, at: start.mark, what: "'start'")
    }
    if let zone = root["timezone"], let text = zone.text, zone.tag != .null {
      if let timeZone = TimeZone(identifier: text) {
        history.timeZone = timeZone
      } else {
        report(zone.mark, .badValue, TimeZoneChange.unknownZoneMessage(text))
      }
    }
    if let node = root["calendar"], let text = node.text, node.tag != .null {
      if let calendar = try? UserCalendar(named: text) {
        history.calendar = calendar
      } else {
        report(node.mark, .badValue, UserCalendar.unknownMessage(text))
      }
    }
    // A wrong value is reported by the shape's validation.
    if let node = root["day_starts_at"], let text = node.text, node.tag != .null {
      history.dayStartsAt = DayStart(text)
    }
    history.timeZoneChanges = zoneChanges(root["timezone_changes"])
    history.pauses = pauses(root["pauses"])
    history.freezeGrants = freezeGrants(root["freeze_grants"])
    history.restores = restores(root["restores"])
    history.repairs = repairs(root["repairs"])
    var seen: [CalendarDay: Mark] = [:]
    var latest: (day: CalendarDay, mark: Mark)?
    for item in root["days"]?.items ?? [] {
      // The date is checked even when a value is wrong, so every problem shows at once.
      let (date, record) = decodeRecord(item)
      guard let date else { continue }
      if let first = seen[date] {
        report(
          item["date"]?.mark ?? item.mark, .badDate,
          "\(date) is recorded twice (first at line \(first.line)); keep one record per day")
        continue
      }
      if let latest, date < latest.day {
        report(
          item["date"]?.mark ?? item.mark, .badDate,
          "\(date) comes after \(latest.day) (line \(latest.mark.line)); list days in date order")
      }
      seen[date] = item.mark
      latest = (date, item.mark)
      if let record { history.records.append(record) }
    }
    history.records.sort { $0.date < $1.date }
    return history
  }

  /// The time zone changes, each checked (a moment with its zone designator, an IANA zone)
  /// and in time order; a change with an error is left out.
  private mutating func zoneChanges(_ node: Node?) -> [TimeZoneChange] {
    var changes: [(change: TimeZoneChange, mark: Mark)] = []
    // The shape (a mapping, its keys) is checked with the history's schema.
    for item in node?.items ?? [] where item.pairs != nil {
      var moment: Date?
      if let at = item["at"], at.tag != .null, let text = at.text {
        moment = TimeZoneChange.moment(text)
        if moment == nil {
          report(
            at.mark, .badValue,
            "'at' must be a moment with its zone, ISO 8601, e.g. 2026-03-10T09:30:00Z or 2026-03-10T22:30:00+13:00; found '\(text)'"
          )
        }
      }
      var zone: TimeZone?
      if let node = item["timezone"], node.tag != .null, let text = node.text {
        zone = TimeZone(identifier: text)
        if zone == nil { report(node.mark, .badValue, TimeZoneChange.unknownZoneMessage(text)) }
      }
      guard let moment, let zone else { continue }
      if let last = changes.last, moment <= last.change.at {
        report(
          item["at"]?.mark ?? item.mark, .badDate,
          "\(TimeZoneChange.text(moment)) does not come after the change at line \(last.mark.line) (\(TimeZoneChange.text(last.change.at))); list time zone changes in time order"
        )
        continue
      }
      changes.append((TimeZoneChange(at: moment, zone: zone), item.mark))
    }
    return changes.map(\.change)
  }

  /// A day's date (nil when missing or malformed) and its record (nil when any value is
  /// wrong).
  private mutating func decodeRecord(_ node: Node) -> (CalendarDay?, EncodedRecord?) {
    guard let pairs = node.pairs else {
      report(
        node.mark, .wrongType, "each day must be a mapping like {date: 2026-01-01, ...}; found \(node.kindDescription)")
      return (nil, nil)
    }
    guard let dateNode = node["date"] else {
      report(node.mark, .missingKey, "this day has no 'date'")
      return (nil, nil)
    }
    guard let dateText = dateNode.text, dateNode.tag != .null,
      let date = day(dateText, at: dateNode.mark, what: "'date'")
    else {
      if dateNode.text == nil || dateNode.tag == .null {
        report(dateNode.mark, .badDate, "'date' must be a date, YYYY-MM-DD")
      }
      return (nil, nil)
    }
    var values = inputs.map { $0.encode($0.defaultValue) }
    // The inputs the day names with a value (`null` names none), for the streaks whose day is
    // final once reported: known for every history, in ascending order.
    var named: [Int] = []
    var valid = true
    for pair in pairs {
      guard let key = pair.key.text, key != "date" else { continue }
      guard let index = inputs.firstIndex(where: { $0.name == key }) else {
        report(pair.key.mark, .unknownInput, Input.unknownMessage(key, in: inputs.map(\.name)))
        valid = false
        continue
      }
      guard let value = value(pair.value, for: inputs[index]) else {
        valid = false
        continue
      }
      values[index] = inputs[index].encode(value)
      if pair.value.tag != .null { named.append(index) }
    }
    named.sort()
    return (
      date, valid ? EncodedRecord(date: date, values: values, reported: named, line: node.mark.line) : nil
    )
  }

  private mutating func value(_ node: Node, for input: Input) -> Value? {
    if case .number = input.kind, case .float(let number)? = node.scalar, !number.isFinite {
      report(node.mark, .badValue, "\(input.name) must be a finite number; found \(node.nonFiniteDescription)")
      return nil
    }
    let literal: DayRecord.Value? =
      switch node.scalar {
      case .bool(let flag)?: .bool(flag)
      case .int(let number)?: .int(number)
      case .float(let number)?: .number(number)
      case .string(let text)?: .string(text)
      default: nil
      }
    do {
      return try input.value(of: literal, found: Self.found(node, for: input))
    } catch {
      report(node.mark, error.id, error.message)
      return nil
    }
  }

  /// What a node of the wrong kind is, for messages: "a string ('yes'); YAML 1.2 booleans are
  /// true and false".
  private static func found(_ node: Node, for input: Input) -> String {
    var found = node.tag == .null ? "nothing" : node.kindDescription
    if let text = node.text, node.tag == .str { found += " ('\(text)')" }
    if case .bool = input.kind, node.tag == .str { found += "; YAML 1.2 booleans are true and false" }
    return found
  }

  /// The pauses, each checked (real dates, `to` not before `from`, none sharing a day), in
  /// date order; a pause with an error is left out.
  private mutating func pauses(_ node: Node?) -> [Pause] {
    var read: [(pause: Pause, mark: Mark)] = []
    // The shape (a mapping, its keys) is checked with the history's schema.
    for item in node?.items ?? [] where item.pairs != nil {
      var ends: [CalendarDay?] = []
      for key in ["from", "to"] {
        guard let end = item[key], end.tag != .null, let text = end.text else {
          ends.append(nil)
          continue
        }
        ends.append(day(text, at: end.mark, what: "the pause's '\(key)'"))
      }
      guard let from = ends[0], let to = ends[1] else { continue }
      read.append((Pause(from: from, to: to), item.mark))
    }
    let pauses = read.map(\.pause)
    if let problem = Pause.problem(pauses, at: { "the pause at line \(read[$0].mark.line)" }) {
      // The message names both lines; it is reported at the first pause it names.
      let line = read.first { problem.hasPrefix("the pause at line \($0.mark.line) ") }?.mark ?? read[0].mark
      report(line, .badValue, problem)
      return []
    }
    return pauses.sorted()
  }

  /// The freeze grants whose dates read, in date order (the shape, the streak's name and the
  /// count are checked with the history's schema; the catalog's streaks by the engine).
  private mutating func freezeGrants(_ node: Node?) -> [FreezeGrant] {
    var grants: [FreezeGrant] = []
    for item in node?.items ?? [] where item.pairs != nil {
      guard let streak = item["streak"]?.text, let count = item["count"]?.text.flatMap({ Int($0) }),
        let date = item["date"], date.tag != .null, let text = date.text,
        let day = day(text, at: date.mark, what: "the freeze grant's 'date'")
      else { continue }
      guard known(streak, at: item["streak"]!.mark) else { continue }
      grants.append(FreezeGrant(streak: streak, count: count, date: day, reason: item["reason"]?.text ?? ""))
    }
    return grants.sorted { $0.date < $1.date }
  }

  /// The restores whose dates read, each with `through` not before `from`.
  private mutating func restores(_ node: Node?) -> [StreakRestore] {
    var restores: [StreakRestore] = []
    for item in node?.items ?? [] where item.pairs != nil {
      var ends: [CalendarDay?] = []
      for key in ["from", "through"] {
        guard let end = item[key], end.tag != .null, let text = end.text else {
          ends.append(nil)
          continue
        }
        ends.append(day(text, at: end.mark, what: "the restore's '\(key)'"))
      }
      guard let streak = item["streak"]?.text, let from = ends[0], let through = ends[1],
        known(streak, at: item["streak"]!.mark, restoring: true)
      else { continue }
      guard from <= through else {
        report(
          item["through"]?.mark ?? item.mark, .badValue,
          "the restore's 'through' (\(through)) is before its 'from' (\(from)); 'through' is the last covered day")
        continue
      }
      restores.append(StreakRestore(streak: streak, from: from, through: through, reason: item["reason"]?.text ?? ""))
    }
    return restores
  }

  /// The repairs whose dates read, in date order: each a date, or `{date, made, streaks}` with
  /// `made` after `date` and each streak one that takes repairs; a date repaired twice, or a
  /// catalog without a streak that takes repairs, is reported at its line.
  private mutating func repairs(_ node: Node?) -> [Repair] {
    var repairs: [Repair] = []
    var seen: [CalendarDay: Mark] = [:]
    for item in node?.items ?? [] {
      let dateNode = item.pairs == nil ? item : item["date"]
      guard let dateNode, dateNode.tag != .null, let text = dateNode.text,
        let date = day(text, at: dateNode.mark, what: "the repair's 'date'")
      else { continue }
      var repair = Repair(date: date)
      if let made = item["made"], made.tag != .null, let text = made.text {
        guard let day = day(text, at: made.mark, what: "the repair's 'made'") else { continue }
        guard day > date else {
          report(
            made.mark, .badValue,
            "the repair of \(date) is 'made' on \(day); a repair is made after the day it repairs (that day cannot have broken anything yet)"
          )
          continue
        }
        repair.made = day
      }
      if let list = item["streaks"]?.items {
        var names: [String] = []
        for name in list {
          guard let text = name.text else { continue }
          guard repairable(text, at: name.mark) else { continue }
          names.append(text)
        }
        repair.streaks = names
      } else if let streaks, !streaks.list.contains(where: { $0.repairs != nil }) {
        report(
          dateNode.mark, .badValue,
          "the catalog '\(streaks.catalog)' has no streak that takes repairs (a consecutive streak with 'repairs')")
        continue
      }
      if let first = seen[date] {
        report(dateNode.mark, .badDate, "\(date) is repaired twice (first at line \(first.line)); repair a day once")
        continue
      }
      seen[date] = dateNode.mark
      repairs.append(repair)
    }
    return repairs.sorted { $0.date < $1.date }
  }

  /// Whether `streak` is a streak of the catalog that takes repairs (true when the streaks are
  /// not known); else reports it at `mark`.
  private mutating func repairable(_ streak: String, at mark: Mark) -> Bool {
    guard let streaks else { return true }
    if let problem = FreezeGrant.streakProblem(
      streak, streaks: streaks.list, catalog: streaks.catalog, restoring: true)
    {
      report(mark, .badValue, problem)
      return false
    }
    guard streaks.list.first(where: { $0.name == streak })?.repairs != nil else {
      let takers = streaks.list.filter { $0.repairs != nil }.map(\.name)
      report(
        mark, .badValue,
        "the streak '\(streak)' takes no repairs (it has no 'repairs'); "
          + (takers.isEmpty
            ? "no streak of the catalog does" : "the streaks that do: \(takers.joined(separator: ", "))"))
      return false
    }
    return true
  }

  /// Whether `streak` is one of the catalog's consecutive streaks (true when they are not
  /// known); else reports it at `mark`.
  private mutating func known(_ streak: String, at mark: Mark, restoring: Bool = false) -> Bool {
    guard let streaks,
      let problem = FreezeGrant.streakProblem(
        streak, streaks: streaks.list, catalog: streaks.catalog, restoring: restoring)
    else { return true }
    report(mark, .badValue, problem)
    return false
  }

  private mutating func day(_ text: String, at mark: Mark, what: String) -> CalendarDay? {
    if let problem = CalendarDay.problem(with: text) {
      report(mark, .badDate, "\(what): \(problem)")
      return nil
    }
    return try? CalendarDay(text)
  }

  private mutating func report(_ mark: Mark, _ id: DiagnosticID, _ message: String) {
    diagnostics.append(Diagnostic(file: file, mark: mark, id: id, message: message))
  }
}

import Foundation
import RulesEngine
import RulesSource

/// Reads a history file's node tree against a catalog's inputs, reporting every problem
/// with its line: unknown inputs, values of the wrong type, enum values not in `values`,
/// values out of `min`/`max`, malformed, impossible, repeated and unordered dates.
public struct HistoryDecoder {
  let file: String
  let inputs: [Input]
  private(set) var diagnostics: [Diagnostic] = []

  public static let schema = ObjectSchema(
    "history", "A user's history: the days the app recorded.",
    keys: [
      KeySchema("user", .text, "The user's id (optional)."),
      KeySchema("start", .text, "The journey's start, YYYY-MM-DD (optional)."),
      KeySchema("timezone", .text, "An IANA time zone, e.g. Europe/Berlin (optional)."),
      KeySchema("days", .list(.anything), "The records, one per date, in date order."),
    ])

  /// Decodes `root` read from `file`; the history is nil when any error was found.
  public static func decode(_ root: Node?, file: String, inputs: [Input]) -> (History?, [Diagnostic]) {
    var decoder = HistoryDecoder(file: file, inputs: inputs)
    let history = decoder.decode(root)
    return (decoder.diagnostics.hasErrors ? nil : history, decoder.diagnostics)
  }

  private mutating func decode(_ root: Node?) -> History {
    var history = History(file: file)
    guard let root, root.tag != .null else {
      report(.start, .notACatalog, "the history is empty; it needs 'days', a list of records")
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
        report(
          zone.mark, .badValue,
          "'\(text)' is not a time zone; use an IANA name such as Europe/Berlin or America/New_York")
      }
    }
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
    }
    return (date, valid ? EncodedRecord(date: date, values: values, line: node.mark.line) : nil)
  }

  private mutating func value(_ node: Node, for input: Input) -> Value? {
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

import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// The values the served document names exactly where the generic one gives a looser pattern:
/// the dates that exist (no 2026-02-30) and the calendars the server knows. Only exact ones: a
/// narrower schema would be as wrong as a looser one (schemathesis checks both ways). Time
/// zones, locales and a day's latest date (the user's today) stay patterns and prose.
extension ServedDocument {
  /// A pattern of the valid dates from 1900-01-01 to `last`.
  static func datePattern(through last: CalendarDay) -> String {
    let parts = last.description.split(separator: "-").map { Int($0)! }
    let (year, month, day) = (parts[0], parts[1], parts[2])
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    func days(_ month: Int, _ year: Int) -> Int {
      switch month {
      case 2:
        return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
      case 4, 6, 9, 11: return 30
      default: return 31
      }
    }
    func list(_ values: some Sequence<Int>) -> String { "(" + values.map(two).joined(separator: "|") + ")" }
    var branches: [String] = []
    if year > 1900 {
      let years = "(" + (1900..<year).map(String.init).joined(separator: "|") + ")"
      // Any month's days up to 28, 30 or 31 as the month has them; 29 February in leap years.
      branches.append(years + "-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])")
      branches.append(years + "-(0[13-9]|1[0-2])-(29|30)")
      branches.append(years + "-(0[13578]|1[02])-31")
      let leap = (1900..<year).filter { days(2, $0) == 29 }.map(String.init).joined(separator: "|")
      if !leap.isEmpty { branches.append("(\(leap))-02-29") }
    }
    for m in 1..<month { branches.append("\(year)-\(two(m))-" + list(1...days(m, year))) }
    branches.append("\(year)-\(two(month))-" + list(1...day))
    return "^(" + branches.joined(separator: "|") + ")$"
  }

  /// Every date the server takes, 1900-01-01 to 2199-12-31, and only those.
  static let anyDate: JSONValue = .object([
    ("type", .string("string")), ("format", .string("date")),
    ("pattern", .string(datePattern(through: CalendarDay.parsed("2199-12-31")!))),
    ("description", .string("A day, YYYY-MM-DD, from 1900-01-01 to 2199-12-31.")),
  ])

  /// The served document with the exact values in place of the generic patterns.
  static func exact(_ document: JSONValue) -> JSONValue {
    let calendars = UserCalendar.all.map { JSONValue.string($0.name) }
    func rewrite(_ value: JSONValue, path: [String]) -> JSONValue {
      switch value {
      case .object(let pairs):
        if path == ["components", "schemas", "Date"] { return anyDate }
        if path.last == "calendar", value["type"] != nil {
          return .object([("enum", .array(calendars + [.null]))])
        }
        return .object(pairs.map { ($0.0, rewrite($0.1, path: path + [$0.0])) })
      case .array(let items):
        return .array(items.map { rewrite($0, path: path) })
      default: return value
      }
    }
    return rewrite(document, path: [])
  }
}

import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// The values the served document names exactly where the generic one gives a looser pattern:
/// the dates that exist (no 2026-02-30) and the calendars the server knows. Only exact ones: a
/// narrower schema would be as wrong as a looser one (schemathesis checks both ways). Time
/// zones are IANA's names, locales the grammar the server reads, a day's date to UTC's today
/// (docs/store.md, "The served document" says where exact stops).
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

  /// A locale the server takes (`LocaleChain.canonical`), as a pattern: the language, its
  /// script, region and variants, then extensions and private use, subtags separated by `-`
  /// or `_`; ASCII, so `maxLength` counts its bytes.
  static let localePattern =
    "^[A-Za-z]{2,3}([-_][A-Za-z]{4})?([-_]([A-Za-z]{2}|[0-9]{3}))?([-_]([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*"
    + "([-_][0-9A-WYZa-wyz]([-_][A-Za-z0-9]{2,8})+)*([-_][Xx]([-_][A-Za-z0-9]{1,8})+)?$"

  /// A moment with its zone designator as the server reads one (`TimeZoneChange.moment`): no
  /// fraction of a second, `T` and `Z` in capitals.
  static let momentPattern =
    "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]"
    + "(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"

  /// The time zones the server knows by name (IANA's), for a schema: null too when `nullable`.
  static func zones(nullable: Bool) -> JSONValue {
    let names = TimeZone.knownTimeZoneIdentifiers.sorted().map(JSONValue.string)
    return .object([
      ("enum", .array(names + (nullable ? [.null] : []))),
      (
        "description",
        .string("An IANA time zone (the server also takes offsets such as GMT+05:30, and links such as US/Pacific).")
      ),
    ])
  }

  /// The days a day may be put for (or a user rebuilt as of) whoever the user is: to today in
  /// UTC. A user's own latest day is their today and one day of slack, which is never before
  /// UTC's today (UTC-12 is the farthest zone behind) and at most two days after it.
  static func putDate(now: Date) -> JSONValue {
    let today = CalendarDay(now, in: TimeZone(identifier: "UTC")!)
    return .object([
      ("type", .string("string")), ("format", .string("date")),
      ("pattern", .string(datePattern(through: today))),
      (
        "description",
        .string(
          "A day, YYYY-MM-DD, from 1900-01-01 to today in UTC (\(today)); the user's today and one day of slack are taken too (400 future-date after them)."
        )
      ),
    ])
  }

  /// The dates an experiment's report may be asked for: to today in UTC (the server takes one
  /// day of slack after it, the latest date that is today somewhere; 400 future-date after it).
  static func reportDate(now: Date) -> JSONValue {
    let today = CalendarDay(now, in: TimeZone(identifier: "UTC")!)
    return .object([
      ("type", .string("string")), ("format", .string("date")),
      ("pattern", .string(datePattern(through: today))),
      (
        "description",
        .string(
          "A day, YYYY-MM-DD, from 1900-01-01 to today in UTC (\(today)); one day of slack after it is taken too (400 future-date after it)."
        )
      ),
    ])
  }

  /// The last days a restore may cover whoever the user is: to the day before today in UTC.
  /// A user's today is never before it (UTC-12 is the farthest zone behind, and a day starts
  /// at 12:00 at the latest).
  static func restoreDate(now: Date) -> JSONValue {
    let yesterday = CalendarDay(now, in: TimeZone(identifier: "UTC")!) + -1
    return .object([
      ("type", .string("string")), ("format", .string("date")),
      ("pattern", .string(datePattern(through: yesterday))),
      (
        "description",
        .string(
          "The last day to cover, YYYY-MM-DD, from 1900-01-01 to the day before today in UTC (\(yesterday)); the user's today is taken too (400 future-date after it)."
        )
      ),
    ])
  }

  /// The served document with the exact values in place of the generic patterns.
  static func exact(_ document: JSONValue, now: Date = Date()) -> JSONValue {
    let calendars = UserCalendar.all.map { JSONValue.string($0.name) }
    let putDate = putDate(now: now)
    func rewrite(_ value: JSONValue, path: [String]) -> JSONValue {
      switch value {
      case .object(let pairs):
        if path == ["components", "schemas", "Date"] { return anyDate }
        if path.last == "calendar", value["type"] != nil {
          return .object([("enum", .array(calendars + [.null]))])
        }
        if path == ["components", "parameters", "locale", "schema"] {
          return .object([
            ("type", .string("string")), ("minLength", .int(2)), ("maxLength", .int(LocaleChain.maxLength)),
            ("pattern", .string(localePattern)), ("example", .string("ar")),
          ])
        }
        if path.last == "timezone", value["pattern"] != nil {
          return zones(nullable: value["type"] != .string("string"))
        }
        if path == ["components", "schemas", "TimeZoneChange", "properties", "at"] {
          // No `format: date-time`: the server reads 2026-02-30 as 2026-03-02, as Foundation
          // does, which the format calls no date; the pattern is what the server takes.
          return .object(pairs.filter { $0.0 != "format" } + [("pattern", .string(momentPattern))])
        }
        if path.last == "timezone_changes", path.contains("requestBody"), case .object(var changes) = value,
          let item = value["items"]
        {
          // At most one change: several must be in time order, which a schema cannot say.
          changes.removeAll { $0.0 == "items" }
          return .object(changes + [("prefixItems", .array([item])), ("items", .bool(false))])
        }
        if path.count > 1, path[0] == "paths", path[1].hasSuffix("/days/{date}") || path[1].hasSuffix("/rebuild"),
          value["name"] == .string("date")
        {
          var parameter = pairs
          set(&parameter, "schema", putDate)
          return .object(parameter)
        }
        if path.count > 1, path[0] == "paths", path[1] == "/v1/admin/experiments/{name}",
          value["name"] == .string("date")
        {
          var parameter = pairs
          set(&parameter, "schema", reportDate(now: now))
          return .object(parameter)
        }
        if path.count > 1, path[0] == "paths", path[1].hasSuffix("/restore"), path.last == "through" {
          return restoreDate(now: now)
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

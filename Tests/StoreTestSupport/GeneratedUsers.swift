import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// Generated users of the five catalogs, written as history files (for `rules eval`) and as
/// JSON Lines (for `rules-server import`).
package struct GeneratedUsers: Sendable {
  package struct User: Sendable {
    package var id: String
    package var start: String?
    package var days: [(date: String, values: [(String, String)])]
    /// A traveller's zone before their first change, their changes (moment, zone) and a
    /// calendar other than the Gregorian.
    package var timeZone: String?
    package var changes: [(at: String, zone: String)] = []
    package var calendar: String?
    /// The user's pauses (first and last day), for a catalog with a `pausable` streak.
    package var pauses: [(from: String, to: String)] = []

    /// A user of a test's own making, beside the generated ones.
    package init(id: String, start: String?, days: [(date: String, values: [(String, String)])]) {
      self.id = id
      self.start = start
      self.days = days
    }
  }

  /// Travels: west across the date line (Pago Pago to Kiritimati, 25 hours ahead: 2026-03-11
  /// skipped), east across it (Kiritimati to Honolulu: a date lived twice), and through both DST changes of a spring (Berlin to New York on the day the US
  /// moves its clocks, back to Berlin the night Europe does).
  package static let travels: [(zone: String, changes: [(at: String, zone: String)])] = [
    ("Pacific/Pago_Pago", [("2026-03-11T10:30:00Z", "Pacific/Kiritimati")]),
    ("Pacific/Kiritimati", [("2026-03-12T22:00:00Z", "Pacific/Honolulu")]),
    (
      "Europe/Berlin",
      [("2026-03-08T07:30:00Z", "America/New_York"), ("2026-03-29T00:30:00Z", "Europe/Berlin")]
    ),
  ]

  package var catalog: StoreCatalog
  package var users: [User] = []

  /// `count` users over `span` days ending on `last`; with `everyDay`, a record each day.
  /// With `travellers`, users 1, 2 and 3 of every four travel (`travels`) and every other
  /// user lives by the Umm al-Qura (Hijri) calendar.
  package init(
    catalog: StoreCatalog, count: Int, span: Int, last: CalendarDay, seed: UInt64, everyDay: Bool = false,
    travellers: Bool = false
  ) {
    self.catalog = catalog
    var random = seed
    func next(_ bound: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((random >> 33) % UInt64(bound))
    }
    for number in 0..<count {
      let first = last + (-span + 1 + next(max(1, span / 4)))
      var user = User(id: "\(catalog.id)-user-\(number)", start: nil, days: [])
      if travellers, number % 4 != 0 {
        let travel = Self.travels[number % 4 - 1]
        user.timeZone = travel.zone
        user.changes = travel.changes
      }
      if travellers, number % 2 == 1 { user.calendar = "islamic-umalqura" }
      if !everyDay, next(2) == 0 { user.start = (first + -next(5)).description }
      // Every third user of a catalog with a pausable streak pauses (without drawing from the
      // random numbers, so the other catalogs' users stay as they were).
      if catalog.engine.catalog.catalog.streaks.contains(where: \.pausable), number % 3 == 2 {
        for (from, to) in [(10, 13), (20, 20)].prefix(number % 2 == 0 ? 1 : 2) where first + to <= last {
          user.pauses.append(((first + from).description, (first + to).description))
        }
      }
      var day = first
      while day <= last {
        if everyDay || next(6) != 0 {
          var values: [(String, String)] = []
          for input in catalog.schema.inputs where next(8) != 0 {
            let text: String
            switch input.kind {
            case .bool: text = next(4) == 0 ? "false" : "true"
            case .int:
              let low = Int(input.min ?? 0)
              let high = min(Int(input.max ?? Double(low + 6)), low + 6)
              text = String(low + next(high - low + 1))
            case .number: text = String(Double(next(20)) / 2)
            case .enumeration(let members):
              text = "\"\(members[next(4) == 0 ? next(members.count) : min(1, members.count - 1)])\""
            }
            values.append((input.name, text))
          }
          user.days.append((day.description, values))
        }
        day = day + 1
      }
      users.append(user)
    }
  }

  package func yaml(_ user: User) -> String {
    var text = "user: \(user.id)\n"
    if let start = user.start { text += "start: \(user.start ?? start)\n" }
    if let zone = user.timeZone { text += "timezone: \(zone)\n" }
    if !user.changes.isEmpty {
      text += "timezone_changes:\n" + user.changes.map { "  - {at: \"\($0.at)\", timezone: \($0.zone)}\n" }.joined()
    }
    if let calendar = user.calendar { text += "calendar: \(calendar)\n" }
    if !user.pauses.isEmpty {
      text += "pauses:\n" + user.pauses.map { "  - {from: \($0.from), to: \($0.to)}\n" }.joined()
    }
    text += "days:\n"
    for day in user.days {
      text += "  - {date: \(day.date)" + day.values.map { ", \($0.0): \($0.1)" }.joined() + "}\n"
    }
    return text
  }

  package func jsonLines() -> String {
    var lines: [String] = []
    for user in users {
      for (index, day) in user.days.enumerated() {
        var fields = [#""user": "\#(user.id)""#, #""date": "\#(day.date)""#]
        if index == 0, let start = user.start { fields.append(#""start": "\#(start)""#) }
        if index == 0 { fields += Self.userFields(user) }
        if index == 0, !user.pauses.isEmpty {
          let pauses = user.pauses.map { #"{"from": "\#($0.from)", "to": "\#($0.to)"}"# }
          fields.append(#""pauses": ["# + pauses.joined(separator: ", ") + "]")
        }
        fields += day.values.map { #""\#($0.0)": \#($0.1)"# }
        lines.append("{" + fields.joined(separator: ", ") + "}")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A traveller's zone, changes and calendar as JSON fields (of an import line or a PUT).
  package static func userFields(_ user: User) -> [String] {
    var fields: [String] = []
    if let zone = user.timeZone { fields.append(#""timezone": "\#(zone)""#) }
    if !user.changes.isEmpty {
      let changes = user.changes.map { #"{"at": "\#($0.at)", "timezone": "\#($0.zone)"}"# }
      fields.append(#""timezone_changes": ["# + changes.joined(separator: ", ") + "]")
    }
    if let calendar = user.calendar { fields.append(#""calendar": "\#(calendar)""#) }
    return fields
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

/// A catalog whose metrics are the calendar built-ins, a message that writes them and a badge
/// for a perfect Friday.
private let calendarCatalog = """
  catalog: days
  inputs:
    prayed: {type: bool}
  metrics:
    wd: weekday
    hy: hijri.year
    hm: hijri.month
    hd: hijri.day
    hn: hijri.month_days
    ramadan_prayed: last(30, hijri.month == 9 && prayed)
  badges:
    - {id: jumuah, name: Jumu'ah, when: weekday == 5 && prayed}
    - {id: ramadan, name: Ramadan, when: hijri.month == 9 && hijri.day == hijri.month_days && ramadan_prayed >= hijri.month_days}
  messages:
    - {id: today, text: "{hijri.day}/{hijri.month}/{hijri.year} ({weekday})"}
  """

/// The values of the built-ins on `date`: weekday, Hijri year, month, day, month's days.
private func builtins(on date: String) throws -> [Int] {
  let catalog = try Fixture.catalog(calendarCatalog)
  let evaluation = try Fixture.evaluate(catalog, try Fixture.history("days: []\n", for: catalog), on: date)
  return try ["wd", "hy", "hm", "hd", "hn"].map { name in
    let metric = try #require(evaluation.metrics.first { $0.name == name })
    guard case .int(let value) = metric.value else { throw FixtureError.invalid("\(name) is \(metric.value)") }
    return value
  }
}

@Suite("calendar built-ins: weekday and the Hijri date")
struct CalendarBuiltinTests {
  @Test(
    "each built-in has the value of its day",
    arguments: [
      // 2026-11-27 is a Friday (Jumu'ah, 5); 1 Ramadan 1447 is 2026-02-18 in Umm al-Qura, its
      // 30th 2026-03-19, and 1 Shawwal 2026-03-20 (a 29-day month).
      ("2026-11-27", [5, 1448, 6, 17, 29]),
      ("2026-02-18", [3, 1447, 9, 1, 30]),
      ("2026-03-19", [4, 1447, 9, 30, 30]),
      ("2026-03-20", [5, 1447, 10, 1, 29]),
      ("2026-05-27", [3, 1447, 12, 10, 29]),
      ("1900-01-01", [1, 1317, 8, 29, 30]),
      ("2026-11-29", [7, 1448, 6, 19, 29]),
      ("2026-11-23", [1, 1448, 6, 13, 29]),
    ])
  func values(date: String, expected: [Int]) throws {
    #expect(try builtins(on: date) == expected)
  }

  @Test("weekday counts 1 (Monday) to 7 (Sunday) through every day of a week, before 1970 too")
  func weekdays() throws {
    for offset in 0..<7 {
      #expect(CalendarField.weekday(ofDay: Fixture.day("2026-11-23").number + offset) == offset + 1)
      #expect(CalendarField.weekday(ofDay: Fixture.day("1900-01-01").number + offset) == offset + 1)
    }
  }

  @Test("the Hijri date agrees with Foundation's Umm al-Qura calendar on every day of 2026-2027")
  func agreesWithFoundation() throws {
    var calendar = Calendar(identifier: .islamicUmmAlQura)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    var day = Fixture.day("2026-01-01")
    while day < Fixture.day("2028-01-01") {
      let parts = calendar.dateComponents(
        [.year, .month, .day], from: Date(timeIntervalSince1970: Double(day.number) * 86_400))
      let hijri = HijriMonths.shared.date(ofDay: day.number)
      #expect([hijri.year, hijri.month, hijri.day] == [parts.year, parts.month, parts.day], "\(day)")
      day = day + 1
    }
  }

  @Test("templates and message conditions read the built-ins")
  func templates() throws {
    let catalog = try Fixture.catalog(calendarCatalog)
    let history = try Fixture.history("days: []\n", for: catalog)
    #expect(try Fixture.evaluate(catalog, history, on: "2026-03-19").message?.text == "30/9/1447 (4)")
  }

  @Test("badge criteria read them: a Friday unlocks Jumu'ah, Ramadan's last day the Ramadan badge")
  func badges() throws {
    let catalog = try Fixture.catalog(calendarCatalog)
    let ramadan = Fixture.days(from: "2026-02-18", Array(repeating: "prayed: true", count: 30))
    let history = try Fixture.history("days:\n\(ramadan)\n", for: catalog)
    let evaluation = try Fixture.evaluate(catalog, history, on: "2026-03-19")
    // 2026-02-20 is the first Friday of the month.
    #expect(evaluation.badges.unlocked.map { "\($0.id) \($0.date)" } == ["jumuah 2026-02-20", "ramadan 2026-03-19"])
  }

  @Test(
    "a misspelt built-in is an unknown name with a suggestion",
    arguments: [
      ("hijri.mnth == 9", "2:39: error: hijri has no field 'mnth'; did you mean 'month'?"),
      ("hijri.era == 9", "2:39: error: hijri has no field 'era'; it has year, month, day and month_days"),
      ("hijri == 9", "2:33: error: write hijri.year, hijri.month, hijri.day or hijri.month_days"),
      ("wekday == 5", "2:33: error: unknown name 'wekday'; did you mean 'weekday'?"),
      ("hijri_month == 9", "2:33: error: unknown name 'hijri_month'; did you mean 'hijri.month'?"),
      ("weekday.day == 5", "2:33: error: 'weekday' is a built-in number and has no fields"),
    ])
  func misspelt(expression: String, expected: String) {
    let yaml = "catalog: c\nbadges: [{id: b, name: B, when: \(expression)}]\n"
    #expect(Fixture.diagnostics(yaml) == [expected])
  }

  @Test("an input, streak or metric cannot take a built-in's name")
  func reservedNames() {
    let yaml = "catalog: c\ninputs:\n  weekday: {type: int}\nmetrics:\n  hijri: total(logged)\n"
    #expect(
      Fixture.diagnostics(yaml) == [
        "3:3: error: 'weekday' is a built-in name; choose another",
        "5:3: error: 'hijri' is a built-in name; choose another",
      ])
  }

  @Test("a catalog that reads no calendar built-in computes none")
  func unreadNotComputed() throws {
    let plain = try Fixture.catalog("catalog: c\ninputs: {prayed: {type: bool}}\nmetrics: {n: total(prayed)}\n")
    #expect(Program(plain).layout.calendarFieldsRead.isEmpty)
    let friday = try Fixture.catalog("catalog: c\nmessages: [{id: m, text: '{weekday}'}]\n")
    #expect(Program(friday).layout.calendarFieldsRead == [.weekday])
  }
}

@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import Testing

@Suite("history files")
struct HistoryTests {
  static let catalogYAML = """
    catalog: demo
    inputs:
      planned: {type: bool}
      steps: {type: int, min: 0, max: 100000}
      fajr: {type: enum, values: [pending, done, missed, qada], default: pending}
      minutes: {type: number}
    """

  @Test("every problem in a history is reported with its line and column")
  func problems() throws {
    let catalog = try Fixture.catalog(Self.catalogYAML)
    let history = """
      user: alice
      start: 2026-13-01
      timezone: Mars/Olympus
      days:
        - {date: 2026-01-01, planned: yes}
        - {date: 2026-01-02, stepz: 3}
        - {date: 2026-01-03, fajr: dne, steps: -1}
        - {date: 2026-02-30}
        - {date: 2026-1-5}
        - {date: 2026-01-02, minutes: 2.5}
        - {date: 2026-01-01, steps: 3.5}
        - {planned: true}
      extra: 1
      """
    #expect(
      Fixture.historyDiagnostics(history, for: catalog) == [
        "2:8: 'start': 2026-13-01 is not a day of the calendar",
        "3:11: 'Mars/Olympus' is not a time zone; use an IANA name such as Europe/Berlin or America/New_York",
        "5:33: planned must be true or false; found a string ('yes'); YAML 1.2 booleans are true and false",
        "6:24: unknown input 'stepz'; did you mean 'steps'?",
        "7:30: 'dne' is not a value of fajr (pending, done, missed, qada); did you mean 'done'?",
        "7:42: steps must be at least 0; found -1",
        "8:12: 'date': 2026-02-30 is not a day of the calendar",
        "9:12: 'date': '2026-1-5' is not a date; write it as YYYY-MM-DD, e.g. 2026-01-31",
        "10:12: 2026-01-02 is recorded twice (first at line 6); keep one record per day",
        "11:12: 2026-01-01 is recorded twice (first at line 5); keep one record per day",
        "11:31: steps must be an integer; found a number",
        "12:5: this day has no 'date'",
        "13:1: unknown key 'extra' in history; a history has user, start, timezone, timezone_changes, calendar, day_starts_at, pauses, freeze_grants, restores, repairs, days",
      ])
  }

  @Test("days out of order are an error")
  func order() throws {
    let catalog = try Fixture.catalog(Self.catalogYAML)
    let history = "days:\n  - {date: 2026-01-05}\n  - {date: 2026-01-03}\n"
    #expect(
      Fixture.historyDiagnostics(history, for: catalog) == [
        "3:12: 2026-01-03 comes after 2026-01-05 (line 2); list days in date order"
      ])
  }

  @Test("missing inputs take their defaults and the record keeps its values")
  func defaults() throws {
    let catalog = try Fixture.catalog(Self.catalogYAML)
    let history = try Fixture.history(
      "start: 2026-01-01\ndays:\n  - {date: 2026-01-02, steps: 12, minutes: 2.5}\n", for: catalog)
    #expect(history.start == (try CalendarDay("2026-01-01")))
    let record = try #require(history.records.first)
    let values = zip(catalog.inputs, record.values).map { $0.decode($1) }
    #expect(values.map(\.description) == ["false", "12", "pending", "2.5"])
  }

  @Test("dates are calendar days, leap years included")
  func calendar() throws {
    #expect((try CalendarDay("2024-02-29")).description == "2024-02-29")
    #expect(throws: EngineError(.badDate, "2026-02-29 is not a day of the calendar")) {
      try CalendarDay("2026-02-29")
    }
    #expect(throws: EngineError(.badDate, "'2026-2-1' is not a date; write it as YYYY-MM-DD, e.g. 2026-01-31")) {
      try CalendarDay("2026-2-1")
    }
    #expect((try! CalendarDay("2026-01-31")) + 1 == (try CalendarDay("2026-02-01")))
    #expect((try! CalendarDay("2026-12-31")).dayOfYear == 365)
    #expect((try! CalendarDay("2024-12-31")).dayOfYear == 366)
    #expect((try! CalendarDay("1999-12-31")).description == "1999-12-31")
  }
}

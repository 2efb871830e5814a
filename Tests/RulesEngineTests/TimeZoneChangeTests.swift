import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

/// A prayer streak (a day without a record breaks it), a total and a 3-day window.
private let travelCatalog = """
  catalog: travel
  inputs:
    prayed: {type: bool}
  streaks:
    prayer: {counts: prayed}
  metrics:
    prayers: total(prayed)
    recent: last(3, prayed)
  """

/// The moment `text` (ISO 8601 with its zone).
private func moment(_ text: String) -> Date {
  TimeZoneChange.moment(text)!
}

private func zone(_ identifier: String) -> TimeZone {
  TimeZone(identifier: identifier)!
}

/// A history of `zone` with `changes` and a prayed record on each of `dates`.
private func travelHistory(zone: String, changes: [(String, String)], dates: [String]) -> String {
  var lines = ["timezone: \(zone)"]
  if !changes.isEmpty {
    lines.append("timezone_changes:")
    lines += changes.map { "  - {at: \($0.0), timezone: \($0.1)}" }
  }
  lines.append("days:")
  lines += dates.map { "  - {date: \($0), prayed: true}" }
  return lines.joined(separator: "\n") + "\n"
}

/// The streak, total and window as of `date`.
private func counts(_ yaml: String, on date: String) throws -> [Int] {
  let catalog = try Fixture.catalog(travelCatalog)
  let history = try Fixture.history(yaml, for: catalog)
  let engine = Engine(catalog)
  let records = try history.records.map { try DayRecord($0, for: engine) }
  let evaluation = try engine.check(
    user: nil, start: nil, on: CalendarDay(date), records: records, state: nil,
    timeZone: history.timeZone, timeZoneChanges: history.timeZoneChanges
  ).evaluation
  let metrics = evaluation.metrics.map { metric -> Int in
    if case .int(let value) = metric.value { return value }
    return -1
  }
  return [evaluation.streaks[0].current] + metrics
}

@Suite("time zones that change: the date line and DST")
struct TimeZoneChangeTests {
  @Test("west across the date line by more than a day (Pago Pago to Kiritimati) jumps over a date")
  func westSkips() {
    // 23:30 on 2026-03-09 in Pago Pago (UTC-11) is 00:30 on 2026-03-11 in Kiritimati (UTC+14).
    let change = TimeZoneChange(at: moment("2026-03-10T10:30:00Z"), zone: zone("Pacific/Kiritimati"))
    #expect(
      TimeZoneChange.skippedDays([change], initial: zone("Pacific/Pago_Pago")) == [Fixture.day("2026-03-10").number])
  }

  @Test("a zone's own jump over a date: Samoa (Pacific/Apia) left out 2011-12-30, Kiritimati 1994-12-31")
  func zonesOwnJumps() {
    let apia = TimeZoneChange.skippedDays([], initial: zone("Pacific/Apia"))
    #expect(apia == [Fixture.day("2011-12-30").number])
    #expect(
      TimeZoneChange.skippedDays([], initial: zone("Pacific/Kiritimati")) == [Fixture.day("1994-12-31").number])
    // DST skips no date; nor do zones that never jumped a day.
    for identifier in ["America/New_York", "Europe/Berlin", "America/Santiago", "Pacific/Auckland", "Asia/Riyadh"] {
      #expect(TimeZoneChange.skippedDays([], initial: zone(identifier)) == [], "\(identifier)")
    }
    // Only while the user was there: a traveller who reached Apia in 2012 never lost 2011-12-30,
    // and one who left before it did not either.
    let arrived = TimeZoneChange(at: moment("2012-01-10T00:00:00Z"), zone: zone("Pacific/Apia"))
    #expect(TimeZoneChange.skippedDays([arrived], initial: zone("Pacific/Honolulu")) == [])
    let left = TimeZoneChange(at: moment("2011-12-20T00:00:00Z"), zone: zone("Pacific/Honolulu"))
    #expect(TimeZoneChange.skippedDays([left], initial: zone("Pacific/Apia")) == [])
  }

  @Test("Samoa's lost 2011-12-30 neither breaks the streak nor counts; in Honolulu the same records break it")
  func zonesOwnJumpIsNoDay() throws {
    let dates = ["2011-12-27", "2011-12-28", "2011-12-29", "2011-12-31", "2012-01-01"]
    let samoa = travelHistory(zone: "Pacific/Apia", changes: [], dates: dates)
    #expect(try counts(samoa, on: "2012-01-01") == [5, 5, 3])
    let honolulu = travelHistory(zone: "Pacific/Honolulu", changes: [], dates: dates)
    #expect(try counts(honolulu, on: "2012-01-01") == [2, 5, 2])

    // From a state saved on 2011-12-29, with only the records since: the same.
    let catalog = try Fixture.catalog(travelCatalog)
    let engine = Engine(catalog)
    let records = try Fixture.history(samoa, for: catalog).records.map { try DayRecord($0, for: engine) }
    let apia = TimeZone(identifier: "Pacific/Apia")
    let saved = try engine.check(
      user: nil, start: nil, on: CalendarDay("2011-12-29"), records: Array(records.prefix(3)), state: nil,
      timeZone: apia
    ).state
    let evaluation = try engine.check(
      user: nil, start: nil, on: CalendarDay("2012-01-01"), records: Array(records.suffix(2)), state: saved,
      timeZone: apia
    ).evaluation
    #expect(evaluation.streaks[0].current == 5)
  }

  @Test(
    "no date is jumped over by a change of a day or less, at any hour: Honolulu to Kiritimati, Los Angeles to Auckland, and back",
    arguments: [
      ("Pacific/Honolulu", "Pacific/Kiritimati"), ("America/Los_Angeles", "Pacific/Auckland"),
      ("Pacific/Auckland", "America/Los_Angeles"), ("Pacific/Kiritimati", "Pacific/Honolulu"),
    ])
  func noSkip(from: String, to: String) {
    for hour in 0..<48 {
      let at = moment("2026-03-09T00:00:00Z").addingTimeInterval(Double(hour) * 1_800)
      let changes = [TimeZoneChange(at: at, zone: zone(to))]
      // (Kiritimati's own jump over 1994-12-31 is long before.)
      #expect(
        TimeZoneChange.skippedDays(changes, initial: zone(from)).filter { $0 > Fixture.day("2000-01-01").number } == [])
    }
  }

  @Test("the jumped-over date neither breaks the streak nor counts; without the change it breaks it")
  func skippedDateIsNoDay() throws {
    let dates = ["2026-03-08", "2026-03-09", "2026-03-11", "2026-03-12"]
    let travelled = travelHistory(
      zone: "Pacific/Pago_Pago", changes: [("2026-03-10T10:30:00Z", "Pacific/Kiritimati")], dates: dates)
    // On 2026-03-11 the last three of the user's days are 03-08, 03-09 and 03-11.
    #expect(try counts(travelled, on: "2026-03-11") == [3, 3, 3])
    #expect(try counts(travelled, on: "2026-03-12") == [4, 4, 3])
    let stayed = travelHistory(zone: "Pacific/Pago_Pago", changes: [], dates: dates)
    #expect(try counts(stayed, on: "2026-03-12") == [2, 4, 2])
  }

  @Test("a record dated on a jumped-over date is counted")
  func recordOnSkippedDate() throws {
    let yaml = travelHistory(
      zone: "Pacific/Pago_Pago", changes: [("2026-03-10T10:30:00Z", "Pacific/Kiritimati")],
      dates: ["2026-03-09", "2026-03-10", "2026-03-11"])
    #expect(try counts(yaml, on: "2026-03-11") == [3, 3, 3])
  }

  @Test("replay has no evaluation for a jumped-over date")
  func replaySkips() throws {
    let catalog = try Fixture.catalog(travelCatalog)
    let history = try Fixture.history(
      travelHistory(
        zone: "Pacific/Pago_Pago", changes: [("2026-03-10T10:30:00Z", "Pacific/Kiritimati")],
        dates: ["2026-03-09", "2026-03-11"]), for: catalog)
    let engine = Engine(catalog)
    let evaluations = try engine.replay(
      user: nil, start: nil, records: try history.records.map { try DayRecord($0, for: engine) }, from: nil,
      to: Fixture.day("2026-03-12"), timeZone: history.timeZone, timeZoneChanges: history.timeZoneChanges)
    #expect(evaluations.map(\.date.description) == ["2026-03-09", "2026-03-11", "2026-03-12"])
    #expect(evaluations.map { $0.streaks[0].current } == [1, 2, 2])
  }

  @Test(
    "across the date line both ways and through DST, every local date is counted once",
    arguments: [
      // Auckland to Los Angeles (the date goes back), Los Angeles to Auckland (it jumps ahead
      // a day); the US moved to daylight time on 2026-03-08, New Zealand leaves it on 04-05.
      ("Pacific/Auckland", "2026-03-10T09:30:00Z", "America/Los_Angeles"),
      ("America/Los_Angeles", "2026-03-10T09:30:00Z", "Pacific/Auckland"),
      ("Pacific/Auckland", "2026-04-05T14:30:00Z", "America/Los_Angeles"),
      ("Pacific/Honolulu", "2026-03-10T09:59:00Z", "Pacific/Kiritimati"),
      ("Pacific/Kiritimati", "2026-03-10T09:59:00Z", "Pacific/Honolulu"),
    ])
  func everyDateOnce(from: String, at: String, to: String) throws {
    let first = Fixture.day("2026-03-01")
    let dates = (0..<40).map { (first + $0).description }
    let yaml = travelHistory(zone: from, changes: [(at, to)], dates: dates)
    #expect(try counts(yaml, on: "2026-04-09") == [40, 40, 3])
  }

  @Test(
    "the day of a moment around DST changes and a midnight that does not exist",
    arguments: [
      ("2026-03-08T06:59:00Z", "America/New_York", "2026-03-08"),  // 01:59 EST, the clocks go to 03:00
      ("2026-03-08T07:00:00Z", "America/New_York", "2026-03-08"),
      ("2026-03-08T04:59:00Z", "America/New_York", "2026-03-07"),
      ("2026-11-01T05:30:00Z", "America/New_York", "2026-11-01"),  // 01:30 EDT, then 01:30 EST
      ("2026-11-01T06:30:00Z", "America/New_York", "2026-11-01"),
      ("2026-11-02T04:59:00Z", "America/New_York", "2026-11-01"),
      ("2026-09-06T03:59:00Z", "America/Santiago", "2026-09-05"),  // midnight becomes 01:00
      ("2026-09-06T04:00:00Z", "America/Santiago", "2026-09-06"),
      ("2026-04-05T13:59:00Z", "Pacific/Auckland", "2026-04-06"),  // 02:59 NZST after 02:59 NZDT
      ("2026-03-10T10:30:00Z", "Pacific/Kiritimati", "2026-03-11"),
      ("2026-03-10T10:30:00Z", "Pacific/Pago_Pago", "2026-03-09"),
    ])
  func dayOfMoment(at: String, zone identifier: String, expected: String) {
    #expect(CalendarDay(moment(at), in: zone(identifier)).description == expected)
  }

  @Test("today follows the latest zone: before, at and after each change")
  func todayFollowsTheLatestZone() throws {
    let catalog = try Fixture.catalog(travelCatalog)
    let history = try Fixture.history(
      travelHistory(
        zone: "Pacific/Auckland",
        changes: [("2026-03-10T09:30:00Z", "America/Los_Angeles"), ("2026-03-20T18:00:00Z", "Pacific/Kiritimati")],
        dates: ["2026-03-09"]), for: catalog)
    let zones = ["2026-03-10T09:29:59Z", "2026-03-10T09:30:00Z", "2026-03-20T17:00:00Z", "2026-03-21T00:00:00Z"].map {
      history.zone(at: moment($0))?.identifier
    }
    #expect(zones == ["Pacific/Auckland", "America/Los_Angeles", "America/Los_Angeles", "Pacific/Kiritimati"])
    // 09:30 UTC on 2026-03-10 is 22:30 that day in Auckland and 02:30 on it in Los Angeles.
    #expect(
      CalendarDay(moment("2026-03-10T09:30:00Z"), in: history.zone(at: moment("2026-03-10T09:30:00Z"))!).description
        == "2026-03-10")
  }

  @Test(
    "a bad calendar, time zone or time zone change is an error at its line",
    arguments: [
      (
        "calendar: hijri\ndays: []\n",
        "1:11: 'hijri' is not a calendar; use one of gregorian, islamic-umalqura, islamic, islamic-civil, islamic-tbla, persian, hebrew, indian, buddhist, japanese, republic-of-china, chinese, coptic, ethiopic, ethiopic-amete-alem, iso8601"
      ),
      (
        "calendar: islamic-civl\ndays: []\n",
        "1:11: 'islamic-civl' is not a calendar (did you mean 'islamic-civil'?); use one of gregorian, islamic-umalqura, islamic, islamic-civil, islamic-tbla, persian, hebrew, indian, buddhist, japanese, republic-of-china, chinese, coptic, ethiopic, ethiopic-amete-alem, iso8601"
      ),
      (
        "timezone: Mars/Olympus\ndays: []\n",
        "1:11: 'Mars/Olympus' is not a time zone; use an IANA name such as Europe/Berlin or America/New_York"
      ),
      (
        "timezone_changes:\n  - {at: 2026-03-10T09:30:00Z, timezone: Pacific/Atlantis}\ndays: []\n",
        "2:42: 'Pacific/Atlantis' is not a time zone; use an IANA name such as Europe/Berlin or America/New_York"
      ),
      (
        "timezone_changes:\n  - {at: 2026-03-10 09:30, timezone: UTC}\ndays: []\n",
        "2:10: 'at' must be a moment with its zone, ISO 8601, e.g. 2026-03-10T09:30:00Z or 2026-03-10T22:30:00+13:00; found '2026-03-10 09:30'"
      ),
      (
        "timezone_changes:\n  - {at: 2026-03-10T09:30:00, timezone: UTC}\ndays: []\n",
        "2:10: 'at' must be a moment with its zone, ISO 8601, e.g. 2026-03-10T09:30:00Z or 2026-03-10T22:30:00+13:00; found '2026-03-10T09:30:00'"
      ),
      (
        "timezone_changes:\n  - {at: 2026-03-10T09:30:00Z, timezone: UTC}\n  - {at: 2026-03-10T22:30:00+13:00, timezone: Pacific/Auckland}\ndays: []\n",
        "3:10: 2026-03-10T09:30:00Z does not come after the change at line 2 (2026-03-10T09:30:00Z); list time zone changes in time order"
      ),
      (
        "timezone_changes:\n  - {at: 2026-03-10T09:30:00Z}\ndays: []\n",
        "2:5: time zone change is missing the required key 'timezone'"
      ),

      (
        "timezone_changes: 2026-03-10T09:30:00Z\ndays: []\n",
        "1:19: 'timezone_changes' must be a list of time zone changes; found a string ('2026-03-10T09:30:00Z')"
      ),
    ])
  func badInput(yaml: String, expected: String) throws {
    let catalog = try Fixture.catalog(travelCatalog)
    #expect(Fixture.historyDiagnostics(yaml, for: catalog) == [expected])
  }

  @Test("a time zone change with a misspelt key names both problems")
  func misspeltKey() throws {
    let catalog = try Fixture.catalog(travelCatalog)
    #expect(
      Fixture.historyDiagnostics(
        "timezone_changes:\n  - {at: 2026-03-10T09:30:00Z, zone: UTC}\ndays: []\n", for: catalog)
        == [
          "2:5: time zone change is missing the required key 'timezone'",
          "2:32: unknown key 'zone' in time zone change; a time zone change has at, timezone",
        ])
  }

  @Test("the API refuses a calendar it does not know, a zone that does not exist and changes out of order")
  func badAPIInput() throws {
    let calendar = #expect(throws: EngineError.self) { try UserCalendar(named: "islamic-umm-al-qura") }
    #expect(calendar?.id == .badValue)
    #expect(
      calendar?.message.hasPrefix("'islamic-umm-al-qura' is not a calendar; use one of gregorian, islamic-umalqura,")
        == true)
    let zoneError = #expect(throws: EngineError.self) {
      try TimeZoneChange(at: moment("2026-03-10T09:30:00Z"), zone: "Mars/Olympus")
    }
    #expect(
      zoneError?.message
        == "'Mars/Olympus' is not a time zone; use an IANA name such as Europe/Berlin or America/New_York")
    let engine = Engine(try Fixture.catalog(travelCatalog))
    let changes = [
      TimeZoneChange(at: moment("2026-03-12T00:00:00Z"), zone: zone("UTC")),
      TimeZoneChange(at: moment("2026-03-11T00:00:00Z"), zone: zone("Pacific/Auckland")),
    ]
    let order = #expect(throws: EngineError.self) {
      try engine.check(
        user: nil, start: nil, on: Fixture.day("2026-03-12"), records: [], state: nil, timeZoneChanges: changes)
    }
    #expect(
      order?.description
        == "the time zone changes must be in time order, one per moment: change 2 (2026-03-11T00:00:00Z) does not come after change 1 (2026-03-12T00:00:00Z)"
    )
    #expect(UserCalendar(Calendar.Identifier.islamicUmmAlQura)?.name == "islamic-umalqura")
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

/// Issue 28, the seeds' third pass: when badges unlock (`unlocks`), RIZQ's quotes in Arabic,
/// the evaluation's locale, the days freezes covered since the last check (the text output's
/// right-to-left texts: RulesKitTests' RightToLeftTextTests).
@Suite("seeds, third pass")
struct SeedsThirdPassTests {
  static func day(_ text: String) -> CalendarDay { try! CalendarDay(text) }

  static func rizq() throws -> Engine { Engine(try Fixture.shipped("rizq")) }

  /// RIZQ's check of `date` with no record but that day's, in `locale`.
  static func rizq(_ engine: Engine, on date: String, locale: String?) throws -> Evaluation {
    try engine.check(user: "u", start: nil, on: day(date), records: [], state: nil, locale: locale).evaluation
  }

  @Test("in Arabic no RIZQ quote repeats its Arabic as its text: a verse is shown once")
  func arabicQuotes() throws {
    let engine = try Self.rizq()
    // 2026-03-19 is day 78 of 2026, quote q1; the seven days show every quote.
    for offset in 0..<7 {
      let date = (Self.day("2026-03-19") + offset).description
      let arabic = try #require(try Self.rizq(engine, on: date, locale: "ar").quote)
      let english = try #require(try Self.rizq(engine, on: date, locale: nil).quote)
      #expect(arabic.id == english.id)
      #expect(arabic.text != arabic.arabic, "\(arabic.id): the verse twice")
      if arabic.arabic != nil {
        // The seed's DailyQuoteView shows the Arabic, then the text: in Arabic there is none.
        #expect(arabic.text == "", "\(arabic.id)")
      } else {
        #expect(!arabic.text.isEmpty && arabic.text != english.text, "\(arabic.id) is translated")
      }
      #expect(!english.text.isEmpty)
    }
  }

  @Test("the evaluation names the locale its texts are in")
  func locale() throws {
    let engine = try Self.rizq()
    #expect(try Self.rizq(engine, on: "2026-03-19", locale: nil).locale == "en")
    #expect(try Self.rizq(engine, on: "2026-03-19", locale: "ar").locale == "ar")
    #expect(try Self.rizq(engine, on: "2026-03-19", locale: "ar-EG").locale == "ar-EG")
    // No texts in French: they are in the catalog's default language.
    #expect(try Self.rizq(engine, on: "2026-03-19", locale: "fr").locale == "en")
    let json = try Self.rizq(engine, on: "2026-03-19", locale: "ar").json.serialized()
    #expect(json.contains("\"locale\": \"ar\""))
    let decoded = try JSONDecoder().decode(Evaluation.self, from: Data(json.utf8))
    #expect(decoded.locale == "ar")
  }

  static let grouped = """
    catalog: grouped
    inputs:
      n: {type: int}
    groups:
      - {id: a}
      - {id: b}
    unlocks: {at: check, per_group: 1}
    badges:
      - {id: a1, name: A1, group: a, when: n >= 1}
      - {id: a2, name: A2, group: a, when: n >= 1}
      - {id: b1, name: B1, group: b, when: n >= 1}
      - {id: b2, name: B2, group: b, when: n >= 5}
      - {id: free, name: Free, when: n >= 1}
    """

  @Test("per_group: at most one badge of each group per check, badges without a group unlimited")
  func perGroup() throws {
    let engine = Engine(try Fixture.catalog(Self.grouped))
    let first = Self.day("2026-01-01")
    let records = try (0..<3).map { try DayRecord(date: first + $0, values: ["n": .int(1)], for: engine) }
    var state: UserState?
    var new: [[String]] = []
    var waiting: [[String]] = []
    for offset in [0, 1] {
      let check = try engine.check(user: "u", start: nil, on: first + offset, records: records, state: state)
      state = check.state
      new.append(check.evaluation.badges.new)
      waiting.append(check.evaluation.badges.locked.filter(\.waiting).map(\.id))
    }
    #expect(new == [["a1", "b1", "free"], ["a2"]])
    #expect(waiting == [["a2"], []])
    let unlocked = try #require(state).unlocks
    // In the order they unlocked: a2 a check after the others.
    #expect(unlocked.map(\.id) == ["a1", "b1", "free", "a2"])
  }

  @Test("at: check unlocks nothing on the days counted before a check, and dates an unlock with the check")
  func atCheck() throws {
    let engine = Engine(try Fixture.catalog(Self.grouped))
    let first = Self.day("2026-01-01")
    // Earned on the 1st and the 2nd, gone by the 3rd, when the app first checks.
    let records = try [1, 1, 0].enumerated().map {
      try DayRecord(date: first + $0.offset, values: ["n": .int($0.element)], for: engine)
    }
    let gone = try engine.check(user: "u", start: nil, on: first + 2, records: records, state: nil)
    #expect(gone.evaluation.badges.unlocked.isEmpty)
    let held = try engine.check(user: "u", start: nil, on: first + 1, records: records, state: nil)
    #expect(held.evaluation.badges.unlocked.map(\.date) == [first + 1, first + 1, first + 1])
  }

  @Test("an export keeps unlocks, max_days and progress: overall, and evaluates as the YAML does")
  func exportRoundTrip() throws {
    for name in ["rizq", "onward", "salahstreak"] {
      let checked = try Fixture.shipped(name)
      let json = CatalogExport.json(checked).serialized()
      let exported = try Engine(exportedCatalog: Data(json.utf8))
      let yaml = Engine(checked)
      let history = try Fixture.history(
        String(
          decoding: try Data(contentsOf: Fixture.repository.appendingPathComponent("examples/\(name).yaml")),
          as: UTF8.self),
        for: checked)
      let records = try history.records.map { try DayRecord($0, for: yaml) }
      let last = try #require(history.records.last?.date)
      for date in [last, last + 30] {
        let a = try exported.check(user: nil, start: history.start, on: date, records: records, state: nil)
        let b = try yaml.check(user: nil, start: history.start, on: date, records: records, state: nil)
        #expect(a.evaluation == b.evaluation, "\(name) \(date)")
      }
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      let streaks = try #require(object["streaks"] as? [[String: Any]])
      switch name {
      case "rizq":
        let unlocks = try #require(object["unlocks"] as? [String: Any])
        #expect(unlocks["at"] as? String == "check" && unlocks["per_check"] as? Int == 1)
      case "onward":
        #expect(object["unlocks"] == nil)
        #expect(streaks.first { $0["key"] as? String == "activity" }?["max_days"] as? Int == 90)
      default:
        #expect(object["unlocks"] == nil)
        let freezes = streaks.first { $0["key"] as? String == "salah" }?["freezes"] as? [String: Any]
        #expect(freezes?["progress"] as? String == "overall")
      }
    }
  }

  @Test("replay tells each covered day once, the day after it")
  func replayProtected() throws {
    let engine = Engine(try Fixture.shipped("salahstreak"))
    let first = Self.day("2026-02-01")
    let perfect: [String: DayRecord.Value] = [
      "fajr": "done", "dhuhr": "done", "asr": "done", "maghrib": "done", "isha": "done",
    ]
    let records = try (0..<7).map { try DayRecord(date: first + $0, values: perfect, for: engine) }
    let days = try engine.replay(user: nil, start: nil, records: records, from: first + 6, to: first + 10)
    #expect(
      days.map { $0.streak("salah")?.newProtected ?? [] } == [[], [], [first + 7], [], []],
      "one freeze, earned on the 7th perfect day, covers the 8th; the 9th breaks")
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import RulesTestSupport
import StoreTestSupport
import Testing

@testable import RulesBackend

/// Stored records read the quick way (`StoredRecordDecoder`) are exactly what the checked way
/// (`DayRecord(date:values:for:)`) makes of them, and whatever it cannot read for certain goes
/// the checked way, with the checked way's error.
@Suite struct StoredRecordDecoderTests {
  static let catalogs = ShippedCatalogs.names

  @Test(arguments: catalogs)
  func everyGeneratedRecordDecodesAsTheCheckedWayMakesIt(_ name: String) throws {
    let catalog = try loadCatalog(name)
    let generated = GeneratedUsers(catalog: catalog, count: 6, span: 40, last: day("2026-03-31"), seed: 3)
    var decoded = 0
    for user in generated.users {
      for record in user.days {
        let pairs = try record.values.map { name, text -> (String, JSONValue) in
          (name, try JSONReader.parse(Array(text.utf8)))
        }
        let valid = try catalog.schema.record(pairs).get()
        let stored = valid.text
        let date = day(record.date)
        let quick = try #require(catalog.decoder.decode(stored, date: date), "\(stored)")
        let checked = try DayRecord(date: date, values: try Self.literals(stored), for: catalog.engine)
        // The inputs named, for a catalog that reads them (discipline's), as the store reads them.
        let named = try #require(catalog.read(record: stored, encoded: nil)).reported
        #expect(
          try DayRecord(EncodedRecord(date: date, values: quick.values, reported: named), for: catalog.engine)
            == checked, "\(stored)")
        // The values encoded from the one parse are the ones the stored text reads back as.
        #expect(valid.values == quick.values, "\(stored)")
        // The store's own checked way (`StoreCatalog.validatingRead`) reads it the same.
        let read = try #require(catalog.validatingRead(stored))
        #expect(read.ignored.isEmpty && read.nearest.isEmpty, "\(stored)")
        #expect(
          try DayRecord(EncodedRecord(date: date, values: read.values, reported: read.reported), for: catalog.engine)
            == checked)
        decoded += 1
      }
    }
    #expect(decoded > 50)
  }

  /// A stored record's values as the API takes them (literals of the inputs' types).
  static func literals(_ record: String) throws -> [String: DayRecord.Value] {
    guard case .object(let pairs) = try JSONReader.parse(record.utf8) else { return [:] }
    var values: [String: DayRecord.Value] = [:]
    for (name, value) in pairs {
      switch value {
      case .bool(let flag): values[name] = .bool(flag)
      case .int(let int): values[name] = .int(int)
      case .number(let double): values[name] = .number(double)
      case .string(let text): values[name] = .string(text)
      default: continue
      }
    }
    return values
  }

  @Test func whatItCannotReadForCertainGoesTheCheckedWay() throws {
    let rizq = try loadCatalog("rizq")
    let date = day("2026-01-01")
    for record in [
      #"{"duas":1}"#,  // an input the catalog does not have (any more)
      #"{"duas_completed":-1}"#,  // below min
      #"{"duas_completed":1.5}"#,  // not an integer
      #"{"duas_completed":true}"#,  // another kind
      #"{"duas_completed":1,"duas_completed":2}"#,  // a key twice
      #"{"duas_completed": 1}"#,  // a space
      #"{"duas_completed":01}"#,  // not JSON's way to write 1
      #"{"duas_completed":99999999999999999999}"#,  // over Int
      #"{"duas_\u0063ompleted":1}"#,  // an escape
      #"{"duas_completed":1"#,  // cut short
      "",
    ] {
      #expect(rizq.decoder.decode(record, date: date) == nil, "\(record)")
    }
    let salah = try loadCatalog("salahstreak")
    #expect(salah.decoder.decode(#"{"fajr":"late"}"#, date: date) == nil)
    #expect(salah.decoder.decode(#"{"fajr":"d\"one"}"#, date: date) == nil)
    #expect(salah.decoder.decode(#"{"fajr":"done","isha":null}"#, date: date)?.values == [1, 0, 0, 0, 0])
    #expect(rizq.decoder.decode("{}", date: date)?.values == [0, 0, 0])
    #expect(rizq.decoder.decode(#"{"habits_total":-0}"#, date: date)?.values == [0, 0, 0])

    // The checked way leaves out an input the catalog does not have (any more), and reads a
    // value its input cannot take as its nearest value, saying so (issue #34: never an error;
    // issue #52: never the default when there is a nearer one).
    let ignored = try rizq.check(
      user: "u", start: nil, timeZone: nil, on: date,
      days: [StoredDay(date: date, record: #"{"duas":1,"duas_completed":2}"#)], state: nil)
    #expect(ignored.json.contains(#""total_duas": 2"#), "\(ignored.json)")
    #expect(ignored.warnings == [])
    let nearest = try rizq.check(
      user: "u", start: nil, timeZone: nil, on: date,
      days: [StoredDay(date: date, record: #"{"duas_completed":true,"habits_total":2}"#)], state: nil)
    #expect(
      nearest.warnings == [
        "the stored day 2026-01-01 of 'duas_completed' is read as its nearest value (duas_completed must be an integer; found true; read as 1)"
      ])
    #expect(nearest.json.contains(#""total_duas": 1"#), "\(nearest.json)")
    let check = try rizq.check(
      user: "u", start: nil, timeZone: nil, on: date,
      days: [StoredDay(date: date, record: #"{"duas_completed": 4, "habits_completed": 1, "habits_total": 1}"#)],
      state: nil)
    #expect(check.json.contains(#""total_duas": 4"#), "\(check.json)")
  }
}

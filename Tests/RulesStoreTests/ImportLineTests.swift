import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import RulesTestSupport
import StoreTestSupport
import Testing

@testable import RulesBackend

/// The import's straight reading of a JSON line (`JSONLineDecoder`) gives the record the
/// validating path gives, byte for byte, or leaves the line to it; a file read in parts on
/// several cores reports its problems by the right line numbers, in line order (issue 41).
@Suite struct ImportLineTests {
  static let everything = "Tests/CompiledCatalogsTests/Fixtures/everything.yaml"

  /// The record the validating path makes of a line holding only `user`, `date` and inputs, or
  /// nil when it has a problem.
  func validating(_ line: String, _ catalog: StoreCatalog) -> ImportRecord? {
    guard case .object(let pairs)? = try? JSONReader.parse(line.utf8),
      case .string(let user)? = pairs.first(where: { $0.0 == "user" })?.1,
      case .string(let date)? = pairs.first(where: { $0.0 == "date" })?.1, UserID.problem(user) == nil,
      let day = CalendarDay.parsed(date),
      case .success(let valid) = catalog.schema.record(pairs.filter { $0.0 != "user" && $0.0 != "date" })
    else { return nil }
    return ImportRecord(user: user, date: day, record: valid.text, encoded: catalog.encoded(valid))
  }

  func straight(_ line: String, _ catalog: StoreCatalog) -> ImportRecord? {
    var decoder = JSONLineDecoder(catalog: catalog)
    var line = line
    return line.withUTF8 { decoder.record($0) }
  }

  @Test(arguments: ShippedCatalogs.names)
  func everyGeneratedLineIsReadStraightAsTheValidatingPathReadsIt(_ name: String) throws {
    let catalog = try loadCatalog(name)
    let generated = GeneratedUsers(catalog: catalog, count: 4, span: 60, last: day("2026-03-31"), seed: 9)
    var straightLines = 0
    for line in generated.jsonLines().split(separator: "\n").map(String.init) {
      let read = straight(line, catalog)
      if let read {
        straightLines += 1
        #expect(read == validating(line, catalog), "\(line)")
      } else {
        #expect(line.contains("\"start\"") || line.contains("\"timezone") || line.contains("\"calendar\""), "\(line)")
      }
    }
    #expect(straightLines > 100)
  }

  @Test func everyKindOfValueIsWrittenAsTheValidatingPathWritesIt() throws {
    let catalog = try loadCatalog(path: Self.everything)
    let lines = [
      #"{"user":"u","date":"2026-01-01"}"#,
      #"{"user": "u", "date": "2026-01-01", "n": -0, "x": 5, "y": 2.5e0, "b": true, "c": false, "mood": "high"}"#,
      #"{"mood": null, "date": "2026-01-01", "x": -0.0, "user": "u u", "n": -1000, "k": 50}"#,
      "  {\"user\":\"u\",\t\"date\":\"2026-01-01\",\"x\":1E1,\"y\":0.125,\"relapse\":false}  ",
      #"{"user":"u","date":"2026-01-01","x":99.99999999999999,"y":12345678901234567890e-19}"#,
      #"{"user":"u","date":"2026-01-01","x":-100,"y":10,"n":null,"mood":"low"}"#,
      #"{"user":"u","date":"2026-01-01","x":1234567890123456789e-17}"#,
    ]
    for line in lines {
      let read = try #require(straight(line, catalog), "\(line)")
      #expect(read == validating(line, catalog), "\(line)")
    }
  }

  @Test func aLineWithAnythingElseIsLeftToTheValidatingPath() throws {
    let catalog = try loadCatalog(path: Self.everything)
    let lines = [
      #"{"user":"\u0075","date":"2026-01-01"}"#, #"{"user":"u","date":"2026-01-01","n":1.0}"#,
      #"{"user":"u","date":"2026-01-01","n":01}"#, #"{"user":"u","date":"2026-01-01","n":1001}"#,
      #"{"user":"u","date":"2026-01-01","b":1}"#, #"{"user":"u","date":"2026-01-01","mood":"none"}"#,
      #"{"user":"u","date":"2026-01-01","mood":mid}"#, #"{"user":"u","date":"2026-01-01","q":1}"#,
      #"{"user":"u","date":"2026-01-01","start":"2026-01-01"}"#, #"{"user":"u","date":"2026-01-01","n":1,"n":2}"#,
      #"{"user":"u","date":"2026-01-01","n":null,"n":1}"#, #"{"user":"u","user":"v","date":"2026-01-01"}"#,
      #"{"user":"u","date":"2026-01-01",}"#, #"{"user":"u","date":"2026-01-01"} x"#, #"{"date":"2026-01-01"}"#,
      #"{"user":"u"}"#, #"{"user":"u","date":"2026-02-30"}"#, #"{"user":"","date":"2026-01-01"}"#,
      "{\"user\":\"u\u{7F}\",\"date\":\"2026-01-01\"}", #"{"user":"é","date":"2026-01-01"}"#, #"[1]"#, "", "{}",
      #"{"user":"u","date":"2026-01-01","x":1.}"#, #"{"user":"u","date":"2026-01-01","x":-}"#,
      #"{"user":"u","date":"2026-01-01","x":.5}"#, #"{"user":"u","date":"2026-01-01","x":1e}"#,
      #"{"user":"u","date":"2026-01-01","x":+1}"#, #"{"user":"u","date":"2026-01-01","x":1e999}"#,
      #"{"user":"u","date":"2026-01-01","x":"1"}"#, #"{"user":"u","date":"2026-01-01","n":1 2}"#,
      #"{"user":"u","date":"2026-01-01","n":true}"#, #"{"user":null,"date":"2026-01-01"}"#,
      #"{"user":"u","date":"2026-01-01","x":101}"#, "{\"user\":\"u\",\"date\":\"2026-01-01\"}\r",
      #"{"user":"\#(String(repeating: "u", count: 257))","date":"2026-01-01"}"#,
      #"{"user":"u","date":"2026-01-01","mood":"mi\d"}"#, #"{"user":"u","date":"2026-01-01","n":[1]}"#,
    ]
    for line in lines { #expect(straight(line, catalog) == nil, "\(line)") }
  }

  @Test func aFileReadInPartsReportsByLineInLineOrder() throws {
    let catalog = try loadCatalog("discipline")
    var lines: [String] = []
    let first = day("2026-01-01")
    for index in 0..<36_000 {
      let date = CalendarDay(number: first.number + index % 300)
      lines.append(#"{"user": "user-\#(index / 300)", "date": "\#(date)", "planned": true, "completed": false}"#)
    }
    lines[19_999] = "not json"
    lines.append(#"{"user": "user-0", "date": "2026-01-01", "planned": false}"#)
    lines.append(#"{"user": "a", "date": "2026-01-01", "planned": ""# + String(repeating: "x", count: 70_000) + "\"}")
    lines.append(#"{"user": "user-1", "date": "2026-01-01", "completed": true}"#)
    let text = lines.joined(separator: "\r\n")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("parts-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    try text.write(to: file, atomically: true, encoding: .utf8)
    var parts: [Range<Int>] = []
    Array(text.utf8).withUnsafeBufferPointer { bytes in parts = JSONLinesChunk.cuts(bytes, into: 4) }
    #expect(parts.count >= 2)
    #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == text.utf8.count)
    #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    #expect(parts.dropLast().allSatisfy { Array(text.utf8)[$0.upperBound - 1] == 0x0A })

    var importer = Importer(catalog: catalog)
    importer.read(file: file.path)
    #expect(
      importer.errors == [
        "\(file.path):20000: error: not valid JSON: unexpected word (at byte 1)",
        "\(file.path):36001: error: user-0 has a record for 2026-01-01 already (\(file.path):1); keep one record per day",
        "\(file.path):36002: error: the line is 70050 bytes long; at most 65536 are allowed",
        "\(file.path):36003: error: user-1 has a record for 2026-01-01 already (\(file.path):301); keep one record per day",
      ])
    #expect(importer.records.count == 35_999)
    #expect(importer.records.first?.record == #"{"planned":true,"completed":false}"#)
    #expect(
      importer.records.map(\.user)
        == lines.prefix(36_000).enumerated().filter { $0.offset != 19_999 }.map {
          "user-\($0.offset / 300)"
        })
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import RulesTestSupport
import StoreTestSupport
import Testing

@testable import RulesBackend

/// `days.encoded`: a stored record in the engine's encoded form reads back as its JSON does;
/// bytes of other inputs (a changed catalog) or malformed bytes are not read (the JSON is).
@Suite struct RecordEncodingTests {
  @Test(arguments: ShippedCatalogs.names)
  func everyGeneratedRecordReadsBackAsItsJSON(_ name: String) throws {
    let catalog = try loadCatalog(name)
    let generated = GeneratedUsers(catalog: catalog, count: 3, span: 40, last: day("2026-03-31"), seed: 5)
    var importer = Importer(catalog: catalog)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("encoding-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: folder) }
    try generated.jsonLines().write(to: folder, atomically: true, encoding: .utf8)
    importer.read(file: folder.path)
    #expect(importer.errors.isEmpty)
    #expect(!importer.records.isEmpty)
    for record in importer.records {
      let data = try #require(record.encoded, "every imported record is encoded")
      let values = try #require(catalog.encoding.decode(data))
      #expect(values == catalog.decoder.decode(record.record, date: record.date)?.values)
    }
  }

  @Test func bytesOfOtherInputsOrMalformedAreNotRead() throws {
    let discipline = try loadCatalog("discipline")
    let data = try #require(discipline.encoded(#"{"planned":true,"completed":false}"#))
    #expect(discipline.encoding.decode(data) != nil)
    #expect(try loadCatalog("rizq").encoding.decode(data) == nil, "another catalog's inputs")
    for length in 0..<data.count { #expect(discipline.encoding.decode(data.prefix(length)) == nil) }
    #expect(discipline.encoding.decode(data + Data([0])) == nil)
    var bad = data
    bad[8] = 4  // planned = 2: not a bool
    #expect(discipline.encoding.decode(bad) == nil)
  }

  /// Issue 54: discipline's streak is final once a day reports `completed`: its stored days keep
  /// the inputs they name (a bitmap after the values, the fingerprint saying so), whichever way
  /// they are read; another catalog's encoding is as it was.
  @Test func theInputsADayNamesAreKeptForACatalogThatReadsThem() throws {
    let discipline = try loadCatalog("discipline")
    #expect(discipline.encoding.tracksReported)
    #expect(!(try loadCatalog("rizq").encoding.tracksReported))
    for (text, named) in [
      (#"{"planned":true}"#, [0]), (#"{"planned":true,"completed":false}"#, [0, 1]),
      (#"{"planned":true,"completed":null}"#, [0]), ("{}", []), (#"{"completed":true}"#, [1]),
    ] {
      let data = try #require(discipline.encoded(text), "\(text)")
      #expect(data.count == 8 + 2 + 1, "\(text): the values, then one byte of bitmap")
      #expect(discipline.encoding.decodeRecord(data)?.reported == named, "\(text)")
      #expect(discipline.read(record: text, encoded: data)?.reported == named, "\(text): the encoded form")
      #expect(discipline.read(record: text, encoded: nil)?.reported == named, "\(text): the JSON, quickly")
      #expect(discipline.validatingRead(text)?.reported == named, "\(text): the JSON, validating")
      // The PUT's and the import's way: the checked record.
      let pairs: [(String, JSONValue)] =
        text == "{}" ? [] : try JSONReader.parse(text.utf8).objectPairs
      guard case .success(let valid) = discipline.schema.record(pairs) else {
        Issue.record("\(text) is refused")
        continue
      }
      #expect(valid.reported == named, "\(text)")
      #expect(discipline.encoded(valid) == data, "\(text)")
    }
    // A day encoded before (the values alone, the older fingerprint) is not read from its bytes:
    // its JSON names the inputs.
    let older = RecordEncoding(inputs: discipline.validated.inputs).encode([1, 0])
    #expect(discipline.encoding.decodeRecord(older) == nil)
    #expect(discipline.read(record: #"{"planned":true}"#, encoded: older)?.reported == [0])
  }
}

extension JSONValue {
  fileprivate var objectPairs: [(String, JSONValue)] {
    if case .object(let pairs) = self { return pairs }
    return []
  }
}

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
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource
import YAMLReader

/// Catalogs loaded and checked the way `rules check` does, from memory.
package enum Catalogs {
  /// The rule module the shipped catalogs import, so that a fuzzed catalog can import it too.
  package static let levelsPath = "rules/levels.yaml"
  package static let levels: [UInt8] = Array(
    (try? Data(contentsOf: Repository.root.appendingPathComponent(levelsPath))) ?? Data())

  /// Validates `bytes` as `catalogs/catalog.yaml`, next to `rules/levels.yaml`.
  package static func validate(_ bytes: [UInt8], path: String = "catalogs/catalog.yaml") -> CatalogValidation {
    CatalogFiles.validate(path: path, reader: MemoryFiles.reader([path: bytes, levelsPath: levels]))
  }

  package static func validate(_ text: String) -> CatalogValidation {
    validate(Array(text.utf8))
  }

  /// A shipped catalog, checked from its file; stops the fuzzer when it does not check cleanly.
  package static func shipped(_ name: String) -> ValidatedCatalog {
    let path = Repository.root.appendingPathComponent("catalogs/\(name).yaml").path
    let result = CatalogFiles.validate(path: path)
    guard let checked = result.validated else {
      Invariant.fail("catalogs/\(name).yaml does not check: \(result.diagnostics.map(\.description))")
    }
    return checked
  }
}

/// Histories read the way `HistoryFiles.load` reads them, from bytes (bad UTF-8 included).
package enum Histories {
  package static func read(_ source: SourceFile, inputs: [Input]) -> (History?, [Diagnostic]) {
    let result = YAMLDocumentReader().read(source)
    guard result.root != nil || !result.diagnostics.hasErrors else { return (nil, result.diagnostics) }
    let (history, problems) = HistoryDecoder.decode(result.root, file: source.path, inputs: inputs)
    let diagnostics = result.diagnostics + problems
    return (diagnostics.hasErrors ? nil : history, diagnostics)
  }
}

extension Invariant {
  /// An accepted history: one record per day in date order, every value one its input allows.
  package static func wellFormed(_ history: History, inputs: [Input]) {
    var previous: CalendarDay?
    for record in history.records {
      if let previous, record.date <= previous { fail("records out of order: \(previous), then \(record.date)") }
      previous = record.date
      guard record.values.count == inputs.count else {
        fail("a record with \(record.values.count) values for \(inputs.count) inputs")
      }
      for (input, raw) in zip(inputs, record.values) {
        let value = input.decode(raw)
        let number: Double? =
          switch value {
          case .int(let int): Double(int)
          case .number(let double): double
          default: nil
          }
        guard let number else { continue }
        if !number.isFinite { fail("\(input.name) is \(number) on \(record.date)") }
        if let min = input.min, number < min { fail("\(input.name) is \(number) < \(min) on \(record.date)") }
        if let max = input.max, number > max { fail("\(input.name) is \(number) > \(max) on \(record.date)") }
      }
    }
  }
}

/// The repository this package lives in (Fuzz/ is one of its folders).
package enum Repository {
  package static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
}

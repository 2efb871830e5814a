import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import Testing

@testable import RulesReach

/// Catalogs and histories written inline, read the way the commands read files.
enum Inline {
  static func validated(_ yaml: String, path: String = "planted.yaml") throws -> ValidatedCatalog {
    let result = CatalogFiles.validate(path: path, reader: YAMLDocuments.reader(files: [path: yaml]))
    guard let validated = result.validated else {
      throw InlineError(text: result.diagnostics.map(\.description).joined(separator: "\n"))
    }
    return validated
  }
}

struct InlineError: Error, CustomStringConvertible {
  var text: String
  var description: String { text }
}

/// Replays witnesses as `rules replay` does: the history file's text read by the history
/// reader, every date checked, to the witness's last date.
enum WitnessReplay {
  /// The first date on which `item` is reached when `witness` is replayed, or nil; and the
  /// number of dates replayed (skipped ones included, as the history counts them).
  static func firstReach(
    _ item: ReachReport.Item, witness: Witness, catalog: ValidatedCatalog
  ) throws -> CalendarDay? {
    let text = witness.yaml(catalog: catalog, reaching: item.key)
    let load = HistoryFiles.load(text: text, path: "witness.yaml", inputs: catalog.inputs)
    guard let history = load.history else {
      throw InlineError(text: "the witness does not read: \(load.diagnostics.map(\.description))\n\(text)")
    }
    let days = CheckRunner.replay(Program(catalog), history: history, from: nil, to: witness.last)
    for evaluation in days {
      let reached =
        item.kind == .badge
        ? evaluation.badges.new.contains(item.id) : evaluation.milestones.reached.contains(item.id)
      if reached { return evaluation.date }
    }
    return nil
  }

  /// Checks that each reachable or always item's witness is replayed to it on its last date,
  /// in exactly its fewest days, and not before.
  static func check(_ report: ReachReport, catalog: ValidatedCatalog, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    for item in report.items where item.status == .reachable || item.status == .always {
      guard let witness = item.witness else {
        Issue.record("\(item.key) has no witness", sourceLocation: sourceLocation)
        continue
      }
      #expect(witness.count == item.fewestDays, "\(item.key)", sourceLocation: sourceLocation)
      let first = try firstReach(item, witness: witness, catalog: catalog)
      #expect(
        first == witness.last, "\(item.key): reached on \(String(describing: first)), not \(witness.last)",
        sourceLocation: sourceLocation)
    }
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit

/// A catalog and a history written inline, read the way the commands read files.
enum Inline {
  static let catalog = """
    catalog: demo
    name: Demo
    inputs:
      done: {type: bool}
      steps: {type: int}
    streaks:
      daily: {counts: done}
    metrics:
      total_steps: total(steps)
    milestones:
      streak: daily
      list:
        - {id: two, day: 2, name: Two days}
        - {id: five, day: 5, name: Five days, tags: [big]}
    groups:
      - {id: ladder, progressive: true}
    badges:
      - {id: first, name: First, when: daily.current >= 1, tags: [start]}
      - {id: three, name: Three, when: daily.current >= 3 && total_steps >= 10, xp: 20}
      - {id: step-1, name: Step 1, group: ladder, when: total_steps >= 1}
      - {id: step-2, name: Step 2, group: ladder, when: total_steps >= 2}
    quotes:
      rotation: day
      list:
        - {id: q1, text: One, source: Someone}
        - {id: q2, text: Two, tags: [start]}
    messages:
      - id: going
        when: daily.current >= 1
        title: Going
        text: "{daily.current} days"
        tags: [start]
      - {id: start, text: Start today}
    """

  static func validated(_ yaml: String = catalog) throws -> ValidatedCatalog {
    let result = CatalogFiles.validate(path: "demo.yaml", reader: YAMLDocuments.reader(files: ["demo.yaml": yaml]))
    guard let validated = result.validated else {
      throw InlineError(text: result.diagnostics.map(\.description).joined(separator: "\n"))
    }
    return validated
  }

  static func history(_ yaml: String, for catalog: ValidatedCatalog) throws -> History {
    let result = HistoryFiles.load(text: yaml, path: "history.yaml", inputs: catalog.inputs)
    guard let history = result.history else {
      throw InlineError(text: result.diagnostics.map(\.description).joined(separator: "\n"))
    }
    return history
  }

  static func day(_ text: String) -> CalendarDay { try! CalendarDay(text) }
}

struct InlineError: Error, CustomStringConvertible {
  var text: String
  var description: String { text }
}

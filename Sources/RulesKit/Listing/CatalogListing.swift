import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// What a catalog holds, for `rules list`: milestones, badges, quotes and messages, with
/// their display fields, optionally only those with a tag.
package struct CatalogListing {
  package let catalog: Catalog
  package let tag: String?

  package init(catalog: Catalog, tag: String?) {
    self.catalog = catalog
    self.tag = tag
  }

  private func keep(_ tags: [String]) -> Bool { tag.map(tags.contains) ?? true }

  /// The entries of one kind as JSON objects, each as `rules export` writes it (one encoder
  /// for both).
  package func entries(_ kind: String) -> [JSONValue] {
    switch kind {
    case "milestones":
      (catalog.milestones?.milestones ?? []).filter { keep($0.tags) }.map(CatalogExport.milestone)
    case "badges": catalog.badges.filter { keep($0.tags) }.map(CatalogExport.badge)
    case "quotes": (catalog.quotes?.quotes ?? []).filter { keep($0.tags) }.map(CatalogExport.quote)
    case "messages": catalog.messages.filter { keep($0.tags) }.map(CatalogExport.message)
    default: []
    }
  }

  /// The entries of the kinds asked for, for people.
  package func text(_ kinds: [String]) -> String {
    var lines: [String] = []
    for kind in kinds {
      let rows: [[String]]
      switch kind {
      case "milestones":
        rows = (catalog.milestones?.milestones ?? []).filter { keep($0.tags) }.map { milestone in
          [
            "day \(milestone.day)", milestone.id,
            [milestone.display["name"], milestone.display["title"], milestone.display["meaning"]]
              .compactMap { $0 }.map(Bidi.isolated).joined(separator: " — "),
            milestone.tags.isEmpty ? "" : "[" + milestone.tags.joined(separator: ", ") + "]",
          ]
        }
      case "badges":
        rows = catalog.badges.filter { keep($0.tags) }.map { badge in
          // A badge's prerequisites after its criterion (its criterion alone when it has none).
          let requires = badge.requires.isEmpty ? "" : "requires " + badge.requires.map(\.id).joined(separator: ", ")
          let criterion = badge.whenWritten ? badge.when.text + (requires.isEmpty ? "" : "; " + requires) : requires
          return [badge.id, Bidi.isolated(badge.name), criterion, badge.group.map { "(\($0))" } ?? ""]
        }
      case "quotes":
        rows = (catalog.quotes?.quotes ?? []).filter { keep($0.tags) }.map { quote in
          [quote.id, Bidi.isolated(quote.text) + (quote.source.map { " — \(Bidi.isolated($0))" } ?? "")]
        }
      default:
        rows = catalog.messages.filter { keep($0.tags) }.map { message in
          [message.id, message.when?.text ?? "(always)", Bidi.isolated(message.title?.text ?? "")]
        }
      }
      if !lines.isEmpty { lines.append("") }
      lines.append("\(kind.prefix(1).uppercased())\(kind.dropFirst()) (\(rows.count))")
      let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { Bidi.width($0[column]) }.max() ?? 0 }
      for row in rows {
        let cells = row.enumerated().map { column, cell in
          column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - Bidi.width(cell))
        }
        var line = "  " + cells.joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        lines.append(line)
      }
    }
    return lines.joined(separator: "\n")
  }
}

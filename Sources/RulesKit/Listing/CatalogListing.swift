import Foundation
import RulesEngine

/// What a catalog holds, for `rules list`: milestones, badges, quotes and messages, with
/// their display fields, optionally only those with a tag.
public struct CatalogListing {
  public let catalog: Catalog
  public let tag: String?

  public init(catalog: Catalog, tag: String?) {
    self.catalog = catalog
    self.tag = tag
  }

  private func keep(_ tags: [String]) -> Bool { tag.map(tags.contains) ?? true }

  private static func display(_ display: Display) -> [(String, JSONValue)] {
    display.fields.map { ($0.key, JSONValue.string($0.value)) }
      + (display.extra.map { [("extra", $0)] } ?? [])
  }

  /// The entries of one kind as JSON objects.
  public func entries(_ kind: String) -> [JSONValue] {
    switch kind {
    case "milestones":
      return (catalog.milestones?.milestones ?? []).filter { keep($0.tags) }.map { milestone in
        .object(
          [("id", .string(milestone.id)), ("day", .int(milestone.day))] + Self.display(milestone.display)
            + [("tags", .array(milestone.tags.map(JSONValue.string)))])
      }
    case "badges":
      return catalog.badges.filter { keep($0.tags) }.map { badge in
        var fields: [(String, JSONValue)] = [("id", .string(badge.id)), ("name", .string(badge.name))]
        if let description = badge.description { fields.append(("description", .string(description))) }
        if let category = badge.category { fields.append(("category", .string(category))) }
        fields.append(("when", .string(badge.when.text)))
        if badge.xp > 0 { fields.append(("xp", .int(badge.xp))) }
        if let group = badge.group { fields.append(("group", .string(group))) }
        fields += Self.display(badge.display)
        fields.append(("tags", .array(badge.tags.map(JSONValue.string))))
        return .object(fields)
      }
    case "quotes":
      return (catalog.quotes?.quotes ?? []).filter { keep($0.tags) }.map { quote in
        var fields: [(String, JSONValue)] = [("id", .string(quote.id)), ("text", .string(quote.text))]
        if let arabic = quote.arabic { fields.append(("arabic", .string(arabic))) }
        if let source = quote.source { fields.append(("source", .string(source))) }
        if let category = quote.category { fields.append(("category", .string(category))) }
        fields.append(("tags", .array(quote.tags.map(JSONValue.string))))
        return .object(fields)
      }
    case "messages":
      return catalog.messages.filter { keep($0.tags) }.map { message in
        var fields: [(String, JSONValue)] = [("id", .string(message.id))]
        fields.append(("when", message.when.map { .string($0.text) } ?? .null))
        if let title = message.title { fields.append(("title", .string(title.text))) }
        if message.text.count == 1 && message.text[0].when == nil {
          fields.append(("text", .string(message.text[0].text.text)))
        } else {
          fields.append(
            (
              "text",
              .array(
                message.text.map { variant in
                  .object([
                    ("when", variant.when.map { .string($0.text) } ?? .null), ("text", .string(variant.text.text)),
                  ])
                })
            ))
        }
        if let action = message.action { fields.append(("action", .string(action.text))) }
        fields += Self.display(message.display)
        fields.append(("tags", .array(message.tags.map(JSONValue.string))))
        return .object(fields)
      }
    default:
      return []
    }
  }

  /// The entries of the kinds asked for, for people.
  public func text(_ kinds: [String]) -> String {
    var lines: [String] = []
    for kind in kinds {
      let rows: [[String]]
      switch kind {
      case "milestones":
        rows = (catalog.milestones?.milestones ?? []).filter { keep($0.tags) }.map { milestone in
          [
            "day \(milestone.day)", milestone.id,
            [milestone.display["name"], milestone.display["title"], milestone.display["meaning"]]
              .compactMap { $0 }.joined(separator: " — "),
            milestone.tags.isEmpty ? "" : "[" + milestone.tags.joined(separator: ", ") + "]",
          ]
        }
      case "badges":
        rows = catalog.badges.filter { keep($0.tags) }.map { badge in
          [badge.id, badge.name, badge.when.text, badge.group.map { "(\($0))" } ?? ""]
        }
      case "quotes":
        rows = (catalog.quotes?.quotes ?? []).filter { keep($0.tags) }.map { quote in
          [quote.id, quote.text + (quote.source.map { " — \($0)" } ?? "")]
        }
      default:
        rows = catalog.messages.filter { keep($0.tags) }.map { message in
          [message.id, message.when?.text ?? "(always)", message.title?.text ?? ""]
        }
      }
      if !lines.isEmpty { lines.append("") }
      lines.append("\(kind.prefix(1).uppercased())\(kind.dropFirst()) (\(rows.count))")
      let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
      for row in rows {
        let cells = row.enumerated().map { column, cell in
          column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
        }
        var line = "  " + cells.joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        lines.append(line)
      }
    }
    return lines.joined(separator: "\n")
  }
}

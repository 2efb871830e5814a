@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// `rules reach`'s output: the JSON tools read and the table people read.
extension ReachReport {
  /// `{"catalog", "horizon", "items": [{"kind", "id", "status", "fewest_days", "reason",
  /// "witness"}]}`; `witnesses` gives each item's witness file by id (`kind/id`), when written.
  package func json(witnesses: [String: String] = [:]) -> JSONValue {
    .object([
      ("catalog", .string(catalog)),
      ("horizon", .int(horizon)),
      (
        "items",
        .array(
          items.map { item in
            .object([
              ("kind", .string(item.kind.rawValue)),
              ("id", .string(item.id)),
              ("status", .string(item.status.rawValue)),
              ("fewest_days", item.fewestDays.map(JSONValue.int) ?? .null),
              ("reason", item.reason.map(JSONValue.string) ?? .null),
              ("witness", witnesses[item.key].map(JSONValue.string) ?? .null),
            ])
          })
      ),
    ])
  }

  /// The table: one section per kind, a row per item (id, status, fewest days, why).
  package var text: String {
    var lines = ["\(catalog) (horizon \(horizon) days)"]
    for kind in [Kind.badge, .milestone] {
      let rows = items.filter { $0.kind == kind }
      guard !rows.isEmpty else { continue }
      lines.append("")
      lines.append(kind == .badge ? "Badges" : "Milestones")
      let cells = rows.map { item in
        [item.id, item.status.rawValue, item.fewestDays.map(String.init) ?? "-", item.reason ?? ""]
      }
      let header = ["id", "status", "fewest days", "why"]
      var widths = header.map(\.count)
      for row in cells {
        for column in 0..<3 { widths[column] = max(widths[column], row[column].count) }
      }
      func line(_ row: [String]) -> String {
        var text = "  "
        for column in 0..<3 { text += row[column].padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0) }
        return (text + row[3]).trimmingTrailingSpaces
      }
      lines.append(line(header))
      for row in cells { lines.append(line(row)) }
    }
    if !groupOrders.isEmpty {
      lines.append("")
      lines.append("Progressive groups out of order")
      for order in groupOrders { lines.append("  " + order.sentence) }
    }
    return lines.joined(separator: "\n")
  }
}

extension ReachReport.Item {
  /// `badge/ID` or `milestone/ID`: the item's name among a catalog's items (and its witness
  /// file's, `badge-ID.yaml`).
  package var key: String { "\(kind.rawValue)/\(id)" }

  /// `badge-ID` or `milestone-ID`: its witness file's name without `.yaml` (`--witness`, the
  /// studio's journey page).
  package var fileName: String { "\(kind.rawValue)-\(id)" }
}

extension ReachReport.GroupOrder {
  /// What `rules check` and `rules reach` say of it.
  package var sentence: String {
    "'\(later)' (from day \(laterDays)) is reached in fewer days than '\(earlier)' (from day \(earlierDays)) before it in the progressive group '\(group)': it always waits behind it"
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}

import RulesEngine

/// A replay as a table: one row per day.
struct ReplayTable {
  let catalog: ValidatedCatalog

  func render(_ days: [Evaluation]) -> String {
    var header = ["date"] + catalog.streaks.map(\.streak.name)
    let hasMilestones = catalog.catalog.milestones != nil
    if hasMilestones { header.append("milestone") }
    header += ["unlocked", "message"]
    var rows: [[String]] = [header]
    for day in days {
      var row = [day.date.description]
      row += day.streaks.map { String($0.current) }
      if hasMilestones { row.append(day.milestones.today ?? "") }
      row.append(day.badges.new.joined(separator: ", "))
      row.append(day.message?.id ?? "")
      rows.append(row)
    }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }.joined(separator: "\n")
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}

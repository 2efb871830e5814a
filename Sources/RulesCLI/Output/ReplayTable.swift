@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A replay as a table: one row per day. A day a freeze covered has the seed's shield (🛡)
/// beside the streak it protected.
struct ReplayTable {
  let catalog: ValidatedCatalog

  /// The mark of a protected day: the shield in emoji presentation (two columns wide).
  static let shield = "\u{1F6E1}\u{FE0F}"

  /// The columns `cell` takes on a terminal (the shield takes two).
  static func width(_ cell: String) -> Int {
    cell.count + (cell.contains(shield) ? 1 : 0)
  }

  func render(_ days: [Evaluation]) -> String {
    // A day is known to be protected once it is finished: at the next check (or the same one,
    // for a streak whose day is final). Every day a report names as protected is marked.
    var protected: [Set<CalendarDay>] = catalog.streaks.map { _ in [] }
    for day in days {
      for (index, streak) in day.streaks.enumerated() {
        if let date = streak.lastProtected { protected[index].insert(date) }
      }
    }
    var header = ["date"] + catalog.streaks.map(\.streak.name)
    let hasMilestones = catalog.catalog.milestones != nil
    if hasMilestones { header.append("milestone") }
    header += ["unlocked", "message"]
    var rows: [[String]] = [header]
    for day in days {
      var row = [day.date.description]
      row += day.streaks.enumerated().map { index, streak in
        "\(streak.current)" + (protected[index].contains(day.date) ? " \(Self.shield)" : "")
      }
      if hasMilestones { row.append(day.milestones.today ?? "") }
      row.append(day.badges.new.joined(separator: ", "))
      row.append(day.message?.id ?? "")
      rows.append(row)
    }
    let widths = header.indices.map { column in rows.map { Self.width($0[column]) }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - Self.width(cell))
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

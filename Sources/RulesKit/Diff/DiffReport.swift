@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// `rules diff`'s output: JSON for tools (a contract: more keys may be added) and a table for
/// a terminal.
package struct DiffReport: Sendable {
  package var diff: CatalogDiff
  package var impact: DiffImpact?
  /// Users listed per row (`--sample N`).
  package var sample: Int

  package init(diff: CatalogDiff, impact: DiffImpact?, sample: Int = 0) {
    self.diff = diff
    self.impact = impact
    self.sample = sample
  }

  // MARK: - JSON

  package var json: JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("old", .object([("catalog", .string(diff.old.catalog)), ("version", .int(diff.old.version))])),
      ("new", .object([("catalog", .string(diff.new.catalog)), ("version", .int(diff.new.version))])),
      ("changes", .array(diff.changes.map(Self.json))),
      ("catalog_fields", .array(diff.catalogFields.map(JSONValue.string))),
      ("warnings", .array(diff.warnings.map(JSONValue.string))),
    ]
    if let impact { pairs.append(("impact", json(impact))) }
    return .object(pairs)
  }

  static func json(_ change: CatalogDiff.Change) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("section", .string(change.section)), ("id", .string(change.id)), ("change", .string(change.change)),
    ]
    if change.change == "changed" { pairs.append(("fields", .array(change.fields.map(JSONValue.string)))) }
    if let from = change.from { pairs.append(("from", .string(from))) }
    return .object(pairs)
  }

  private func json(_ impact: DiffImpact) -> JSONValue {
    func holdings(_ table: [String: DiffImpact.Holding], eligible: Bool = false) -> JSONValue {
      .object(
        table.keys.sorted().map { id in
          let row = table[id]!
          var pairs: [(String, JSONValue)] = [
            ("hold", .int(row.hold)), ("would_hold", .int(row.wouldHold)), ("gain", .int(row.gain.count)),
            ("kept_unearned", .int(row.keptUnearned.count)),
          ]
          if eligible {
            pairs.append(("eligible", .int(row.eligible)))
            pairs.append(("would_be_eligible", .int(row.wouldBeEligible)))
          }
          if sample > 0 {
            pairs.append(
              (
                "gain_users",
                .array(
                  row.gain.prefix(sample).map {
                    .object([("user", .string($0.user)), ("date", $0.date.map { .string($0.description) } ?? .null)])
                  })
              ))
            pairs.append(("kept_unearned_users", .array(row.keptUnearned.prefix(sample).map(JSONValue.string))))
          }
          return (id, .object(pairs))
        })
    }
    func shifts(_ table: [String: DiffImpact.Shift]) -> JSONValue {
      .object(
        table.keys.sorted().map { name in
          let row = table[name]!
          var pairs: [(String, JSONValue)] = [
            ("changed", .int(row.changed.count)),
            ("by_delta", .object(Self.deltaOrder(row.byDelta).map { ($0, .int(row.byDelta[$0]!)) })),
          ]
          if sample > 0 { pairs.append(("users", .array(row.changed.prefix(sample).map(JSONValue.string)))) }
          return (name, .object(pairs))
        })
    }
    func counts(_ table: [String: (old: Int, new: Int)]) -> JSONValue {
      .object(
        table.keys.sorted().map { ($0, .object([("old", .int(table[$0]!.old)), ("new", .int(table[$0]!.new))])) })
    }
    return .object([
      ("users", .int(impact.users)), ("date", .string(impact.date.description)),
      ("badges", holdings(impact.badges, eligible: true)), ("milestones", holdings(impact.milestones)),
      ("streaks", shifts(impact.streaks)), ("metrics", shifts(impact.metrics)),
      ("messages", counts(impact.messages)), ("quotes", counts(impact.quotes)),
      (
        "failed",
        .array(impact.failed.map { .object([("user", .string($0.user)), ("message", .string($0.message))]) })
      ),
    ])
  }

  /// Deltas from the largest loss to the largest gain, `changed` last.
  static func deltaOrder(_ byDelta: [String: Int]) -> [String] {
    byDelta.keys.sorted { a, b in
      switch (Double(a), Double(b)) {
      case (let x?, let y?): x < y
      case (nil, _?): false
      case (_?, nil): true
      case (nil, nil): a < b
      }
    }
  }

  // MARK: - Text

  package var text: String {
    var lines: [String] = []
    let versions =
      diff.old.version == diff.new.version
      ? "version \(diff.new.version)" : "version \(diff.old.version) → \(diff.new.version)"
    let name = diff.old.catalog == diff.new.catalog ? diff.new.catalog : "\(diff.old.catalog) → \(diff.new.catalog)"
    lines.append("\(name) (\(versions)): " + (diff.isEmpty ? "no changes" : "\(diff.changes.count) changes"))
    if !diff.catalogFields.isEmpty {
      lines.append("  catalog    changed  \(diff.catalogFields.joined(separator: ", "))")
    }
    for change in diff.changes {
      var line = "  " + Self.pad(change.section, 10) + " " + Self.pad(change.change, 8) + " " + change.id
      if change.change == "changed" { line += " (\(change.fields.joined(separator: ", ")))" }
      if let from = change.from { line += " (was \(from))" }
      lines.append(line)
    }
    for warning in diff.warnings { lines.append("warning: \(warning)") }
    guard let impact else { return lines.joined(separator: "\n") }
    lines.append("")
    lines.append("Impact on \(impact.users) users as of \(impact.date) (each counted from their first day):")
    lines += table("badge", impact.badges, eligible: true)
    if impact.milestones.values.contains(where: { $0.hold > 0 || $0.wouldHold > 0 }) {
      lines += table("milestone", impact.milestones)
    }
    let moved = (impact.streaks.merging(impact.metrics) { a, _ in a }).filter { !$0.value.changed.isEmpty }
    if moved.isEmpty {
      lines.append("  no streak or metric changes for any user")
    } else {
      lines.append("  values that change:")
      for name in moved.keys.sorted() {
        let row = moved[name]!
        let deltas = Self.deltaOrder(row.byDelta).map { "\($0): \(row.byDelta[$0]!)" }.joined(separator: ", ")
        var line = "    \(Self.pad(name, 24)) \(row.changed.count) users (\(deltas))"
        if sample > 0 { line += " e.g. " + row.changed.prefix(sample).joined(separator: ", ") }
        lines.append(line)
      }
    }
    for (title, table) in [("message today", impact.messages), ("quote today", impact.quotes)]
    where table.values.contains(where: { $0.old != $0.new }) {
      let changed = table.keys.sorted().filter { table[$0]!.old != table[$0]!.new }
      lines.append(
        "  \(title): " + changed.map { "\($0) \(table[$0]!.old) → \(table[$0]!.new)" }.joined(separator: ", "))
    }
    for failure in impact.failed { lines.append("  error: \(failure.user): \(failure.message)") }
    return lines.joined(separator: "\n")
  }

  private func table(_ title: String, _ rows: [String: DiffImpact.Holding], eligible: Bool = false) -> [String] {
    let ids = rows.keys.sorted()
    let width = max(title.count, ids.map(\.count).max() ?? 0)
    var lines = [
      "  " + Self.pad(title, width) + "  hold  would hold  gain  kept unearned"
        + (eligible ? "  eligible  would be eligible" : "")
    ]
    for id in ids {
      let row = rows[id]!
      var line =
        "  " + Self.pad(id, width) + "  " + Self.right(row.hold, 4) + "  " + Self.right(row.wouldHold, 10) + "  "
        + Self.right(row.gain.count, 4) + "  " + Self.right(row.keptUnearned.count, 13)
      if eligible { line += "  " + Self.right(row.eligible, 8) + "  " + Self.right(row.wouldBeEligible, 17) }
      if sample > 0, !row.gain.isEmpty {
        line +=
          "  gain: "
          + row.gain.prefix(sample).map { "\($0.user)\($0.date.map { " \($0)" } ?? "")" }.joined(separator: ", ")
      }
      if sample > 0, !row.keptUnearned.isEmpty {
        line += "  kept unearned: " + row.keptUnearned.prefix(sample).joined(separator: ", ")
      }
      lines.append(line)
    }
    return lines
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  static func right(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }
}

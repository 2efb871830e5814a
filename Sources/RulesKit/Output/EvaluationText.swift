import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// An evaluation for people, as `rules eval` prints it: what the app would show.
package struct EvaluationText: Sendable {
  /// The catalog evaluated (for badge names, milestone labels and the title).
  package let catalog: ValidatedCatalog

  /// A renderer for evaluations of `catalog`.
  package init(catalog: ValidatedCatalog) {
    self.catalog = catalog
  }

  private func badgeName(_ id: String) -> String {
    Self.isolated(catalog.badges.first { $0.badge.id == id }?.badge.name ?? id)
  }

  /// `text` isolated when it is right-to-left (`Bidi.isolated`).
  static func isolated(_ text: String) -> String { Bidi.isolated(text) }

  /// "once", "2 times".
  static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

  /// The evaluation as text, without a final newline.
  package func render(_ evaluation: Evaluation) -> String {
    var lines: [String] = []
    let title = Self.isolated(catalog.catalog.name ?? evaluation.catalog)
    lines.append("\(title) — \(evaluation.user.map { "\($0), " } ?? "")\(evaluation.date)")

    if !evaluation.streaks.isEmpty {
      lines.append("")
      lines.append("Streaks")
      let width = evaluation.streaks.map(\.name.count).max() ?? 0
      for streak in evaluation.streaks {
        var line = "  \(pad(streak.name, width))  \(days(streak.current)) (best \(streak.best))"
        if let period = streak.period {
          // A periodic streak counts periods: "3 in a row (best 5), 2026-W22: 2 of 3 days".
          let unit = period.id.contains("W") ? "week" : "month"
          line =
            "  \(pad(streak.name, width))  \(streak.current) \(unit)\(streak.current == 1 ? "" : "s") in a row (best \(streak.best)), "
            + "\(period.id): \(period.count) of \(period.goal) day\(period.goal == 1 ? "" : "s")"
        }
        if streak.freezes > 0 { line += ", \(streak.freezes) freeze\(streak.freezes == 1 ? "" : "s")" }
        if let start = streak.start { line += ", since \(start)" }
        if let protected = streak.lastProtected { line += ", \u{1F6E1}\u{FE0F} protected \(protected)" }
        lines.append(line)
      }
    }
    if !evaluation.metrics.isEmpty {
      lines.append("")
      lines.append("Metrics")
      let width = evaluation.metrics.map(\.name.count).max() ?? 0
      for metric in evaluation.metrics {
        var line = "  \(pad(metric.name, width))  \(metric.value)"
        if let progress = evaluation.progress.first(where: { $0.name == metric.name }) {
          line +=
            "  (\(progress.current) / \(progress.target), \(Int((progress.progress * 100).rounded()))% to the next)"
        }
        lines.append(line)
      }
    }
    if !evaluation.leaderboards.isEmpty {
      lines.append("")
      lines.append("Leaderboards")
      let width = evaluation.leaderboards.map(\.id.count).max() ?? 0
      for leaderboard in evaluation.leaderboards {
        lines.append("  \(pad(leaderboard.id, width))  \(leaderboard.value)  (\(leaderboard.period))")
      }
    }
    if let streak = evaluation.milestones.streak, let track = catalog.catalog.milestones {
      lines.append("")
      lines.append("Milestones (\(streak))")
      func label(_ id: String) -> String {
        guard let milestone = track.milestones.first(where: { $0.id == id }) else { return id }
        let shown = [milestone.display["name"], milestone.display["title"]].compactMap { $0 }.map(Self.isolated)
        return "\(id) (day \(milestone.day)\(shown.isEmpty ? "" : ", " + shown.joined(separator: " — ")))"
      }
      if let today = evaluation.milestones.today {
        lines.append("  reached today: \(label(today))")
      }
      let missed = evaluation.milestones.new.filter { $0 != evaluation.milestones.today }
      if !missed.isEmpty {
        lines.append("  reached since the last check: " + missed.map(label).joined(separator: ", "))
      }
      lines.append(
        "  reached: \(evaluation.milestones.reached.isEmpty ? "none yet" : evaluation.milestones.reached.joined(separator: ", "))"
      )
      if let next = evaluation.milestones.next {
        if let daysUntil = next.daysUntil, let date = next.date {
          lines.append("  next: \(label(next.id)) in \(days(daysUntil)), on \(date)")
        } else {
          // A periodic streak's: its day counts periods.
          lines.append("  next: \(label(next.id))")
        }
      }
    }
    if !catalog.badges.isEmpty {
      lines.append("")
      lines.append("Badges")
      if !evaluation.badges.new.isEmpty {
        lines.append("  unlocked now: " + evaluation.badges.new.map(badgeName).joined(separator: ", "))
      }
      for unlock in evaluation.badges.unlocked {
        var line = "  ✓ \(badgeName(unlock.id)) (\(unlock.id), \(unlock.date))"
        // A repeating badge: this period's, and how many times in all.
        if let period = unlock.period { line += ", \(period), earned \(Self.times(unlock.times))" }
        lines.append(line)
      }
      for badge in evaluation.badges.locked {
        var line = "  · \(badgeName(badge.id)) (\(badge.id))"
        if let current = badge.current, let target = badge.target, let progress = badge.progress {
          line += ": \(current)/\(target) (\(Int((progress * 100).rounded()))%)"
        }
        if badge.waiting { line += ", " + BadgeExplanation.waiting }
        if let missing = badge.requires, !missing.isEmpty {
          line += ", needs " + missing.map(badgeName).joined(separator: ", ")
        }
        if badge.repeats != nil, badge.times > 0 { line += ", earned \(Self.times(badge.times)) before" }
        lines.append(line)
      }
      if let next = evaluation.badges.next {
        var line = "  next: \(badgeName(next.id))"
        if let current = next.current, let target = next.target { line += " (\(current)/\(target))" }
        lines.append(line)
      }
    }
    if let quote = evaluation.quote {
      lines.append("")
      lines.append("Quote of the day")
      if let arabic = quote.arabic { lines.append("  \(Self.isolated(arabic))") }
      // A quote without a text in this language (an Arabic verse read in Arabic) shows its
      // Arabic once, then its source.
      let source = quote.source.map { " — \(Self.isolated($0))" } ?? ""
      lines.append(quote.text.isEmpty ? "  " + source.dropFirst() : "  “\(Self.isolated(quote.text))”" + source)
    }
    if let message = evaluation.message {
      lines.append("")
      lines.append("Message")
      let look = [message.icon, message.color].compactMap { $0 }
      if let title = message.title {
        lines.append("  \(Self.isolated(title))" + (look.isEmpty ? "" : "  [\(look.joined(separator: ", "))]"))
      } else if !look.isEmpty {
        lines.append("  [\(look.joined(separator: ", "))]")
      }
      lines.append("  \(Self.isolated(message.text))")
      if let action = message.action { lines.append("  → \(Self.isolated(action))") }
    }
    return lines.joined(separator: "\n")
  }

  private func days(_ count: Int) -> String { "\(count) day\(count == 1 ? "" : "s")" }

  private func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}

import Foundation
import RulesEngine

/// An evaluation for people, as `rules eval` prints it: what the app would show.
public struct EvaluationText: Sendable {
  /// The catalog evaluated (for badge names, milestone labels and the title).
  public let catalog: ValidatedCatalog

  /// A renderer for evaluations of `catalog`.
  public init(catalog: ValidatedCatalog) {
    self.catalog = catalog
  }

  private func badgeName(_ id: String) -> String {
    catalog.badges.first { $0.badge.id == id }?.badge.name ?? id
  }

  /// The evaluation as text, without a final newline.
  public func render(_ evaluation: Evaluation) -> String {
    var lines: [String] = []
    let title = catalog.catalog.name ?? evaluation.catalog
    lines.append("\(title) — \(evaluation.user.map { "\($0), " } ?? "")\(evaluation.date)")

    if !evaluation.streaks.isEmpty {
      lines.append("")
      lines.append("Streaks")
      let width = evaluation.streaks.map(\.name.count).max() ?? 0
      for streak in evaluation.streaks {
        var line = "  \(pad(streak.name, width))  \(days(streak.current)) (best \(streak.best))"
        if streak.freezes > 0 { line += ", \(streak.freezes) freeze\(streak.freezes == 1 ? "" : "s")" }
        lines.append(line)
      }
    }
    if !evaluation.metrics.isEmpty {
      lines.append("")
      lines.append("Metrics")
      let width = evaluation.metrics.map(\.name.count).max() ?? 0
      for metric in evaluation.metrics {
        lines.append("  \(pad(metric.name, width))  \(metric.value)")
      }
    }
    if let streak = evaluation.milestones.streak, let track = catalog.catalog.milestones {
      lines.append("")
      lines.append("Milestones (\(streak))")
      func label(_ id: String) -> String {
        guard let milestone = track.milestones.first(where: { $0.id == id }) else { return id }
        let shown = [milestone.display["name"], milestone.display["title"]].compactMap { $0 }
        return "\(id) (day \(milestone.day)\(shown.isEmpty ? "" : ", " + shown.joined(separator: " — ")))"
      }
      if let today = evaluation.milestones.today {
        lines.append("  reached today: \(label(today))")
      }
      lines.append(
        "  reached: \(evaluation.milestones.reached.isEmpty ? "none yet" : evaluation.milestones.reached.joined(separator: ", "))"
      )
      if let next = evaluation.milestones.next {
        lines.append("  next: \(label(next.id)) in \(days(next.daysUntil))")
      }
    }
    if !catalog.badges.isEmpty {
      lines.append("")
      lines.append("Badges")
      if !evaluation.badges.new.isEmpty {
        lines.append("  unlocked now: " + evaluation.badges.new.map(badgeName).joined(separator: ", "))
      }
      for unlock in evaluation.badges.unlocked {
        lines.append("  ✓ \(badgeName(unlock.id)) (\(unlock.id), \(unlock.date))")
      }
      for badge in evaluation.badges.locked {
        var line = "  · \(badgeName(badge.id)) (\(badge.id))"
        if let current = badge.current, let target = badge.target, let progress = badge.progress {
          line += ": \(current)/\(target) (\(Int((progress * 100).rounded()))%)"
        }
        lines.append(line)
      }
    }
    if let quote = evaluation.quote {
      lines.append("")
      lines.append("Quote of the day")
      if let arabic = quote.arabic { lines.append("  \(arabic)") }
      lines.append("  “\(quote.text)”" + (quote.source.map { " — \($0)" } ?? ""))
    }
    if let message = evaluation.message {
      lines.append("")
      lines.append("Message")
      if let title = message.title { lines.append("  \(title)") }
      lines.append("  \(message.text)")
      if let action = message.action { lines.append("  → \(action)") }
    }
    return lines.joined(separator: "\n")
  }

  private func days(_ count: Int) -> String { "\(count) day\(count == 1 ? "" : "s")" }

  private func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}

import Foundation
import RulesBackend
import RulesStore

extension BatchSummary {
  /// The summary as `rules-server batch` prints it for people.
  var text: String {
    var lines = [
      "\(catalog)\(date.map { " as of \($0)" } ?? "")\(shard.map { ", shard \($0)" } ?? ""): \(users) users, \(userDays) user-days, \(unlocks.values.reduce(0, +)) new unlocks in \(String(format: "%.2f", seconds)) s"
    ]
    for badge in unlocks.keys.sorted() { lines.append("  \(badge): \(unlocks[badge]!)") }
    if rebuilt > 0 { lines.append("  \(rebuilt) users counted again from all their days (a past record changed)") }
    if retried > 0 { lines.append("  \(retried) users changed during the batch and were evaluated again") }
    for failure in failed { lines.append("  error: \(failure.user): \(failure.message)") }
    return lines.joined(separator: "\n")
  }
}

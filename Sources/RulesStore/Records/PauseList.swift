@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A user's pauses as `users.pauses` keeps them: `FROM/TO` pairs in date order, separated by
/// commas (`2026-05-04/2026-05-10,2026-06-01/2026-06-01`); null for none.
package enum PauseList {
  /// The most pauses a user may hold, whatever the catalog's `pauses` allow (issue #52: without
  /// a catalog cap, 10,000 pauses made a PUT take 150 ms and answer 400 KB). A PUT past it is
  /// 409 `pause-refused`, an import's line an error; `DELETE .../pauses/{from}` makes room.
  package static let maxPerUser = 100

  /// Why a user may not hold `count` pauses, or nil.
  package static func problem(count: Int) -> String? {
    count > maxPerUser ? "\(count) pauses; a user may hold at most \(maxPerUser)" : nil
  }

  /// The column's text of `pauses` (nil: none).
  package static func text(_ pauses: [Pause]) -> String? {
    pauses.isEmpty ? nil : pauses.sorted().map { "\($0.from)/\($0.to)" }.joined(separator: ",")
  }

  /// The pauses of the column's text; a pair that does not read is left out.
  package static func parse(_ text: String?) -> [Pause] {
    guard let text, !text.isEmpty else { return [] }
    return text.split(separator: ",").compactMap { pair in
      let ends = pair.split(separator: "/")
      guard ends.count == 2, let from = CalendarDay.parsed(String(ends[0])),
        let to = CalendarDay.parsed(String(ends[1]))
      else { return nil }
      return Pause(from: from, to: to)
    }
  }
}

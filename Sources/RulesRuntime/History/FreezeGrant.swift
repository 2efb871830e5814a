@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog

/// Freezes given to a user's streak by support (`POST .../freezes`, `rules-server freezes
/// grant`, a history's `freeze_grants`): `count` freezes are added to the streak's saved-up
/// freezes at the start of `date`, before that day counts. A grant may take the streak past
/// the catalog's `max_freezes` (support decides); freezes the streak earns still stop there.
public struct FreezeGrant: Sendable, Hashable {
  /// The streak's name (a consecutive streak of the catalog).
  public var streak: String
  /// How many freezes, 1 or more.
  public var count: Int
  /// The day they are there from.
  public var date: CalendarDay
  /// Why they were given (support's note; the event tells it).
  public var reason: String

  /// `count` freezes for `streak` from `date`.
  public init(streak: String, count: Int, date: CalendarDay, reason: String = "") {
    self.streak = streak
    self.count = count
    self.date = date
    self.reason = reason
  }

  /// The most freezes one grant gives.
  public static let maxCount = 365

  /// What is wrong with naming `streak` in a grant (or, `restoring`, a restore or a repair),
  /// among the catalog's `streaks`, or nil: a name the catalog does not have, an elapsed streak
  /// (days since a start: nothing to freeze or restore), or for a restore a periodic streak (a
  /// day does not break it: a period does, and a freeze covers that).
  package static func streakProblem(
    _ streak: String, streaks: [Streak], catalog: String, restoring: Bool = false
  ) -> String? {
    let periodic = !restoring && streaks.contains { $0.periodic != nil }
    let takes = streaks.compactMap { entry -> String? in
      switch entry.kind {
      case .consecutive: entry.name
      case .periodic: restoring ? nil : entry.name
      case .elapsed: nil
      }
    }
    if takes.contains(streak) { return nil }
    let names = takes.joined(separator: ", ")
    // A catalog without periodic streaks is told of its consecutive ones, as before they were.
    let which = periodic ? "consecutive and periodic streaks" : "consecutive streaks"
    if let entry = streaks.first(where: { $0.name == streak }) {
      if entry.periodic != nil {
        return
          "the streak '\(streak)' counts periods, which a day does not break; restores and repairs apply to the consecutive streaks: \(names)"
      }
      return
        "the streak '\(streak)' counts the days since a start; \(periodic ? "freezes apply to the \(which)" : "freezes and restores apply to the \(which)"): \(names)"
    }
    return "the catalog '\(catalog)' has no streak '\(streak)'; "
      + (names.isEmpty ? "it has no \(which.dropLast())" : "its \(which) are \(names)")
  }
}

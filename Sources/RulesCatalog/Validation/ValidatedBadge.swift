@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A badge with its criterion typed and its progress measures inferred.
///
/// Held in one shared box: a copy is one reference counted, not the badge's dozen strings,
/// arrays and trees (the program's construction copies every badge several times: 21 M
/// instructions of copies for 5,000 badges).
@_spi(Tooling) public struct ValidatedBadge: Sendable {
  private final class Storage: Sendable {
    let badge: Badge
    let when: TypedExpr
    /// Nil: inferred from `when` when asked for.
    let progress: [ProgressPart]?
    let group: Int?

    package init(badge: Badge, when: TypedExpr, progress: [ProgressPart]?, group: Int?) {
      self.badge = badge
      self.when = when
      self.progress = progress
      self.group = group
    }
  }

  private let storage: Storage

  // `badge` is lent, not copied: `badge.badge.xp` reads one field in place instead of copying
  // the whole badge out of its box (a dozen references retained and released).

  /// The badge as written.
  package var badge: Badge {
    _read { yield storage.badge }
  }
  /// Its criterion, typed.
  package var when: TypedExpr { storage.when }
  /// How progress is measured: the explicit `progress`, or what `when` allows to infer
  /// (`x >= 7` gives x out of 7; `a && b` gives the parts of each). Empty: unknown.
  /// Inferred when asked for, not kept: a large catalog's load made an array for each badge,
  /// and only a program's first report and a few tools read it.
  package var progress: [ProgressPart] {
    storage.progress ?? ProgressInference.parts(of: storage.when)
  }
  /// The position of its group among the catalog's groups.
  package var group: Int? { storage.group }

  // Single fields read in place, for code that needs one of them for every badge (a badge
  // copied out of its box and dropped again is about 600 instructions).

  /// The badge's id.
  package var id: String { storage.badge.id }
  /// The xp the badge gives.
  package var xp: Int { storage.badge.xp }
  /// The period it repeats in (`repeats`), or nil for a badge earned once.
  package var repeats: PeriodSum? { storage.badge.repeats }
  /// Whether the badge has an explicit `progress` (else its progress is inferred from `when`).
  package var hasExplicitProgress: Bool { storage.badge.progress != nil }

  /// A validated badge; `progress` nil: inferred from `when` (`ProgressInference`).
  package init(badge: Badge, when: TypedExpr, progress: [ProgressPart]?, group: Int?) {
    storage = Storage(badge: badge, when: when, progress: progress, group: group)
  }
}

/// One measure of progress: where the user is and where the badge unlocks.
package struct ProgressPart: Sendable {
  /// Where the user is.
  package let current: TypedExpr
  /// Where the badge unlocks.
  package let target: TypedExpr
}

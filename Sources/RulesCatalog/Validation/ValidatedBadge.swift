@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A badge with its criterion typed and its progress measures inferred.
///
/// Held in one shared box: a copy is one reference counted, not the badge's dozen strings,
/// arrays and trees (the program's construction copies every badge several times: 21 M
/// instructions of copies for 5,000 badges). The box holds the badge as an element of the
/// catalog's own array (shared, not copied): a copy of each `Badge` retained its name,
/// description and tags, which a large catalog's validation read from memory only for that
/// (a fifteenth of loading 50,000 badges).
@_spi(Tooling) public struct ValidatedBadge: Sendable {
  private final class Storage: Sendable {
    /// The badges the badge is one of (the catalog's array, whose buffer every badge shares).
    let badges: [Badge]
    let index: Int
    let when: TypedExpr
    /// Nil: inferred from `when` when asked for.
    let progress: [ProgressPart]?
    let group: Int?

    init(badges: [Badge], index: Int, when: TypedExpr, progress: [ProgressPart]?, group: Int?) {
      self.badges = badges
      self.index = index
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
    _read { yield storage.badges[storage.index] }
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
  package var id: String { storage.badges[storage.index].id }
  /// The xp the badge gives.
  package var xp: Int { storage.badges[storage.index].xp }
  /// The period it repeats in (`repeats`), or nil for a badge earned once.
  package var repeats: PeriodSum? { storage.badges[storage.index].repeats }
  /// Whether the badge lists prerequisites (`requires`).
  package var hasRequires: Bool { !storage.badges[storage.index].requires.isEmpty }
  /// Whether the badge has an explicit `progress` (else its progress is inferred from `when`).
  package var hasExplicitProgress: Bool { storage.badges[storage.index].progress != nil }

  /// The badge at `index` of `badges` (a catalog's array, shared), validated; `progress` nil:
  /// inferred from `when` (`ProgressInference`).
  package init(badges: [Badge], index: Int, when: TypedExpr, progress: [ProgressPart]?, group: Int?) {
    storage = Storage(badges: badges, index: index, when: when, progress: progress, group: group)
  }
}

/// One measure of progress: where the user is and where the badge unlocks.
package struct ProgressPart: Sendable {
  /// Where the user is.
  package let current: TypedExpr
  /// Where the badge unlocks.
  package let target: TypedExpr
}

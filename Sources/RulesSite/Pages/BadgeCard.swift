@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// One badge of a grid, as an app shows it: its display fields from the catalog (in the page's
/// language) and its state from an evaluation (`data-badge`, `data-state`, `data-date`).
package struct BadgeCard: Sendable {
  package var id: String
  package var name: String
  package var about: String?
  package var emoji: String?
  /// The catalog's colour name, and the page's palette entry it is drawn with (0-7).
  package var colorName: String?
  package var hue: Int
  package var criterion: String
  package var xp: Int?
  package var groupName: String?
  /// The badge's place in its group, from 1.
  package var groupOrder: Int?
  /// `unlocked`, `waiting` or `locked` (the words of `data-state`).
  package var state: String
  /// The state in the page's language.
  package var stateLabel: String
  /// The unlock date.
  package var unlockedOn: String?
  /// `current/target (NN%)`, for a locked badge with a progress measure.
  package var progressText: String?
  /// The progress from 0 to 100, for a meter.
  package var percentDone: Int?
  /// Why it is not unlocked yet, as `rules explain` says it (on a user page).
  package var whyNotYet: String?
  /// What `rules reach` says (on a catalog page): its status, its fewest days, the link to the
  /// journey of its witness, and the flag of a badge no user can unlock or every user has.
  package var reachStatus: String?
  package var fromDay: Int?
  package var fromDayText: String?
  package var witnessHref: String?
  package var witnessText: String?
  package var reachFlag: String?
  package var reachWhy: String?
  /// Its prerequisites (`requires`), each with whether the user has it unlocked.
  package var requires: [Prerequisite] = []

  /// One prerequisite of a badge on its card.
  package struct Prerequisite: Sendable {
    package var id: String
    package var name: String
    /// `unlocked` or `locked` (the words of `data-state`).
    package var state: String
  }

  /// The cards of every badge of `catalog` (already in the page's language), in catalog order,
  /// with their states in `evaluation`.
  package static func cards(
    _ catalog: ValidatedCatalog, evaluation: Evaluation, text: SiteText, explanations: [String: String] = [:]
  ) -> [BadgeCard] {
    let unlocked = Dictionary(evaluation.badges.unlocked.map { ($0.id, $0.date) }, uniquingKeysWith: { a, _ in a })
    let locked = Dictionary(evaluation.badges.locked.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let names = Dictionary(catalog.catalog.badges.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    var positions: [String: Int] = [:]
    return catalog.catalog.badges.map { badge in
      var order: Int?
      if let group = badge.group {
        positions[group, default: 0] += 1
        order = positions[group]
      }
      let groupName = badge.group.map { id in catalog.catalog.groups.first { $0.id == id }?.name ?? id }
      let state: String
      var progress: String?
      var percent: Int?
      if unlocked[badge.id] != nil {
        state = "unlocked"
      } else if let report = locked[badge.id] {
        state = report.waiting ? "waiting" : "locked"
        if let current = report.current, let target = report.target, let fraction = report.progress {
          percent = Int((fraction * 100).rounded())
          progress = "\(current)/\(target) (\(percent!)%)"
        }
      } else {
        state = "locked"
      }
      var card = BadgeCard(
        id: badge.id, name: badge.name, about: badge.description,
        emoji: badge.display["emoji"] ?? badge.name.first.map(String.init),
        colorName: badge.display["color"], hue: Palette.hue(badge.display["color"] ?? badge.id),
        criterion: badge.when.text, xp: badge.xp == 0 ? nil : badge.xp, groupName: groupName, groupOrder: order,
        state: state, stateLabel: state == "unlocked" ? text.unlocked : state == "waiting" ? text.waiting : text.locked,
        unlockedOn: unlocked[badge.id]?.description, progressText: progress, percentDone: percent,
        whyNotYet: state == "unlocked" ? nil : explanations[badge.id])
      card.requires = badge.requires.map { prerequisite in
        // A repeating prerequisite earned once counts, though the evaluation shows it locked
        // in a later period: the locked badge's `requires` says which are still missing.
        let missing =
          locked[badge.id]?.requires.map { $0.contains(prerequisite.id) } ?? (unlocked[prerequisite.id] == nil)
        return Prerequisite(
          id: prerequisite.id, name: names[prerequisite.id] ?? prerequisite.id, state: missing ? "locked" : "unlocked")
      }
      return card
    }
  }
}

/// The eight accent colours a catalog's colour names are drawn with (a name always gets the
/// same one); the page's style gives each enough contrast in light and dark.
package enum Palette {
  package static func hue(_ name: String) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in name.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 16_777_619
    }
    return Int(hash % 8)
  }
}

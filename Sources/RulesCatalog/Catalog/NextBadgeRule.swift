@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// How an evaluation picks `badges.next`, the locked badge closest to unlocking
/// (`next_badge:` in a catalog): always the smallest numeric target first; among equal targets
/// the more advanced one (`progress`, the default), or the first in catalog order
/// (`catalog-order`, RIZQ's stable sort by requirement value).
package struct NextBadgeRule: Sendable, Equatable {
  /// What decides between locked badges with equal targets.
  package enum Ties: String, Sendable {
    /// The larger `progress` first, then catalog order (the default).
    case progress
    /// Catalog order alone.
    case catalogOrder = "catalog-order"
  }

  package var ties: Ties
  /// Where `next_badge` is written, when it is.
  package var origin: Origin?

  /// A rule; the default is the engine's: the more advanced badge first.
  package init(ties: Ties = .progress, origin: Origin? = nil) {
    self.ties = ties
    self.origin = origin
  }

  /// Whether the rule is the default one (written nowhere).
  package var isDefault: Bool { ties == .progress }

  package static func == (lhs: NextBadgeRule, rhs: NextBadgeRule) -> Bool {
    lhs.ties == rhs.ties
  }
}

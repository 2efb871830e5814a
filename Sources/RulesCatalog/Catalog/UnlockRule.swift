@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// When a scheme's badges outside progressive groups unlock (`unlocks:` in a catalog): on the
/// day their criterion first held (the default), or only at a check, dated the check's date;
/// and how many may unlock in one check, overall (`per_check`) and per group (`per_group`).
package struct UnlockRule: Sendable, Equatable {
  /// When a badge unlocks and the date it is given.
  package enum Timing: String, Sendable {
    /// On the day its criterion first held, dated that day: days counted before a check
    /// unlock as if the app had checked each one.
    case earned
    /// Only at a check, when its criterion holds then, dated the check's date: the days
    /// counted before a check unlock nothing.
    case check
  }

  /// When badges unlock.
  package var at: Timing
  /// The most badges one check (or one day counted before it) unlocks, all badges together;
  /// nil for no limit.
  package var perCheck: Int?
  /// The most badges of one group one check unlocks; nil for no limit.
  package var perGroup: Int?
  /// Where `unlocks` is written, when it is.
  package var origin: Origin?

  /// An unlock rule; the default is the engine's: on the day earned, no limit.
  package init(at: Timing = .earned, perCheck: Int? = nil, perGroup: Int? = nil, origin: Origin? = nil) {
    self.at = at
    self.perCheck = perCheck
    self.perGroup = perGroup
    self.origin = origin
  }

  /// Whether the rule is the default one (written nowhere).
  package var isDefault: Bool { at == .earned && perCheck == nil && perGroup == nil }

  package static func == (lhs: UnlockRule, rhs: UnlockRule) -> Bool {
    lhs.at == rhs.at && lhs.perCheck == rhs.perCheck && lhs.perGroup == rhs.perGroup
  }
}

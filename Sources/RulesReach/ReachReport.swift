@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// What `rules reach` says of a catalog: each badge and milestone, and the progressive groups
/// whose order makes a badge wait.
package struct ReachReport: Sendable {
  /// What a badge or milestone is to a new user.
  package enum Status: String, Sendable {
    /// Reached: `fewestDays` is the fewest dates of any history that reaches it.
    case reachable
    /// Every new user has it at their first check.
    case always
    /// No history reaches it (proved; `reason` says why).
    case unreachable
    /// Neither found within the horizon with a proof of its fewest days, nor proved unreachable.
    case unknown
  }

  /// A badge or a milestone.
  package enum Kind: String, Sendable {
    case badge, milestone
  }

  /// One badge or milestone.
  package struct Item: Sendable {
    package var kind: Kind
    package var id: String
    package var status: Status
    /// The fewest dates of a history that reaches it (reachable and always), else nil.
    package var fewestDays: Int?
    /// Why it is unreachable or unknown (nil for the others).
    package var reason: String?
    /// A history that reaches it on its last date in `fewestDays` dates (or, for an unknown
    /// item found without a proof that none is shorter, in the days it was found).
    package var witness: Witness?
    /// The fewest days its criterion can first hold in, apart from any wait for its turn
    /// (badges; nil when not known).
    package var criterionDays: Int?
  }

  /// A progressive group's later badge whose criterion holds before an earlier one can unlock.
  package struct GroupOrder: Sendable {
    package var group: String
    /// The earlier badge and its fewest days (its criterion's).
    package var earlier: String
    package var earlierDays: Int
    /// The later badge, which waits behind it.
    package var later: String
    package var laterDays: Int
  }

  /// The catalog's id.
  package var catalog: String
  /// The most days a history searched may have.
  package var horizon: Int
  /// The badges in catalog order, then the milestones in day order.
  package var items: [Item]
  package var groupOrders: [GroupOrder]
  /// How the search went, for people and the benchmarks.
  package var statistics: Statistics

  /// How much the search did.
  package struct Statistics: Sendable {
    package var steps: Int
    package var levels: Int
    package var truncatedAt: Int?
  }
}

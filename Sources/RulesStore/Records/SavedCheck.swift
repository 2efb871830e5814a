import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// An evaluation to save: the state and the new unlocks, in one transaction, if the user's
/// days did not change since they were loaded (`revision`).
package struct SavedCheck: Sendable {
  package var user: String
  package var revision: Int64
  package var state: Data
  package var stateDate: CalendarDay
  package var new: [StoredUnlock]
  /// The evaluation counted every day again: the rebuild flag is cleared.
  package var rebuilt: Bool
  /// The version of the catalog that evaluated (`unlocks.catalog_version` of the new unlocks).
  package var catalogVersion: Int?
  /// The revision (hash) of the catalog that evaluated (`unlocks.catalog_revision` and
  /// `events.catalog_revision` of what the save adds).
  package var catalogRevision: String?
  /// The evaluation's standings (`Standings.of`), saved with the state; nil leaves the
  /// stored standings as they are.
  package var standings: [Standing]?
  /// The evaluation's values of the catalog's declared leaderboards, each named
  /// `LEADERBOARD@PERIOD` with the period's first and last day (`period_standings`), saved
  /// with the state; nil or empty writes none.
  package var periodStandings: [Standing]?
  /// The user's arm of a running experiment, kept at their first save in it (nil: none).
  package var experiment: ExperimentUser?
  /// What the evaluation tells the event log (none: no events).
  package var facts: (any EventSource)?

  package init(
    user: String, revision: Int64, state: Data, stateDate: CalendarDay, new: [StoredUnlock], rebuilt: Bool,
    catalogVersion: Int? = nil, standings: [Standing]? = nil
  ) {
    self.user = user
    self.revision = revision
    self.state = state
    self.stateDate = stateDate
    self.new = new
    self.rebuilt = rebuilt
    self.catalogVersion = catalogVersion
    self.standings = standings
  }
}

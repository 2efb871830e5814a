import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesExperiments
import RulesStore

/// A running experiment as an evaluation needs it: who is in the variant (the stable hash of
/// `Assignment`) and the variant's catalog.
package struct RunningExperiment: Sendable {
  package let stored: StoredExperiment
  package let assignment: Assignment
  package let variant: StoreCatalog

  /// `stored` with its variant read (`variant` must be its export); nil for a share out of range.
  package init?(_ stored: StoredExperiment, variant: StoreCatalog) {
    guard let share = Share(basisPoints: stored.share) else { return nil }
    self.stored = stored
    self.assignment = Assignment(experiment: stored.name, share: share)
    self.variant = variant
  }

  package var name: String { stored.name }

  /// The arm of `user`: the same on every server, worker and run (`Assignment`), and the one
  /// `experiment_users` keeps from the user's first save (the share does not change while the
  /// experiment runs).
  package func arm(of user: String) -> Arm { assignment.arm(of: user) }
}

/// The catalog a user is evaluated under: the served one (control), or the variant of the
/// catalog's running experiment when the user is in it.
package struct ArmedCatalog: Sendable {
  /// The catalog to evaluate with.
  package let catalog: StoreCatalog
  /// The running experiment, and the user's arm of it (nil without one).
  package let experiment: RunningExperiment?
  package let arm: Arm?

  package init(control: StoreCatalog, experiment: RunningExperiment?, user: String) {
    let arm = experiment?.arm(of: user)
    self.catalog = arm == .variant ? experiment!.variant : control
    self.experiment = experiment
    self.arm = arm
  }

  /// `UserEvaluation.run` under the arm's catalog; the check to save keeps the user's arm
  /// (`experiment_users`, at their first save in the experiment, with the day it evaluated:
  /// the user's today for a PUT of today or a nightly batch).
  package func run(
    _ user: LoadedUser, on date: CalendarDay, locale: String? = nil, clock: FutureDays = .system
  ) throws -> (SavedCheck?, UserCheck) {
    var (saved, check) = try UserEvaluation.run(user, catalog: catalog, on: date, locale: locale, clock: clock)
    if let experiment, let arm {
      saved?.experiment = ExperimentUser(
        experiment: experiment.name, user: user.user, arm: arm.rawValue,
        assignedOn: date.description)
    }
    return (saved, check)
  }

  /// `{"name": N, "arm": "control"|"variant"}`, or nil without an experiment.
  package var json: JSONValue? {
    guard let experiment, let arm else { return nil }
    return .object([("name", .string(experiment.name)), ("arm", .string(arm.rawValue))])
  }

  /// The evaluation's JSON, with `"experiment"` when the user is in one.
  package func json(_ check: UserCheck) -> String {
    guard let json, case .object(var pairs) = check.evaluation.json else { return check.json }
    pairs.append(("experiment", json))
    return JSONValue.object(pairs).serialized()
  }
}

@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// An experiment as the `experiments` table keeps it: a variant of a catalog tried on a share
/// of its users (docs/experiments.md).
package struct StoredExperiment: Sendable, Equatable {
  package var name: String
  package var catalog: String
  /// The share of users in the variant, in basis points (2,000: 20%).
  package var share: Int
  /// The revision served when it started, and the variant's.
  package var controlHash: String
  package var variantHash: String
  /// The variant as `rules export` writes it.
  package var variant: String
  /// `running`, `stopped` or `promoted`.
  package var status: String
  /// The guardrail, `METRIC:MARGIN` (`retention_d7:0.02`), or nil.
  package var guardrail: String?
  /// When it started (ISO 8601, UTC) and its UTC date.
  package var startedAt: String
  package var startDate: String
  package var endedAt: String?
  /// Why it ended: `stopped`, `promoted` or the guardrail that tripped.
  package var endedBecause: String?

  package init(
    name: String, catalog: String, share: Int, controlHash: String, variantHash: String, variant: String,
    status: String = "running", guardrail: String? = nil, startedAt: String, startDate: String,
    endedAt: String? = nil, endedBecause: String? = nil
  ) {
    self.name = name
    self.catalog = catalog
    self.share = share
    self.controlHash = controlHash
    self.variantHash = variantHash
    self.variant = variant
    self.status = status
    self.guardrail = guardrail
    self.startedAt = startedAt
    self.startDate = startDate
    self.endedAt = endedAt
    self.endedBecause = endedBecause
  }
}

/// Why an experiment did not start.
package enum ExperimentConflict: Error, Sendable, Equatable {
  /// An experiment of that name exists (running or ended: names are not reused).
  case nameTaken(String)
  /// The catalog has a running experiment already (its name).
  case catalogBusy(String)
}

/// A user's arm of an experiment as `experiment_users` keeps it: given at the user's first save
/// while the experiment runs.
package struct ExperimentUser: Sendable, Equatable {
  package var experiment: String
  package var user: String
  /// `control` or `variant`.
  package var arm: String
  /// The user's day of that first save.
  package var assignedOn: String

  package init(experiment: String, user: String, arm: String, assignedOn: String) {
    self.experiment = experiment
    self.user = user
    self.arm = arm
    self.assignedOn = assignedOn
  }
}

/// The statements of experiments, written once for both databases.
enum ExperimentSQL {
  enum Columns: Int, SQLColumns {
    case name, catalog, share, controlHash, variantHash, variant, status, guardrail, startedAt, startDate, endedAt
    case endedBecause

    var expression: String {
      [
        "name", "catalog", "share", "control_hash", "variant_hash", "variant", "status", "guardrail", "started_at",
        "start_date", "ended_at", "ended_because",
      ][rawValue]
    }
  }

  /// Arguments: name.
  static let byName = SQLQuery<Columns> { _, columns in "SELECT \(columns) FROM experiments WHERE name = ?" }

  /// Arguments: catalog.
  static let running = SQLQuery<Columns> { _, columns in
    "SELECT \(columns) FROM experiments WHERE catalog = ? AND status = 'running'"
  }

  /// A catalog's experiments, newest first. Arguments: catalog.
  static let ofCatalog = SQLQuery<Columns> { _, columns in
    "SELECT \(columns) FROM experiments WHERE catalog = ? ORDER BY started_at DESC, name"
  }

  static let allRunning = SQLQuery<Columns> { _, columns in
    "SELECT \(columns) FROM experiments WHERE status = 'running' ORDER BY catalog"
  }

  static let insert = SQLStatement { _ in
    """
    INSERT INTO experiments (name, catalog, share, control_hash, variant_hash, variant, status, guardrail,
      started_at, start_date, ended_at, ended_because)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    """
  }

  static func arguments(_ experiment: StoredExperiment) -> SQLArguments {
    [
      experiment.name, experiment.catalog, experiment.share, experiment.controlHash, experiment.variantHash,
      experiment.variant, experiment.status, experiment.guardrail, experiment.startedAt, experiment.startDate,
      experiment.endedAt, experiment.endedBecause,
    ]
  }

  /// A running experiment ends. Arguments: status, ended at, because, name.
  static let end = SQLStatement(countsChanges: true) { _ in
    "UPDATE experiments SET status = ?, ended_at = ?, ended_because = ? WHERE name = ? AND status = 'running'"
  }

  /// A user's arm, kept from their first save. Arguments: experiment, catalog, user, arm, day.
  static let assign = SQLStatement { _ in
    """
    INSERT INTO experiment_users (experiment, catalog, user_id, arm, assigned_on) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (experiment, user_id) DO NOTHING
    """
  }

  /// An event of a catalog (no user). Arguments: catalog, version, user (empty), date, kind,
  /// subject, detail, data, created at, revision.
  static let appendEvent = SQLStatement { _ in
    "\(EventSQL.eventInsert) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)\n\(EventSQL.eventConflict)"
  }

  static func eventArguments(catalog: String, version: Int, revision: String?, event: NewEvent) -> SQLArguments {
    [
      catalog, version, "", event.date.description, event.kind, event.subject, event.detail, event.data,
      EventClock.now, revision,
    ]
  }

  enum UserColumns: Int, SQLColumns {
    case user, arm, assignedOn
    var expression: String { ["user_id", "arm", "assigned_on"][rawValue] }
  }

  /// Arguments: experiment.
  static let users = SQLQuery<UserColumns> { d, columns in
    "SELECT \(columns) FROM experiment_users WHERE experiment = ? ORDER BY user_id\(d.byteOrder)"
  }
}

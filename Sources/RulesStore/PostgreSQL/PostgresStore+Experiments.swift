import Foundation
import Logging
import PostgresNIO

extension PostgresStore {
  /// The save's hook: the arms of the checks' users in a running experiment, kept at their
  /// first save (a user who has one keeps it).
  static func assignArms(
    _ connection: PostgresConnection, catalog: String, checks: [SavedCheck], logger: Logger
  ) async throws {
    let assigned = checks.compactMap(\.experiment)
    guard !assigned.isEmpty else { return }
    try await connection.query(
      """
      INSERT INTO experiment_users (experiment, catalog, user_id, arm, assigned_on)
      SELECT e, \(catalog), u, a, d FROM unnest(\(assigned.map(\.experiment))::text[], \(assigned.map(\.user))::text[],
        \(assigned.map(\.arm))::text[], \(assigned.map(\.assignedOn))::text[]) AS t(e, u, a, d)
      ON CONFLICT (experiment, user_id) DO NOTHING
      """, logger: logger)
  }

  static func experiments(
    _ runner: some PostgresRunner, _ query: SQLQuery<ExperimentSQL.Columns>, _ arguments: SQLArguments,
    logger: Logger
  ) async throws -> [StoredExperiment] {
    var found: [StoredExperiment] = []
    try await runner.forEach(query, arguments, logger: logger) { row in
      found.append(
        StoredExperiment(
          name: try row[.name], catalog: try row[.catalog], share: try row[.share],
          controlHash: try row[.controlHash], variantHash: try row[.variantHash], variant: try row[.variant],
          status: try row[.status], guardrail: try row[.guardrail], startedAt: try row[.startedAt],
          startDate: try row[.startDate], endedAt: try row[.endedAt], endedBecause: try row[.endedBecause]))
    }
    return found
  }

  package func startExperiment(_ experiment: StoredExperiment) async throws {
    try await transaction { connection in
      // One starter at a time: the checks and the insert see the same experiments.
      try await connection.query("SELECT pg_advisory_xact_lock(7271041)", logger: logger)
      if try await !Self.experiments(connection, ExperimentSQL.byName, [experiment.name], logger: logger).isEmpty {
        throw ExperimentConflict.nameTaken(experiment.name)
      }
      if let running = try await Self.experiments(
        connection, ExperimentSQL.running, [experiment.catalog], logger: logger
      ).first {
        throw ExperimentConflict.catalogBusy(running.name)
      }
      try await connection.execute(ExperimentSQL.insert, ExperimentSQL.arguments(experiment), logger: logger)
    }
  }

  package func experiment(name: String) async throws -> StoredExperiment? {
    try await Self.experiments(client, ExperimentSQL.byName, [name], logger: logger).first
  }

  package func runningExperiments() async throws -> [StoredExperiment] {
    try await Self.experiments(client, ExperimentSQL.allRunning, [], logger: logger)
  }

  package func experiments(catalog: String) async throws -> [StoredExperiment] {
    try await Self.experiments(client, ExperimentSQL.ofCatalog, [catalog], logger: logger)
  }

  package func endExperiment(name: String, status: String, because: String, at: String) async throws -> Bool {
    try await client.changes(ExperimentSQL.end, [status, at, because, name], logger: logger) > 0
  }

  package func experimentUsers(name: String) async throws -> [ExperimentUser] {
    var users: [ExperimentUser] = []
    try await client.forEach(ExperimentSQL.users, [name], logger: logger) { row in
      users.append(
        ExperimentUser(experiment: name, user: try row[.user], arm: try row[.arm], assignedOn: try row[.assignedOn]))
    }
    return users
  }
}

extension PostgresStore {
  package func experimentParticipants(name: String) async throws -> [ExperimentParticipantRecord] {
    try await transaction { connection in
      try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
      func rows(_ query: SQLQuery<ExperimentSQL.PairColumns>) async throws -> [(String, String, String)] {
        var found: [(String, String, String)] = []
        try await connection.forEach(query, [name], logger: logger) { row in
          found.append((try row[.user], try row[.first], try row[.second]))
        }
        return found
      }
      var users: [ExperimentUser] = []
      try await connection.forEach(ExperimentSQL.users, [name], logger: logger) { row in
        users.append(
          ExperimentUser(
            experiment: name, user: try row[.user], arm: try row[.arm], assignedOn: try row[.assignedOn]))
      }
      return ExperimentSQL.participants(
        users, days: try await rows(ExperimentSQL.participantDays),
        badges: try await rows(ExperimentSQL.participantBadges),
        streaks: try await rows(ExperimentSQL.participantStreaks))
    }
  }
}

extension PostgresStore {
  package func appendCatalogEvent(catalog: String, catalogVersion: Int, catalogRevision: String?, event: NewEvent)
    async throws
  {
    try await transaction { connection in
      // Ids follow commits, as for users' events (`appendEvents`).
      try await connection.query("SELECT pg_advisory_xact_lock(7271029)", logger: logger)
      try await connection.execute(
        ExperimentSQL.appendEvent,
        ExperimentSQL.eventArguments(
          catalog: catalog, version: catalogVersion, revision: catalogRevision, event: event),
        logger: logger)
    }
  }
}

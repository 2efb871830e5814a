import Foundation
import GRDB

extension SQLiteStore {
  static func experiment(_ row: Row) -> StoredExperiment {
    typealias Column = ExperimentSQL.Columns
    return StoredExperiment(
      name: row[Column.name], catalog: row[Column.catalog], share: row[Column.share],
      controlHash: row[Column.controlHash], variantHash: row[Column.variantHash], variant: row[Column.variant],
      status: row[Column.status], guardrail: row[Column.guardrail], startedAt: row[Column.startedAt],
      startDate: row[Column.startDate], endedAt: row[Column.endedAt], endedBecause: row[Column.endedBecause])
  }

  package func startExperiment(_ experiment: StoredExperiment) async throws {
    try await queue.writeWithoutTransaction { db in
      try db.inTransaction(.immediate) {
        if try Row.fetchOne(db.statement(ExperimentSQL.byName, [experiment.name])) != nil {
          throw ExperimentConflict.nameTaken(experiment.name)
        }
        if let running = try Row.fetchOne(db.statement(ExperimentSQL.running, [experiment.catalog])) {
          throw ExperimentConflict.catalogBusy(Self.experiment(running).name)
        }
        try db.execute(ExperimentSQL.insert, ExperimentSQL.arguments(experiment))
        return .commit
      }
    }
  }

  package func experiment(name: String) async throws -> StoredExperiment? {
    try await queue.read { db in try Row.fetchOne(db.statement(ExperimentSQL.byName, [name])).map(Self.experiment) }
  }

  package func runningExperiments() async throws -> [StoredExperiment] {
    try await queue.read { db in try Row.fetchAll(db.statement(ExperimentSQL.allRunning, [])).map(Self.experiment) }
  }

  package func experiments(catalog: String) async throws -> [StoredExperiment] {
    try await queue.read { db in
      try Row.fetchAll(db.statement(ExperimentSQL.ofCatalog, [catalog])).map(Self.experiment)
    }
  }

  package func endExperiment(name: String, status: String, because: String, at: String) async throws -> Bool {
    try await queue.write { db in try db.changes(ExperimentSQL.end, [status, at, because, name]) > 0 }
  }

  package func experimentUsers(name: String) async throws -> [ExperimentUser] {
    try await queue.read { db in
      typealias Column = ExperimentSQL.UserColumns
      var users: [ExperimentUser] = []
      let rows = try db.rows(ExperimentSQL.users, [name])
      while let row = try rows.next() {
        users.append(
          ExperimentUser(
            experiment: name, user: row[Column.user], arm: row[Column.arm], assignedOn: row[Column.assignedOn]))
      }
      return users
    }
  }
}

extension SQLiteStore {
  package func experimentParticipants(name: String) async throws -> [ExperimentParticipantRecord] {
    try await queue.read { db in
      typealias Column = ExperimentSQL.PairColumns
      func rows(_ query: SQLQuery<Column>) throws -> [(String, String, String)] {
        var found: [(String, String, String)] = []
        let cursor = try db.rows(query, [name])
        while let row = try cursor.next() { found.append((row[Column.user], row[Column.first], row[Column.second])) }
        return found
      }
      var users: [ExperimentUser] = []
      let cursor = try db.rows(ExperimentSQL.users, [name])
      while let row = try cursor.next() {
        users.append(
          ExperimentUser(
            experiment: name, user: row[ExperimentSQL.UserColumns.user], arm: row[ExperimentSQL.UserColumns.arm],
            assignedOn: row[ExperimentSQL.UserColumns.assignedOn]))
      }
      return ExperimentSQL.participants(
        users, days: try rows(ExperimentSQL.participantDays), badges: try rows(ExperimentSQL.participantBadges),
        streaks: try rows(ExperimentSQL.participantStreaks))
    }
  }
}

extension SQLiteStore {
  package func appendCatalogEvent(catalog: String, catalogVersion: Int, catalogRevision: String?, event: NewEvent)
    async throws
  {
    try await queue.write { db in
      try db.execute(
        ExperimentSQL.appendEvent,
        ExperimentSQL.eventArguments(catalog: catalog, version: catalogVersion, revision: catalogRevision, event: event)
      )
    }
  }
}

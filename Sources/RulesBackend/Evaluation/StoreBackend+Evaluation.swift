@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

extension StoreBackend {
  /// Reads a user without a lock (`readUser`) and evaluates them; again with every day if the
  /// evaluation asks for them. Nothing is saved.
  package func evaluateReading<R: Sendable>(
    catalog: String, user: String, _ evaluate: (LoadedUser?) throws -> R
  ) async throws -> R {
    do {
      return try evaluate(try await readUser(catalog: catalog, user: user, allDays: false))
    } catch is NeedsAllDays {
      return try evaluate(try await readUser(catalog: catalog, user: user, allDays: true))
    }
  }

  /// Runs a locked evaluation, again with every day if it asks for them.
  package func evaluateLocked<R: Sendable>(
    catalog: String, user: String, put day: StoredDay? = nil, info: ImportUser? = nil,
    _ evaluate: @Sendable (LoadedUser?) throws -> (SavedCheck?, R)
  ) async throws -> R {
    do {
      return try await withLockedUser(
        catalog: catalog, user: user, put: day, info: info, allDays: false, evaluate)
    } catch is NeedsAllDays {
      // The first transaction was rolled back: the day and the user's details are stored again.
      return try await withLockedUser(
        catalog: catalog, user: user, put: day, info: info, allDays: true, evaluate)
    }
  }

  /// What `catalog` makes of what the store holds for it: the stored days not stored in its
  /// inputs' encoding, and with `states` every saved state (`StoreBackend.reading`).
  package func reading(_ catalog: StoreCatalog, states: Bool) async throws -> StoreReading {
    try await reading(
      catalog: catalog.id, encoding: catalog.encoding.prefix, states: states, into: StoreTally(catalog: catalog)
    ).reading
  }

  /// Computes the standings of every saved state of the catalog that this catalog version has
  /// not filled (each user evaluated as of their state's date, nothing else saved), in one
  /// transaction; returns the users filled (0 when the version was filled already).
  @discardableResult
  package func fillStandings(catalog: StoreCatalog) async throws -> Int {
    try await fillStandings(catalog: catalog.id, version: catalog.version) { user in
      guard let date = user.stateDate,
        let (saved, _) = try? UserEvaluation.run(user, catalog: catalog, on: date, fillingOldStates: false)
      else { return nil }
      return saved
    }
  }

  /// `fillStandings` for each catalog.
  package func fillStandings(catalogs: [StoreCatalog]) async throws {
    for catalog in catalogs { try await fillStandings(catalog: catalog) }
  }
}

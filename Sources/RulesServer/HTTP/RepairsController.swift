import Foundation
import Hummingbird
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// `PUT /v1/catalogs/{catalog}/users/{user}/repairs/{date}` (the user's own token or admin; no
/// body) and its `DELETE` (admin only): a repair the user makes of the day that broke a streak,
/// as the catalog's `repairs` allow it on the user's today (`StreakSupport.repair`), and taking
/// it back. Both answer the user's evaluation as of their today, the repaired days counted
/// again (as `GET .../progress` answers it). A refused repair is 409 `repair-refused`, its
/// message starting with the reason (`too-late`, `over-budget`, `nothing-broken`); the same
/// repair again writes nothing and answers the same. A user in a running experiment's variant
/// is checked and counted under the variant's catalog.
extension HTTPAPI {
  func putRepair(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    try await changeRepair(request, context) { date, user, catalog, store in
      try await StreakSupport.repair(date, user: user, catalog: catalog, store: store)
    }
  }

  func deleteRepair(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    try await changeRepair(request, context) { date, user, catalog, store in
      try await StreakSupport.takeBack(date, user: user, catalog: catalog, store: store)
    }
  }

  /// `change` of the repair the path names, under the user's catalog (their arm's), then the
  /// user's evaluation as of their today, read as `GET .../progress` reads it.
  private func changeRepair(
    _ request: Request, _ context: APIRequestContext,
    _ change: @escaping @Sendable (CalendarDay, String, StoreCatalog, any StoreBackend) async throws -> SupportChange
  ) async throws -> Response {
    let control = try catalog(context)
    let user = try user(context)
    let armed = armed(control, user: user)
    let catalog = armed.catalog
    let date = try day(context.parameters.get("date") ?? "")
    let locale = try Self.locale(request, catalog: catalog)
    let store = store
    _ = try await written { try await Self.refusing { try await change(date, user, catalog, store) } }
    let check: UserCheck? = try await stored {
      try await store.evaluateReading(catalog: catalog.id, user: user) { loaded in
        guard let loaded else { return nil }
        return try UserEvaluation.read(
          loaded, catalog: catalog, on: FutureDays.system.today(for: loaded, in: catalog), locale: locale)
      }
    }
    guard let check else {
      throw APIError(.notFound, "unknown-user", "the catalog '\(catalog.id)' has no record of the user '\(user)'")
    }
    evaluations.increment()
    return Self.json(armed.json(check))
  }
}

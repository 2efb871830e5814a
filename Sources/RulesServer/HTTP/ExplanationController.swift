import Foundation
import Hummingbird
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesKit
import RulesStore

/// `GET /v1/catalogs/{catalog}/users/{user}/badges/{badge}/explanation[?date=D&locale=L]`
/// (the user's own token or the admin token): why the badge is or is not unlocked for the user
/// as of D (default: today in the user's time zone), as `rules explain --format json` says it
/// for the user's stored days: the criterion with the user's values, what is missing, the
/// progress. Whether the badge is unlocked, and when, is what the store holds (as GET progress
/// answers). 404 `unknown-badge` for a badge the catalog does not have, `unknown-user` for a
/// user it has no record of.
extension HTTPAPI {
  func explanation(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let control = try catalog(context)
    let user = try user(context)
    // Under the catalog of the user's arm of a running experiment (docs/experiments.md).
    let catalog = armed(control, user: user).catalog
    let raw = context.parameters.get("badge") ?? ""
    let badge = raw.removingPercentEncoding ?? raw
    guard let index = catalog.validated.badges.firstIndex(where: { $0.badge.id == badge }) else {
      throw APIError(
        .notFound, "unknown-badge",
        "the catalog '\(catalog.id)' has no badge '\(badge)'; GET /v1/catalogs/\(catalog.id) lists them")
    }
    let asked = try Self.query(request, codes: Self.evaluationCodes).get("date").map { try day(String($0)) }
    let locale = try Self.locale(request, catalog: catalog)
    let loaded = try await stored { try await store.readUser(catalog: catalog.id, user: user, allDays: true) }
    guard let loaded, loaded.state != nil || !loaded.days.isEmpty else {
      throw APIError(.notFound, "unknown-user", "the catalog '\(catalog.id)' has no record of the user '\(user)'")
    }
    let date = UserEvaluation.day(asked, for: loaded, in: catalog)
    let check = try UserEvaluation.read(loaded, catalog: catalog, on: date, locale: locale)
    let validated = locale.map { catalog.validated.localized(to: $0) } ?? catalog.validated
    let answer = BadgeExplanationJSON.explain(
      Program(validated), badge: index, history: Self.history(loaded, catalog: catalog), date: date,
      catalog: catalog.id, held: check.evaluation)
    evaluations.increment()
    return Self.json(answer.serialized(indent: nil))
  }

  /// The user's stored days as a history (`rules explain` reads one from a file). A stored
  /// value the catalog cannot take now (an input retyped by a reload) is left out, so it
  /// counts as its input's default, as the evaluation counts it.
  static func history(_ user: LoadedUser, catalog: StoreCatalog) -> History {
    var history = History(user: user.user, start: user.start, timeZone: user.zone, file: "the store")
    history.timeZoneChanges = user.timeZoneChanges
    history.calendar = user.calendar
    history.dayStartsAt = user.dayStartsAt
    history.pauses = user.pauses
    history.freezeGrants = user.support.freezeGrants
    history.restores = user.support.streakRestores
    history.repairs = user.support.repairs
    history.records = user.days.sorted { $0.date < $1.date }.map { day in
      var pairs: [(String, JSONValue)] = []
      if case .object(let read) = try? JSONReader.parse(day.record.utf8) { pairs = read }
      if case .success(let record) = catalog.schema.record(pairs) {
        return EncodedRecord(date: day.date, values: record.values)
      }
      let readable = pairs.filter { pair in
        if case .success = catalog.schema.record([pair]) { return true }
        return false
      }
      let values = (try? catalog.schema.record(readable).get())?.values ?? []
      return EncodedRecord(date: day.date, values: values)
    }
    return history
  }
}

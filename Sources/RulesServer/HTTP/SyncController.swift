import Foundation
import Hummingbird
import NIOCore
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// What a phone needs to evaluate a user exactly as the server does (docs/store.md, "A phone
/// beside the server"): the catalog the user is evaluated under, and their saved state with
/// what the server would pass with it to the next check.
///
/// - `GET /v1/catalogs/{catalog}/users/{user}/catalog`: the catalog as `rules export` writes
///   it, the served one or the user's experiment arm's variant; `ETag` is the revision (the
///   SHA-256 of that export), `If-None-Match` with it answers 304; 404 for a user the store
///   has no row of.
/// - `GET /v1/catalogs/{catalog}/users/{user}/state`: the saved state (the JSON of `rules eval
///   --state`), the user's history as the next check reads it (their settings, pauses,
///   support's grants, and the stored days the state has not counted, or every day when the
///   next check counts them all again), and the revision of the catalog that reads them.
struct SyncController: Sendable {
  let api: HTTPAPI

  func catalog(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let control = try api.catalog(context)
    let user = try api.user(context)
    let catalog = api.armed(control, user: user).catalog
    // A user the store has no row of (never put, or deleted) has no catalog here: a new phone
    // puts its user's details (or its first day) first.
    let store = api.store
    guard try await api.stored({ try await store.revision(catalog: control.id, user: user) }) != nil else {
      throw APIError(
        .notFound, "unknown-user",
        "the catalog '\(control.id)' has no record of the user '\(user)'; PUT the user's details or a day first")
    }
    let tag = "\"\(catalog.revision)\""
    // The catalog served may change at any reload, restore or experiment: a cache keeps it
    // only to ask again with its tag.
    var headers: HTTPFields = [.eTag: tag, .cacheControl: "private, no-cache"]
    if let asked = request.headers[.ifNoneMatch], Self.matches(asked, tag: tag) {
      return Response(status: .notModified, headers: headers)
    }
    headers[.contentType] = "application/json; charset=utf-8"
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: catalog.export + "\n")))
  }

  /// Whether an `If-None-Match` value names `tag` (RFC 9110, 13.1.2: `*`, or a list of tags
  /// compared weakly, so `W/"x"` matches `"x"`).
  static func matches(_ header: String, tag: String) -> Bool {
    header.split(separator: ",").contains { element in
      var candidate = element.trimmingCharacters(in: .whitespaces)
      if candidate == "*" { return true }
      if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
      return candidate == tag
    }
  }

  func state(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let control = try api.catalog(context)
    let user = try api.user(context)
    let catalog = api.armed(control, user: user).catalog
    let store = api.store
    let loaded = try await api.stored { try await store.readUser(catalog: catalog.id, user: user, allDays: false) }
    guard let loaded, loaded.state != nil || !loaded.days.isEmpty else {
      throw APIError(.notFound, "unknown-user", "the catalog '\(catalog.id)' has no record of the user '\(user)'")
    }
    var state = JSONValue.null
    if let saved = loaded.state {
      let json = try StoreCatalog.state(saved, for: catalog.engine).json()
      state = try JSONReader.parse(json)
    }
    let rebuild = loaded.state != nil && loaded.rebuild
    let answer = JSONValue.object([
      ("catalog", .string(catalog.id)),
      ("catalog_revision", .string(catalog.revision)),
      ("rebuild", .bool(rebuild)),
      ("state", state),
      ("history", Self.history(loaded)),
    ])
    var headers: HTTPFields = [.cacheControl: "private, no-store"]
    headers[.contentType] = "application/json; charset=utf-8"
    return Response(
      status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: answer.serialized(indent: nil) + "\n")))
  }

  /// The user as a history file (docs/evaluation.md, "The history file"): their settings and
  /// support's grants, and the stored days `loaded` holds, each `{date, INPUT: VALUE...}` as
  /// stored (the inputs the day's record named).
  static func history(_ loaded: LoadedUser) -> JSONValue {
    var pairs: [(String, JSONValue)] = [("user", .string(loaded.user))]
    if let start = loaded.start { pairs.append(("start", .string(start.description))) }
    if let zone = loaded.timeZone { pairs.append(("timezone", .string(zone))) }
    if !loaded.timeZoneChanges.isEmpty { pairs.append(("timezone_changes", ZoneHistory.json(loaded.timeZoneChanges))) }
    if loaded.calendar != .gregorian { pairs.append(("calendar", .string(loaded.calendar.description))) }
    if let dayStartsAt = loaded.dayStartsAt { pairs.append(("day_starts_at", .string(dayStartsAt.description))) }
    if !loaded.pauses.isEmpty {
      pairs.append(
        (
          "pauses",
          .array(
            loaded.pauses.map { .object([("from", .string($0.from.description)), ("to", .string($0.to.description))]) })
        ))
    }
    let grants = loaded.support.freezeGrants
    if !grants.isEmpty {
      pairs.append(
        (
          "freeze_grants",
          .array(
            grants.map {
              .object([
                ("streak", .string($0.streak)), ("count", .int($0.count)), ("date", .string($0.date.description)),
                ("reason", .string($0.reason)),
              ])
            })
        ))
    }
    let restores = loaded.support.streakRestores
    if !restores.isEmpty {
      pairs.append(
        (
          "restores",
          .array(
            restores.map {
              .object([
                ("streak", .string($0.streak)), ("from", .string($0.from.description)),
                ("through", .string($0.through.description)), ("reason", .string($0.reason)),
              ])
            })
        ))
    }
    let repairs = loaded.support.repairs
    if !repairs.isEmpty {
      pairs.append(
        (
          "repairs",
          .array(
            repairs.map { repair in
              var entry: [(String, JSONValue)] = [("date", .string(repair.date.description))]
              if let made = repair.made { entry.append(("made", .string(made.description))) }
              if let streaks = repair.streaks { entry.append(("streaks", .array(streaks.map { .string($0) }))) }
              return .object(entry)
            })
        ))
    }
    let days = loaded.days.sorted { $0.date < $1.date }.map { day -> JSONValue in
      var entry: [(String, JSONValue)] = [("date", .string(day.date.description))]
      if case .object(let values) = try? JSONReader.parse(day.record.utf8) { entry += values }
      return .object(entry)
    }
    pairs.append(("days", .array(days)))
    return .object(pairs)
  }
}

import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import RulesTestSupport
import StoreTestSupport
import Testing

@testable import RulesServer

/// What a phone needs to evaluate as the server does (issue 56, items 2 and 3): `GET
/// .../users/{user}/catalog` and `GET .../users/{user}/state`, in process on both stores.
@Suite struct SyncRouteTests {
  static func object(_ text: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary, "\(text)")
  }

  @Test(arguments: Backend.all) func theCatalogIsTheExportWithItsRevisionAsTag(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let api = try await InProcessAPI(store: store)
      let token = try await TestTokens.hs256(TestTokens.claims("fatima"))
      let export = try #require(api.api.served.set.byID["rizq"]).export
      let revision = SHA256.hash(data: Data(export.utf8)).map { String(format: "%02x", $0) }.joined()
      try await api.test { client in
        // A user the store has no row of has no catalog; once their details are put, they do.
        let before = try await client.call(.get, "/v1/catalogs/rizq/users/fatima/catalog", token: token)
        #expect(before.status == .notFound)
        #expect(
          try Self.object(before.text)["error"] as? NSDictionary == [
            "code": "unknown-user",
            "message": "the catalog 'rizq' has no record of the user 'fatima'; PUT the user's details or a day first",
          ])
        #expect(try await client.call(.put, "/v1/catalogs/rizq/users/fatima", token: token, body: "{}").status == .ok)
        let answer = try await client.call(.get, "/v1/catalogs/rizq/users/fatima/catalog", token: token)
        #expect(answer.status == .ok)
        #expect(answer.text == export + "\n")
        #expect(answer.headers[.eTag] == "\"\(revision)\"")
        #expect(answer.headers[.cacheControl] == "private, no-cache")
        #expect(answer.headers[.contentType] == "application/json; charset=utf-8")

        for (asked, status) in [
          ("\"\(revision)\"", HTTPResponse.Status.notModified), ("W/\"\(revision)\"", .notModified),
          ("\"other\", \"\(revision)\"", .notModified), ("*", .notModified), ("\"other\"", .ok),
          (revision, .ok),
        ] {
          var headers = HTTPFields()
          headers[.authorization] = "Bearer \(token)"
          headers[.ifNoneMatch] = asked
          let again = try await client.execute(
            uri: "/v1/catalogs/rizq/users/fatima/catalog", method: .get, headers: headers, body: nil)
          #expect(again.status == status, "If-None-Match: \(asked)")
          #expect(again.headers[.eTag] == "\"\(revision)\"")
          #expect(again.text.isEmpty == (status == .notModified), "If-None-Match: \(asked)")
        }

        // Another user's token opens neither route; no token, none; a catalog that is not served.
        let other = try await TestTokens.hs256(TestTokens.claims("yusuf"))
        for path in ["/v1/catalogs/rizq/users/fatima/catalog", "/v1/catalogs/rizq/users/fatima/state"] {
          #expect(try await client.call(.get, path, token: other).status == .forbidden)
          #expect(try await client.call(.get, path).status == .unauthorized)
        }
        let unknown = try await client.call(
          .get, "/v1/catalogs/nope/users/fatima/catalog", token: InProcessAPI.adminToken)
        #expect(unknown.status == .notFound)
        #expect(
          try Self.object(unknown.text)["error"] as? NSDictionary == [
            "code": "unknown-catalog", "message": "there is no catalog 'nope'; GET /v1/catalogs lists them",
          ])
      }
    }
  }

  @Test(arguments: Backend.all) func aUserWithNoRecordHasNoState(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let api = try await InProcessAPI(store: store)
      try await api.test { client in
        let answer = try await client.call(
          .get, "/v1/catalogs/rizq/users/fatima/state", token: InProcessAPI.adminToken)
        #expect(answer.status == .notFound)
        #expect(
          try Self.object(answer.text)["error"] as? NSDictionary == [
            "code": "unknown-user", "message": "the catalog 'rizq' has no record of the user 'fatima'",
          ])
      }
    }
  }

  /// The phone's side of a sync: every user's days put but the last, then `rules eval` from the
  /// state and history the server answers, with the last day added, gives exactly the server's
  /// answer to the PUT of that last day: for the five shipped catalogs and a catalog with
  /// pauses, periodic streaks and a later day start, with travellers, Hijri calendars and a
  /// freeze support granted.
  @Test(arguments: Backend.all) func aPhoneContinuingFromTheStateAgreesWithThePutOfTheNextDay(_ backend: Backend)
    async throws
  {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      for (index, test) in try DifferentialTests.cases(in: folder).enumerated() {
        try await withStore(backend) { store, _ in
          let api = try await InProcessAPI(store: store, catalogs: test.folder)
          let catalog = try #require(api.api.served.set.byID[test.name])
          let generated = GeneratedUsers(
            catalog: catalog, count: 3, span: 24, last: DifferentialTests.last, seed: UInt64(index + 29),
            travellers: true)
          try await api.test { client in
            for user in generated.users where user.days.count > 2 {
              try await Self.sync(user, of: test, client: client, folder: folder, grant: test.name == "timed")
            }
          }
        }
      }
    }
  }

  static func sync(
    _ user: GeneratedUsers.User, of test: DifferentialTests.Case, client: any TestClientProtocol, folder: URL,
    grant: Bool
  ) async throws {
    let admin = InProcessAPI.adminToken
    let base = "/v1/catalogs/\(test.name)/users/\(user.id)"
    let fields = (user.start.map { [#""start": "\#($0)""#] } ?? []) + GeneratedUsers.userFields(user)
    let details = try await client.call(.put, base, token: admin, body: "{" + fields.joined(separator: ", ") + "}")
    #expect(details.status == .ok, "\(details.text)")
    for pause in user.pauses {
      let paused = try await client.call(
        .put, "\(base)/pauses/\(pause.from)", token: admin, body: #"{"to": "\#(pause.to)"}"#)
      #expect(paused.status == .ok, "\(paused.text)")
    }
    func body(_ day: (date: String, values: [(String, String)])) -> String {
      "{" + day.values.map { #""\#($0.0)": \#($0.1)"# }.joined(separator: ", ") + "}"
    }
    for day in user.days.dropLast() {
      let put = try await client.call(.put, "\(base)/days/\(day.date)", token: admin, body: body(day))
      #expect(put.status == .ok, "\(put.text)")
    }
    if grant {
      // Dated the user's today (after their days): it travels with the history all the same.
      let granted = try await client.call(
        .post, "\(base)/freezes", token: admin, body: #"{"streak": "praying", "count": 1, "reason": "the app crashed"}"#
      )
      #expect(granted.status == .created, "\(granted.text)")
    }

    // The phone: the state and its history, the last day added to the history's days.
    let answer = try await client.call(.get, "\(base)/state", token: admin)
    #expect(answer.status == .ok, "\(answer.text)")
    #expect(answer.headers[.cacheControl] == "private, no-store")
    let synced = try Self.object(answer.text)
    let catalogAnswer = try await client.call(.get, "\(base)/catalog", token: admin)
    #expect(
      synced["catalog_revision"] as? String == catalogAnswer.headers[.eTag].map { String($0.dropFirst().dropLast()) })
    let rebuild = try #require(synced["rebuild"] as? Bool)
    let history = try #require(synced["history"] as? NSDictionary).mutableCopy() as! NSMutableDictionary
    // The user's settings, pauses and support's grants, as the server keeps them (the next
    // check reads them for the days the state has not counted).
    #expect(history["user"] as? String == user.id)
    #expect(history["start"] as? String == user.start)
    #expect(history["timezone"] as? String == user.timeZone)
    #expect(history["calendar"] as? String == user.calendar)
    let changes = (history["timezone_changes"] as? [NSDictionary] ?? []).map {
      "\($0["at"] as? String ?? "") \($0["timezone"] as? String ?? "")"
    }
    #expect(changes == user.changes.map { "\($0.at) \($0.zone)" })
    let pauses = (history["pauses"] as? [NSDictionary] ?? []).map {
      "\($0["from"] as? String ?? "") \($0["to"] as? String ?? "")"
    }
    #expect(pauses == user.pauses.map { "\($0.from) \($0.to)" })
    let grants = (history["freeze_grants"] as? [NSDictionary] ?? []).map {
      "\($0["streak"] as? String ?? "") \($0["count"] as? Int ?? 0) \($0["reason"] as? String ?? "")"
    }
    #expect(grants == (grant ? ["praying 1 the app crashed"] : []))
    let last = user.days.last!
    var lastDay: [String: Any] = ["date": last.date]
    for (name, text) in last.values {
      lastDay[name] = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
    }
    history["days"] = (history["days"] as? [Any] ?? []) + [lastDay]
    let historyFile = folder.appendingPathComponent("\(user.id)-history.json")
    try JSONSerialization.data(withJSONObject: history).write(to: historyFile)
    let stateFile = folder.appendingPathComponent("\(user.id)-state.json")
    try? FileManager.default.removeItem(at: stateFile)
    if let state = synced["state"] as? NSDictionary {
      try JSONSerialization.data(withJSONObject: state).write(to: stateFile)
    }
    let phone = try Binary.run(
      "rules",
      [
        "eval", test.argument, "--history", historyFile.path, "--state", stateFile.path, "--date", last.date,
        "--format", "json",
      ] + (rebuild ? ["--rebuild"] : []))
    #expect(phone.status == 0, "\(user.id): \(phone.stderr)")

    // The server: the PUT of the last day.
    let put = try await client.call(.put, "\(base)/days/\(last.date)", token: admin, body: body(last))
    #expect(put.status == .ok, "\(put.text)")
    #expect(try Self.object(put.text) == Self.object(phone.stdout), "\(test.name) \(user.id): the phone = the server")
  }
}

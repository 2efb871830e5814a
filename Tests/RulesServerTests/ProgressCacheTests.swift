import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import StoreTestSupport
import Testing

@testable import RulesServer

/// `GET .../progress` answered from `ProgressCache` (issue 41): after every write path the
/// answer is the one a fresh evaluation makes, on both stores, and with two servers on one
/// store a write through one is never answered stale by the other.
///
/// Each test first makes the cache's answer stale on purpose: a day is written straight into
/// the store by SQL, moving no revision, which a fresh evaluation counts; the server still
/// answers what it kept (that is the cache answering). Then the write path under test must
/// make the server answer afresh.
@Suite struct ProgressCacheTests {
  static let catalog = "discipline"
  static let user = "ana"
  static let path = "/v1/catalogs/discipline/users/ana"
  static let good = #"{"planned": true, "completed": true}"#
  /// The date asked: two days after the state's.
  static let asked = "2026-01-05"
  static let progress = "\(path)/progress?date=\(asked)"

  /// The answer a fresh evaluation makes (no cache), or nil for a user with no record.
  static func truth(_ store: any StoreBackend, _ catalog: StoreCatalog) async throws -> String? {
    try await store.evaluateReading(catalog: Self.catalog, user: user) { loaded in
      guard let loaded, loaded.state != nil || !loaded.days.isEmpty else { return nil }
      return try UserEvaluation.read(loaded, catalog: catalog, on: day(asked)).json + "\n"
    }
  }

  /// The user's first three days, through the API.
  static func firstDays(_ client: some TestClientProtocol) async throws {
    for date in ["2026-01-01", "2026-01-02", "2026-01-03"] {
      let put = try await client.call(.put, "\(path)/days/\(date)", token: InProcessAPI.adminToken, body: good)
      #expect(put.status == .ok, "\(put.text)")
    }
  }

  /// A missed day on 2026-01-04 written by SQL: a fresh evaluation breaks the streak; the
  /// user's revision does not move.
  static func dayBehindTheServer(_ backend: Backend, _ address: String) throws {
    _ = try MigrationTests.sql(
      backend, address,
      """
      INSERT INTO days (catalog, user_id, date, record) VALUES ('discipline', 'ana', '2026-01-04',
        '{"planned":true,"completed":false}');
      """)
  }

  static func get(_ client: some TestClientProtocol, _ path: String = progress) async throws -> (Int, String) {
    let answer = try await client.call(.get, path, token: InProcessAPI.adminToken)
    return (Int(answer.status.code), answer.text)
  }

  /// The steps every test shares, with `write` (the write path under test) in the middle.
  static func afterWrite(
    _ backend: Backend, catalogs: String? = nil,
    _ write: @escaping @Sendable (any TestClientProtocol, any StoreBackend, String) async throws -> Void,
    truthCatalog: @escaping @Sendable () throws -> StoreCatalog = { try StoreTestSupport.loadCatalog(catalog) },
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await withTemporaryFolder { folder in
      let address = try await backend.freshAddress(in: folder)
      let store = try await StoreAddress.open(address)
      let api = try await InProcessAPI(store: store, catalogs: catalogs)
      try await api.test { client in
        try await firstDays(client)
        let (status, first) = try await get(client)
        #expect(status == 200, "\(first)", sourceLocation: sourceLocation)
        #expect(
          first == (try await truth(store, try StoreTestSupport.loadCatalog(catalog))), sourceLocation: sourceLocation)
        try dayBehindTheServer(backend, address)
        let stale = try await truth(store, try StoreTestSupport.loadCatalog(catalog))
        #expect(stale != first, "the day behind the server changes the answer", sourceLocation: sourceLocation)
        #expect(try await get(client).1 == first, "the cache answers", sourceLocation: sourceLocation)

        try await write(client, store, address)
        let expected = try await truth(store, try truthCatalog())
        let (after, body) = try await get(client)
        if let expected {
          #expect(after == 200, "\(body)", sourceLocation: sourceLocation)
          #expect(body == expected, "answered afresh after the write", sourceLocation: sourceLocation)
          #expect(body != first, sourceLocation: sourceLocation)
          // And kept again: the same answer from the cache.
          #expect(try await get(client).1 == expected, sourceLocation: sourceLocation)
        } else {
          #expect(after == 404, "\(body)", sourceLocation: sourceLocation)
        }
      }
      try await store.close()
    }
  }

  @Test("PUT day: a new day moves the revision", arguments: Backend.all)
  func putDay(_ backend: Backend) async throws {
    try await Self.afterWrite(backend) { client, _, _ in
      let put = try await client.call(
        .put, "\(Self.path)/days/2026-01-06", token: InProcessAPI.adminToken, body: Self.good)
      #expect(put.status == .ok, "\(put.text)")
    }
  }

  @Test("PUT user: new details move the revision", arguments: Backend.all)
  func putUser(_ backend: Backend) async throws {
    try await Self.afterWrite(backend) { client, _, _ in
      let put = try await client.call(
        .put, Self.path, token: InProcessAPI.adminToken, body: #"{"timezone": "Europe/Berlin"}"#)
      #expect(put.status == .ok, "\(put.text)")
    }
  }

  @Test("rebuild: the save moves the revision", arguments: Backend.all)
  func rebuild(_ backend: Backend) async throws {
    try await Self.afterWrite(backend) { client, _, _ in
      let rebuilt = try await client.call(.post, "\(Self.path)/rebuild", token: InProcessAPI.adminToken)
      #expect(rebuilt.status == .ok, "\(rebuilt.text)")
    }
  }

  @Test("DELETE: no answer; the user made again is answered afresh", arguments: Backend.all)
  func delete(_ backend: Backend) async throws {
    try await Self.afterWrite(backend) { client, _, _ in
      let deleted = try await client.call(.delete, Self.path, token: InProcessAPI.adminToken)
      #expect(deleted.status == .ok, "\(deleted.text)")
      #expect(try await Self.get(client).0 == 404)
      // Made again, with a missed day that changes the answer.
      try await Self.firstDays(client)
      let missed = try await client.call(
        .put, "\(Self.path)/days/2026-01-04", token: InProcessAPI.adminToken,
        body: #"{"planned": true, "completed": false}"#)
      #expect(missed.status == .ok)
    }
  }

  @Test("DELETE and nothing else: 404, never the answer kept", arguments: Backend.all)
  func deleteOnly(_ backend: Backend) async throws {
    try await Self.afterWrite(backend) { client, _, _ in
      let deleted = try await client.call(.delete, Self.path, token: InProcessAPI.adminToken)
      #expect(deleted.status == .ok, "\(deleted.text)")
    }
  }

  @Test("batch: its save moves the revision", arguments: Backend.all)
  func batch(_ backend: Backend) async throws {
    try await Self.afterWrite(backend) { _, store, _ in
      let summary = try await Batch(
        store: store, catalog: try StoreTestSupport.loadCatalog(Self.catalog), date: day("2026-01-05"), shard: nil
      ).run()
      #expect(summary.users == 1)
    }
  }

  @Test("import: a changed record moves the revision", arguments: Backend.all)
  func importRecords(_ backend: Backend) async throws {
    try await Self.afterWrite(backend) { _, store, _ in
      try await withTemporaryFolder { folder in
        let file = folder.appendingPathComponent("days.jsonl")
        try #"{"user": "ana", "date": "2026-01-02", "planned": true, "completed": false}"#.write(
          to: file, atomically: true, encoding: .utf8)
        var importer = Importer(catalog: try StoreTestSupport.loadCatalog(Self.catalog))
        importer.read(file: file.path)
        let summary = try await store.importRecords(
          catalog: Self.catalog, users: importer.users, records: importer.records)
        #expect(summary.changed == 1)
      }
    }
  }

  @Test("catalog reload: the catalog served changes, the answers kept go", arguments: Backend.all)
  func reload(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("discipline.yaml")
      try CatalogReloadTests.discipline(version: 1).write(to: file, atomically: true, encoding: .utf8)
      try await Self.afterWrite(
        backend, catalogs: folder.path,
        { client, _, _ in
          try CatalogReloadTests.discipline(version: 2, extraBadge: CatalogReloadTests.twoDays).write(
            to: file, atomically: true, encoding: .utf8)
          let reloaded = try await client.call(
            .post, CatalogReloadTests.reload, token: InProcessAPI.adminToken)
          #expect(reloaded.status == .ok, "\(reloaded.text)")
        }, truthCatalog: { try StoreTestSupport.loadCatalog(path: file.path) })
    }
  }

  @Test("two servers on one store: a write through either is never answered stale by the other", arguments: Backend.all)
  func twoServers(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let address = try await backend.freshAddress(in: folder)
      let storeA = try await StoreAddress.open(address)
      let storeB = try await StoreAddress.open(address)
      let a = try await InProcessAPI(store: storeA)
      let b = try await InProcessAPI(store: storeB)
      let catalog = try StoreTestSupport.loadCatalog(Self.catalog)
      try await a.test { clientA in
        try await b.test { clientB in
          try await Self.firstDays(clientA)
          // Each write through one server, then both asked (each keeps its answer), the other first.
          let writes: [(String, String, String?)] = [
            ("PUT", "\(Self.path)/days/2026-01-04", #"{"planned": true, "completed": false}"#),
            ("PUT", "\(Self.path)/days/2026-01-04", Self.good),
            ("PUT", Self.path, #"{"timezone": "Asia/Tokyo"}"#),
            ("POST", "\(Self.path)/rebuild", nil),
            ("PUT", "\(Self.path)/days/2026-01-05", #"{"planned": false, "completed": false}"#),
            ("DELETE", Self.path, nil),
            ("PUT", "\(Self.path)/days/2026-01-03", Self.good),
            ("PUT", "\(Self.path)/days/2026-01-04", Self.good),
          ]
          var answers = Set<String>()
          for (index, (method, path, body)) in writes.enumerated() {
            let (writer, other) = index % 2 == 0 ? (clientA, clientB) : (clientB, clientA)
            // Both keep the answer before the write.
            _ = try await Self.get(writer)
            _ = try await Self.get(other)
            let written = try await writer.call(
              HTTPRequest.Method(method)!, path, token: InProcessAPI.adminToken, body: body)
            #expect(written.status == .ok, "\(method) \(path): \(written.text)")
            let expected = try await Self.truth(storeA, catalog)
            for (name, client) in [("the other server", other), ("the writer", writer)] {
              let (status, answer) = try await Self.get(client)
              if let expected {
                #expect(status == 200 && answer == expected, "after \(method) \(path), \(name)")
                answers.insert(answer)
              } else {
                #expect(status == 404, "after \(method) \(path), \(name): \(answer)")
              }
            }
          }
          #expect(answers.count >= 4, "the writes changed the answer")
        }
      }
      try await storeA.close()
      try await storeB.close()
    }
  }

  @Test("the cache is bounded, keeps what is asked for, and answers only what is current")
  func bounded() throws {
    let catalog = try StoreTestSupport.loadCatalog(Self.catalog)
    let other = try StoreTestSupport.loadCatalog(Self.catalog)
    let capacity = 40 * 1_256
    let cache = ProgressCache(capacity: capacity)
    let body = ByteBuffer(repeating: UInt8(ascii: "x"), count: 1_000)
    func user(_ id: String, revision: Int64) -> LoadedUser {
      LoadedUser(
        user: id, start: nil, timeZone: nil, revision: revision, rebuild: false, state: nil, stateDate: nil, days: [],
        allDays: false)
    }
    func key(_ id: String) -> ProgressCache.Key {
      ProgressCache.Key(catalog: Self.catalog, user: UserID.Key(id), date: nil, locale: nil)
    }
    let today = cache.today(user("u", revision: 0), in: catalog)
    cache.keep(body, key("kept"), catalog: catalog, user: user("kept", revision: 7), today: today)
    #expect(cache.answer(key("kept"), catalog: catalog, revision: 7) == body)
    #expect(cache.answer(key("kept"), catalog: catalog, revision: 8) == nil, "another revision")
    #expect(cache.answer(key("kept"), catalog: other, revision: 7) == nil, "another catalog object (a reload)")
    #expect(
      cache.answer(
        ProgressCache.Key(catalog: Self.catalog, user: UserID.Key("kept"), date: day("2026-01-01"), locale: nil),
        catalog: catalog, revision: 7) == nil, "another date")
    #expect(
      cache.answer(
        ProgressCache.Key(catalog: Self.catalog, user: UserID.Key("kept"), date: nil, locale: "ar"),
        catalog: catalog, revision: 7) == nil, "another locale")
    // "café" precomposed and with a combining accent are two users.
    cache.keep(body, key("caf\u{E9}"), catalog: catalog, user: user("caf\u{E9}", revision: 1), today: today)
    #expect(cache.answer(key("cafe\u{301}"), catalog: catalog, revision: 1) == nil)
    for index in 0..<1_000 {
      cache.keep(body, key("u\(index)"), catalog: catalog, user: user("u\(index)", revision: 1), today: today)
      // One user asked all along stays.
      #expect(cache.answer(key("kept"), catalog: catalog, revision: 7) == body)
      #expect(cache.held.cost <= capacity)
    }
    #expect(cache.held.answers >= 20, "\(cache.held)")
    #expect(cache.answer(key("u0"), catalog: catalog, revision: 1) == nil, "the least recently asked went")
    #expect(cache.answer(key("u999"), catalog: catalog, revision: 1) == body)
    // RULES_PROGRESS_CACHE_MB: MiB, 0 turns it off; anything else is the default.
    #expect(ProgressCache.capacity(environment: [:]) == 32 << 20)
    #expect(ProgressCache.capacity(environment: ["RULES_PROGRESS_CACHE_MB": "0"]) == 0)
    #expect(ProgressCache.capacity(environment: ["RULES_PROGRESS_CACHE_MB": "64"]) == 64 << 20)
    for bad in ["-1", "many", "", "1.5"] {
      #expect(ProgressCache.capacity(environment: ["RULES_PROGRESS_CACHE_MB": bad]) == 32 << 20, "\(bad)")
    }
    let off = ProgressCache(capacity: 0)
    off.keep(body, key("u"), catalog: catalog, user: user("u", revision: 1), today: today)
    #expect(off.held.answers == 0)
    // Made on another day: not answered.
    let yesterday = ProgressCache(capacity: capacity)
    yesterday.keep(body, key("u"), catalog: catalog, user: user("u", revision: 1), today: today + (-1))
    #expect(yesterday.answer(key("u"), catalog: catalog, revision: 1) == nil)
  }
}

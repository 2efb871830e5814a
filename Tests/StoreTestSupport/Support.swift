import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesStore
import Testing

/// The repository's root (the tests run the catalogs and binaries from it).
/// The schema version this build migrates a store to (docs/store.md, "Schema").
package let currentSchemaVersion = Schema.version

package let repositoryRoot: URL = {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<3 { url.deleteLastPathComponent() }
  return url
}()

/// Runs `body` with a fresh temporary folder, removed when it returns or throws.
package func withTemporaryFolder<R>(_ body: (URL) async throws -> R) async throws -> R {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("rules-server-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try await body(url)
}

/// The shipped catalog `name` (catalogs/NAME.yaml).
package func loadCatalog(_ name: String) throws -> StoreCatalog {
  try loadCatalog(path: repositoryRoot.appendingPathComponent("catalogs/\(name).yaml").path)
}

/// The catalog at `path`, read with RulesKit as the server reads it (the store reads no YAML).
package func loadCatalog(path: String) throws -> StoreCatalog {
  let result = CatalogFiles.validate(path: path)
  guard let checked = result.validated else {
    throw StoreTestFailure("\(path): \(result.diagnostics.map(\.description).joined(separator: "\n"))")
  }
  return StoreCatalog(checked)
}

package func day(_ text: String) -> CalendarDay { CalendarDay.parsed(text)! }

/// The two stores every store, server and worker test runs on.
package enum Backend: String, Sendable, CustomTestStringConvertible {
  case sqlite, postgres

  /// SQLite always; PostgreSQL when RULES_TEST_POSTGRES_URL is set, and under CI=true also
  /// without it (where its tests then fail: CI must test PostgreSQL).
  package static let all: [Backend] = TestPostgres.url != nil || TestPostgres.inCI ? [.sqlite, .postgres] : [.sqlite]

  package var testDescription: String { rawValue }

  /// A new, empty store's address: a file in `folder`, or a new database on the test server.
  package func freshAddress(in folder: URL) async throws -> String {
    switch self {
    case .sqlite: return "sqlite:" + folder.appendingPathComponent("store-\(UUID().uuidString.prefix(8)).sqlite").path
    case .postgres: return try await TestPostgres.freshDatabase()
    }
  }
}

/// Runs `body` with a new, empty store of `backend`, closed (and its folder removed) after.
package func withStore<R>(_ backend: Backend, _ body: (any StoreBackend, URL) async throws -> R) async throws -> R {
  try await withTemporaryFolder { folder in
    let store = try await StoreAddress.open(try await backend.freshAddress(in: folder))
    do {
      let result = try await body(store, folder)
      try await store.close()
      return result
    } catch {
      try? await store.close()
      throw error
    }
  }
}

/// The PostgreSQL server of the tests: RULES_TEST_POSTGRES_URL (scripts/postgres starts one).
package enum TestPostgres {
  package static var url: String? {
    let url = ProcessInfo.processInfo.environment["RULES_TEST_POSTGRES_URL"]
    return url?.isEmpty == false ? url : nil
  }

  package static var inCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  package static func requireURL() throws -> String {
    if let url { return url }
    throw StoreTestFailure(
      "CI=true but RULES_TEST_POSTGRES_URL is not set: .ci/run starts PostgreSQL with scripts/postgres (`eval \"$(scripts/postgres start)\"`)"
    )
  }

  /// A new, empty database on the test server (each test gets its own name).
  package static func freshDatabase() async throws -> String {
    let base = try requireURL()
    let name = "rules_test_\(UUID().uuidString.prefix(8).lowercased())"
    try runPSQL(base, "CREATE DATABASE \(name)")
    guard var components = URLComponents(string: base) else { throw StoreError("bad URL") }
    components.path = "/" + name
    return components.string!
  }

  package static func runPSQL(_ url: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["psql", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 { throw StoreError("psql failed: \(sql)") }
  }
}

/// A test's own failure with a message.
package struct StoreTestFailure: Error, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = description }
}

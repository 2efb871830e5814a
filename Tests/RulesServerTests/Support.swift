import Foundation
import RulesEngine
import RulesStore
import XCTest

/// The repository's root (the tests run the catalogs and binaries from it).
let repositoryRoot: URL = {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<3 { url.deleteLastPathComponent() }
  return url
}()

/// A fresh temporary folder, removed at the end of the test.
func temporaryFolder(_ test: XCTestCase) throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("rules-server-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
  return url
}

func loadCatalog(_ name: String) throws -> StoreCatalog {
  try StoreCatalog.load(repositoryRoot.appendingPathComponent("catalogs/\(name).yaml").path)
}

func day(_ text: String) -> CalendarDay { CalendarDay.parsed(text)! }

/// The PostgreSQL server of the tests: RULES_TEST_POSTGRES_URL (scripts/postgres starts one).
/// Without it the PostgreSQL tests skip, except in CI (CI=true), where they fail.
enum TestPostgres {
  static var url: String? {
    let url = ProcessInfo.processInfo.environment["RULES_TEST_POSTGRES_URL"]
    return url?.isEmpty == false ? url : nil
  }

  static func requireURL() throws -> String {
    if let url { return url }
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      XCTFail("CI=true but RULES_TEST_POSTGRES_URL is not set: .ci/run starts PostgreSQL with scripts/postgres")
      throw XCTSkip("no PostgreSQL")
    }
    throw XCTSkip(
      "RULES_TEST_POSTGRES_URL is not set; `eval \"$(scripts/postgres start)\"` starts a PostgreSQL for these tests")
  }

  /// A new, empty database on the test server, dropped... never: each test gets its own name.
  static func freshDatabase() async throws -> String {
    let base = try requireURL()
    let name = "rules_test_\(UUID().uuidString.prefix(8).lowercased())"
    try runPSQL(base, "CREATE DATABASE \(name)")
    guard var components = URLComponents(string: base) else { throw StoreError("bad URL") }
    components.path = "/" + name
    return components.string!
  }

  static func runPSQL(_ url: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["psql", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 { throw StoreError("psql failed: \(sql)") }
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Opens a store from its address: `sqlite:PATH`, a plain path, or `postgres://USER@HOST:PORT/DB`.
package enum StoreAddress {
  package static func open(_ address: String) async throws -> any StoreBackend {
    if address.hasPrefix("postgres://") || address.hasPrefix("postgresql://") {
      return try await PostgresStore.open(url: address)
    }
    var path = address
    if path.hasPrefix("sqlite:") { path.removeFirst("sqlite:".count) }
    if path.hasPrefix("//") { path.removeFirst(2) }
    guard !path.isEmpty else { throw StoreError("the store '\(address)' names no file; write sqlite:PATH") }
    return try SQLiteStore(path: path)
  }
}

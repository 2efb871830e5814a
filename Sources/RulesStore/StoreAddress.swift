import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Opens a store from its address: `sqlite:PATH`, a plain path, or `postgres://USER@HOST:PORT/DB`.
package enum StoreAddress {
  /// Who opens the store, which decides how a PostgreSQL store holds its connections.
  package enum Use: Sendable {
    /// A command that ends: connections are opened as its work asks for them.
    case command
    /// `serve`, which answers many requests for a long time: every connection of the pool is
    /// opened at the start and kept (`PostgresStore.open`).
    case server
  }

  package static func open(_ address: String, for use: Use = .command) async throws -> any StoreBackend {
    if address.hasPrefix("postgres://") || address.hasPrefix("postgresql://") {
      return try await PostgresStore.open(url: address, keepingConnections: use == .server)
    }
    var path = address
    if path.hasPrefix("sqlite:") { path.removeFirst("sqlite:".count) }
    if path.hasPrefix("//") { path.removeFirst(2) }
    guard !path.isEmpty else { throw StoreError("the store '\(address)' names no file; write sqlite:PATH") }
    return try SQLiteStore(path: path)
  }
}

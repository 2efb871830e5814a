import ArgumentParser
import RulesBackend
import RulesKit
import RulesStore

struct StoreOption: ParsableArguments {
  @Option(help: "The store: PATH, sqlite:PATH or postgres://USER@HOST:PORT/DB.")
  var store: String

  func open(for use: StoreAddress.Use = .command) async throws -> any StoreBackend {
    do {
      return try await StoreAddress.open(store, for: use)
    } catch {
      printError("error: \(StoreError.text(error))")
      throw ExitCode.failure
    }
  }
}

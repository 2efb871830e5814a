import ArgumentParser
import RulesBackend
import RulesKit
import RulesStore

struct StoreOption: ParsableArguments {
  @Option(help: "The store: PATH, sqlite:PATH or postgres://USER@HOST:PORT/DB.")
  var store: String

  func open() async throws -> any StoreBackend {
    do {
      return try await StoreAddress.open(store)
    } catch {
      printError("error: \(error)")
      throw ExitCode.failure
    }
  }
}

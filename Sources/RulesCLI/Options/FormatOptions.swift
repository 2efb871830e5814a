import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource

// The commands' `--format text|json` (RulesKit's, shared with `rules-server`).
extension OutputFormat: ExpressibleByArgument {}

/// `--format text|json`, shared by the commands that print either.
struct FormatOptions: ParsableArguments {
  @Option(help: "Output format: text or json.")
  var format: OutputFormat = .text
}

import ArgumentParser
import Foundation
import RulesEngine
import RulesKit
import RulesSource

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
}

/// `--format text|json`, shared by the commands that print either.
struct FormatOptions: ParsableArguments {
  @Option(help: "Output format: text or json.")
  var format: OutputFormat = .text
}

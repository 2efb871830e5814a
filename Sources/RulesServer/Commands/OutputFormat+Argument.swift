import ArgumentParser
import RulesKit

// The commands' `--format text|json` (RulesKit's, shared with `rules`).
extension OutputFormat: ExpressibleByArgument {}

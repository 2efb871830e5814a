/// What a command prints: text for a person, JSON for a program (`--format text|json` of both
/// executables, which make it an argument).
package enum OutputFormat: String, CaseIterable, Sendable {
  case text, json
}

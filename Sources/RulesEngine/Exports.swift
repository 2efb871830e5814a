@_exported import RulesCatalog
@_exported import RulesLanguage
@_exported import RulesRuntime
// Diagnostics (`Diagnostic`, `DiagnosticID`, `Mark`) are part of the engine's API: an app that
// links `RulesEngine` alone reads the problems a catalog has.
@_exported import RulesSource

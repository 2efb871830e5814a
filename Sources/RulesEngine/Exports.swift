// The layers under the front, re-exported: an app sees their public declarations, which are
// the app's (`Evaluation` and its parts, `UserState`, `DayRecord`, `CalendarDay`, `UserCalendar`,
// `TimeZoneChange`, `EngineError`, `EngineWarning`, `Localizer`, `JSONValue`). Everything else
// is package, or public behind `@_spi(CompiledDay)` (what generated days use) or
// `@_spi(Tooling)` (what the benchmarks and fuzz targets, packages of their own, use);
// docs/embedding.md.
@_spi(CompiledDay) @_spi(Tooling) @_exported import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) @_exported import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) @_exported import RulesRuntime
import RulesSource

// Diagnostics are part of the engine's API: an app that links `RulesEngine` alone reads the
// problems a catalog has. RulesSource itself is not re-exported (its `Node`, `SourceFile` and
// the like are the tooling's).

/// A problem found in a catalog, with where it is (`EngineError.diagnostics`).
public typealias Diagnostic = RulesSource.Diagnostic
/// A diagnostic's stable id (`bad-catalog`, `unknown-input`...).
public typealias DiagnosticID = RulesSource.DiagnosticID
/// A place in a file: line and column.
public typealias Mark = RulesSource.Mark

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

/// A history file read against a catalog.
@_spi(Tooling) public struct HistoryLoad: Sendable {
  @_spi(Tooling) public var history: History?
  @_spi(Tooling) public var source: SourceFile?
  @_spi(Tooling) public var diagnostics: [Diagnostic]
}

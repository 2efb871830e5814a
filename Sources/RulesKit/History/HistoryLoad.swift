import Foundation
import RulesEngine
import RulesSource
import YAMLReader

/// A history file read against a catalog.
public struct HistoryLoad: Sendable {
  public var history: History?
  public var source: SourceFile?
  public var diagnostics: [Diagnostic]
}

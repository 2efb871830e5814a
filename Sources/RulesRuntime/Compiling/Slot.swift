@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Where a value lives in a frame.
@_spi(Tooling) public enum Slot: Sendable, Equatable {
  case int(Int)
  case num(Int)
}

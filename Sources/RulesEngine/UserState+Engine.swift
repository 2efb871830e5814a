import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

extension UserState {
  /// Reads a state saved by `json()` (or a `rules eval --state` file) for `engine`'s catalog.
  /// A state written with another version of the catalog is read (badges keep their unlocks,
  /// new streaks and sums start fresh) and the next check warns. Throws an `EngineError`
  /// (`bad-state`) for JSON that is not a state, a state of another catalog, a newer format,
  /// or malformed fields, naming the problem.
  public init(json data: Data, for engine: Engine) throws(EngineError) {
    self = try Self.decode(data, for: engine.program)
  }

  /// Reads a state saved by `binary()` for `engine`'s catalog, exactly as it was saved. As
  /// with `init(json:for:)`, a state of another version of the catalog is read (badges keep
  /// their unlocks, new streaks and sums start fresh) and the next check warns. Throws an
  /// `EngineError` (`bad-state`) for bytes that are not a binary state, a state of another
  /// catalog, a newer binary format, or bytes that are truncated or corrupt.
  public init(binary data: Data, for engine: Engine) throws(EngineError) {
    self = try Self.decodeBinary([UInt8](data), for: engine.program)
  }
}

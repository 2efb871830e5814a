@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// The shipped catalogs' days compiled to Swift (`scripts/generate-days`, which runs `rules
/// export CATALOG --format swift`): for a server or app built with these catalogs, the daily
/// step without the interpreter. Each is used only for the program it was generated from
/// (`CompiledDay.matches`); any other catalog, or a shipped one since changed, runs on the
/// interpreter.
public enum CompiledCatalogs {
  /// Every shipped catalog's compiled day.
  @_spi(CompiledDay) public static let all: [any CompiledDay.Type] = [
    DisciplineDay.self, ImanpathDay.self, OnwardDay.self, RizqDay.self, SalahstreakDay.self,
  ]

  /// The compiled day of `program`, if one was generated from it exactly as it is.
  @_spi(CompiledDay) public static func day(for program: Program) -> (any CompiledDay.Type)? {
    let id = program.catalog.catalog.id
    guard let day = all.first(where: { $0.catalog == id }), day.matches(program) else { return nil }
    return day
  }
}

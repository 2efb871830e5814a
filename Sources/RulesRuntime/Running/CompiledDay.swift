@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A catalog's day compiled ahead of time into Swift by `rules export --format swift`
/// (`SwiftDayExport`): what `DayRunner.step` does for that one catalog, as straight-line code
/// over local variables, with the catalog's constants folded in, instead of the bytecode run
/// by the interpreter. It gives exactly what `DayRunner.step` gives (same unlocks on the same
/// days, the same `CountedState`), and a state can pass from one to the other between days.
///
/// Only the catalog it was generated from may run through it: `matches(_:)` compares its
/// `fingerprint` with the program's. Catalogs loaded at run time go through `DayRunner`.
@_spi(CompiledDay) public protocol CompiledDay: SendableMetatype {
  /// The id of the catalog the day was generated from.
  static var catalog: String { get }
  /// `SwiftDayExport.fingerprint(_:)` of the program it was generated from.
  static var fingerprint: UInt64 { get }
  /// A day with no Hijri month looked up yet (one per thread, like a `DayRunner`).
  init()
  /// One whole day as an app that checks every day sees it: checked in progress (badges
  /// unlock; `check` unlocks the next badge of each progressive group too), then finished and
  /// counted into `state`. Returns the badges unlocked, in the order they unlocked.
  mutating func step(day: Int, values: [Int]?, state: inout CountedState, start: Int?, check: Bool) -> [Int]
}

extension CompiledDay {
  /// Whether this day was generated from `program` (its catalog, layout and bytecode as they
  /// are now): only then does it give what `DayRunner` gives.
  @_spi(CompiledDay) public static func matches(_ program: Program) -> Bool {
    program.catalog.catalog.id == catalog && SwiftDayExport.fingerprint(program) == fingerprint
  }
}

@_spi(CompiledDay) import CompiledCatalogs
import Foundation
@_spi(Tooling) import RulesKit
import RulesTestSupport
import Testing

@_spi(CompiledDay) @_spi(Tooling) @testable import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesEngine
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesRuntime

/// The shipped catalogs' generated days against the interpreter: the same unlocks on the same
/// days and the same state after every day, on every catalog; the committed sources are what
/// the export writes now; a program they were not generated from is refused.
@Suite("Compiled days (rules export --format swift)")
struct CompiledDayTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func program(_ name: String, root: URL = repository) throws -> Program {
    let result = CatalogFiles.validate(path: root.appendingPathComponent("catalogs/\(name).yaml").path)
    let checked = try #require(result.validated, "\(result.diagnostics.map(\.description))")
    return Program(checked)
  }

  static let names = ShippedCatalogs.names

  @Test("the compiled days are the shipped catalogs', one each, in the order of their names")
  func oneDayPerCatalog() {
    #expect(CompiledCatalogs.all.map { $0.catalog } == ShippedCatalogs.names)
  }

  @Test("every shipped catalog has a compiled day, generated from it as it is now", arguments: names)
  func upToDate(_ name: String) throws {
    let program = try Self.program(name)
    let day = try #require(CompiledCatalogs.day(for: program), "scripts/generate-days has not been run")
    let typeName = String(describing: day)
    let committed = try String(
      contentsOf: Self.repository.appendingPathComponent("Sources/CompiledCatalogs/\(typeName).swift"), encoding: .utf8)
    #expect(try SwiftDayExport.source(program, typeName: typeName) == committed)
  }

  @Test("a compiled day gives what the interpreter gives, day after day", arguments: names)
  func sameAsInterpreter(_ name: String) throws {
    let program = try Self.program(name)
    let compiled = try #require(CompiledCatalogs.day(for: program))
    try Self.compare(program, compiled, users: 40, days: 420)
  }

  /// Steps `users` random users through `days` days on both, from the same state each day.
  static func compare(_ program: Program, _ compiled: any CompiledDay.Type, users: Int, days: Int) throws {
    let runner = DayRunner(program: program)
    var day = compiled.init()
    let firstDay = try CalendarDay("2026-01-01").number
    var unlocks = 0
    for user in 0..<users {
      var random = SplitMix64(seed: UInt64(user) &+ 0x5EED)
      var state = CountedState(for: program.catalog)
      let start: Int? = user % 3 == 0 ? nil : firstDay + Int(random.next() % 20)
      state.origin = firstDay
      let diligence = Double(random.next() % 100) / 100
      for offset in 0..<days {
        let today = firstDay + offset
        let values: [Int]? =
          random.chance(0.15)
          ? nil : program.catalog.inputs.map { Self.value(for: $0, good: random.chance(diligence), &random) }
        let check = !random.chance(0.2)
        var expected = state
        let expectedUnlocks = runner.step(day: today, values: values, state: &expected, start: start, check: check)
        var actual = state
        let actualUnlocks = day.step(day: today, values: values, state: &actual, start: start, check: check)
        try #require(
          actualUnlocks == expectedUnlocks && actual == expected,
          "user \(user), day \(offset), values \(values.map(\.description) ?? "none"), check \(check)")
        unlocks += expectedUnlocks.count
        state = expected
      }
    }
    if !program.catalog.badges.isEmpty {
      #expect(unlocks > 0, "the users unlocked nothing: the test would not see a difference")
    }
  }

  /// A value of `input`'s type: mostly plausible ones (a good day fills them), sometimes the
  /// extremes its range allows (saturating arithmetic), and numbers with fractions.
  static func value(for input: Input, good: Bool, _ random: inout SplitMix64) -> Int {
    let low = Int(input.min ?? -1_000_000)
    let high = Int(Swift.min(input.max ?? 1e15, 1e15))
    switch input.kind {
    case .bool:
      return good != random.chance(0.1) ? 1 : 0
    case .int:
      if random.chance(0.02) { return random.chance(0.5) ? high : low }
      let typical = good ? 1 + Int(random.next() % 9) : Int(random.next() % 2)
      return Swift.min(Swift.max(typical, low), high)
    case .enumeration(let values):
      if good, let done = values.firstIndex(of: "done") { return done }
      return Int(random.next() % UInt64(values.count))
    case .number:
      var value = good ? 5 + Double(random.next() % 4000) / 100 : Double(random.next() % 500) / 100
      if random.chance(0.02) { value = Double(high) }
      return Int(bitPattern: UInt(Swift.min(Swift.max(value, Double(low)), Double(high)).bitPattern))
    }
  }

  /// The tests' catalog of every instruction (`Fixtures/everything.yaml`) and its day as Swift
  /// (`EverythingDay.swift` here, written by scripts/generate-days).
  static func everything() throws -> Program {
    let path = repository.appendingPathComponent("Tests/CompiledCatalogsTests/Fixtures/everything.yaml").path
    let result = CatalogFiles.validate(path: path)
    return Program(try #require(result.validated, "\(result.diagnostics.map(\.description))"))
  }

  @Test("every instruction's translation gives what the interpreter gives")
  func everyInstruction() throws {
    let program = try Self.everything()
    #expect(EverythingDay.matches(program))
    let committed = try String(
      contentsOf: Self.repository.appendingPathComponent("Tests/CompiledCatalogsTests/EverythingDay.swift"),
      encoding: .utf8)
    #expect(try SwiftDayExport.source(program, typeName: "EverythingDay") == committed)
    // A comparison's kind is its case and its comparison (`intCompare less`).
    let kinds = Set(
      program.bytecode.instructions.map { instruction in
        switch instruction {
        case .intCompare(let comparison, _, _, _): "intCompare \(comparison)"
        case .numCompare(let comparison, _, _, _): "numCompare \(comparison)"
        default: String("\(instruction)".prefix { $0 != "(" })
        }
      })
    // 53 of the 58 kinds: the string instructions (`stringEqual`, `stringNotEqual`,
    // `stringConcat`) are refused, and `numToInt` and `boolToNum` are emitted only for shapes
    // type inference does not produce today.
    #expect(kinds.count >= 53, "the catalog no longer uses every kind of instruction: \(kinds.sorted())")
    try Self.compare(program, EverythingDay.self, users: 60, days: 500)
  }

  @Test("a catalog changed since its day was generated runs on the interpreter")
  func changedCatalogIsRefused() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for folder in ["catalogs", "rules"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    let rizq = try String(contentsOf: Self.repository.appendingPathComponent("catalogs/rizq.yaml"), encoding: .utf8)
    #expect(rizq.contains("when: streak.current >= 7"))
    try rizq.replacingOccurrences(of: "when: streak.current >= 7", with: "when: streak.current >= 8")
      .write(to: root.appendingPathComponent("catalogs/rizq.yaml"), atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(
      at: Self.repository.appendingPathComponent("rules/levels.yaml"),
      to: root.appendingPathComponent("rules/levels.yaml"))
    let changed = try Self.program("rizq", root: root)
    #expect(!RizqDay.matches(changed))
    #expect(CompiledCatalogs.day(for: changed) == nil)
    #expect(RizqDay.matches(try Self.program("rizq")))
    #expect(!DisciplineDay.matches(try Self.program("rizq")))
  }

  @Test("a state passes between the interpreter and a compiled day from one day to the next")
  func statesAreInterchangeable() throws {
    let program = try Self.program("salahstreak")
    let runner = DayRunner(program: program)
    var compiled = SalahstreakDay()
    var alternating = CountedState(for: program.catalog)
    var interpreted = alternating
    let first = try CalendarDay("2026-02-01").number
    for offset in 0..<120 {
      // Every prayer done on time (position 1 of pending, done, missed, qada) but on every
      // ninth day, when Fajr is missed.
      let values = program.catalog.inputs.map { $0.name == "fajr" && offset % 9 == 8 ? 2 : 1 }
      let a =
        offset.isMultiple(of: 2)
        ? runner.step(day: first + offset, values: values, state: &alternating, start: first, check: true)
        : compiled.step(day: first + offset, values: values, state: &alternating, start: first, check: true)
      let b = runner.step(day: first + offset, values: values, state: &interpreted, start: first, check: true)
      #expect(a == b, "day \(offset)")
    }
    #expect(alternating == interpreted)
    #expect(alternating.badgeCount > 3)
  }
}

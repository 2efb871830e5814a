@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Runs report code (`ReportCode`, `ExpressionCode`) on a `BytecodeMachine` of its own, over a
/// copy of a day's layout slots: the day's frame keeps its own temporaries and constants, and
/// the report's fragments theirs. Not thread-safe: one per evaluator (`DayRunner.reports`).
final class ReportMachine {
  let machine: BytecodeMachine
  private let intCount: Int
  private let numCount: Int

  init(_ bytecode: Bytecode, layout: Layout) {
    machine = BytecodeMachine(
      bytecode, streaks: 0, aggregates: 0, temporaries: layout.intCount, numTemporaries: layout.numCount)
    intCount = layout.intCount
    numCount = layout.numCount
  }

  /// Copies the layout's slots (inputs, built-ins, streaks, sums, metrics) from `frame`, a
  /// frame of a runner of the same program, after its day ran.
  func load(from frame: Frame) {
    machine.ints.update(from: frame.ints, count: intCount)
    machine.nums.update(from: frame.nums, count: numCount)
  }

  /// Runs the fragment `code` (one of the code's `reports`, or empty).
  func run(_ code: Range<Int>) {
    if !code.isEmpty { machine.run(code) }
  }

  /// Whether the condition in the int slot `slot` holds.
  func holds(_ slot: Int) -> Bool {
    machine.ints[slot] != 0
  }

  /// A result's value, of its type.
  func value(_ result: ReportCode.Result) -> Value {
    switch (result.slot, result.type) {
    case (.num(let i), _): .number(machine.nums[i])
    case (.int(let i), .bool): .bool(machine.ints[i] != 0)
    case (.int(let i), .enumeration(let type)): .member(machine.ints[i], type)
    case (.int(let i), .string): .string(machine.string(machine.ints[i]))
    case (.int(let i), .number): .number(Double(machine.ints[i]))
    case (.int(let i), .int): .int(machine.ints[i])
    case (.int, .invalid): .bool(false)
    }
  }
}

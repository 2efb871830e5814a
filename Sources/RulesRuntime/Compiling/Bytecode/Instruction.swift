@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// One instruction of the evaluator's bytecode: an operation over a frame's slots. The first
/// operand is where the result goes; the others are the slots it reads. Int slots hold ints,
/// enum positions, bools (0 false, anything else true) and strings (a string's number, see
/// `Bytecode.strings`); number slots hold doubles. Slots below 0 hold the program's constants
/// (see `Frame`).
///
/// Instructions are plain values (no closures, no references), so a day is one loop over an
/// array with one `switch`: a few instructions of the processor per operation instead of a
/// closure call each. Arithmetic is the expression language's own (`Arithmetic`): it never
/// traps.
enum Instruction: Sendable, Equatable {
  // MARK: Moves and conversions
  case copyInt(Int, Int)
  case copyNum(Int, Int)
  /// A number from an int.
  case intToNum(Int, Int)
  /// An int from a number (clamped, NaN as 0).
  case numToInt(Int, Int)
  /// A bool as 1 or 0.
  case boolToInt(Int, Int)
  /// A bool as 1.0 or 0.0.
  case boolToNum(Int, Int)

  // MARK: Integers (saturating)
  case intAdd(Int, Int, Int)
  case intSubtract(Int, Int, Int)
  case intMultiply(Int, Int, Int)
  case intRemainder(Int, Int, Int)
  case intNegate(Int, Int)
  case intAbs(Int, Int)
  case intMin(Int, Int, Int)
  case intMax(Int, Int, Int)
  /// destination, x, low, high.
  case intClamp(Int, Int, Int, Int)
  /// destination, condition (an int slot), then, otherwise.
  case intSelect(Int, Int, Int, Int)

  // MARK: Numbers
  case numAdd(Int, Int, Int)
  case numSubtract(Int, Int, Int)
  case numMultiply(Int, Int, Int)
  case numDivide(Int, Int, Int)
  case numRemainder(Int, Int, Int)
  case numNegate(Int, Int)
  case numAbs(Int, Int)
  case numSqrt(Int, Int)
  case numPow(Int, Int, Int)
  case numMin(Int, Int, Int)
  case numMax(Int, Int, Int)
  case numClamp(Int, Int, Int, Int)
  /// destination, condition (an int slot), then, otherwise.
  case numSelect(Int, Int, Int, Int)
  /// A function of the table run by its kernel (`FunctionDefinition.kernel`): destination,
  /// then up to three arguments (unused ones read the constant 0 slot: any slot, ignored).
  case numKernel(Function, Int, Int, Int, Int)
  /// An int from a number, rounded down, up, or to the nearest (halves away from zero).
  case floor(Int, Int)
  case ceil(Int, Int)
  case round(Int, Int)

  // MARK: Booleans (results are 1 or 0 in an int slot)
  case not(Int, Int)
  case and(Int, Int, Int)
  case or(Int, Int, Int)
  case boolEqual(Int, Int, Int)
  case boolNotEqual(Int, Int, Int)
  /// `d = a ? b` (1 or 0) over int slots, `?` one of the comparisons.
  case intCompare(Comparison, Int, Int, Int)
  /// `d = a ? b` (1 or 0, into an int slot) over number slots.
  case numCompare(Comparison, Int, Int, Int)

  // MARK: Strings (an int slot holds a string's number: see `Bytecode.strings`)
  /// `d = a == b` (1 or 0): the two strings' texts compared.
  case stringEqual(Int, Int, Int)
  /// `d = a != b` (1 or 0).
  case stringNotEqual(Int, Int, Int)
  /// `d = a + b`: the two texts joined, a string the machine keeps for the slot `d`
  /// (`BytecodeMachine.string(_:)`).
  case stringConcat(Int, Int, Int)

  // MARK: History sums and streaks
  /// `total(x)`: the sum so far plus today's value (in the value slot).
  case intTotal(aggregate: Int, Int, value: Int)
  case numTotal(aggregate: Int, Int, value: Int)
  /// `last(n, x)`: the window's sum without its oldest day plus today's value, which is kept
  /// for `commit`.
  case intWindow(aggregate: Int, Int, value: Int)
  case numWindow(aggregate: Int, Int, value: Int)
  /// A consecutive streak's day, given its `counts` and `skips` conditions (-1: none).
  case consecutive(streak: Int, counts: Int, skips: Int)
  /// An elapsed streak's day, given its `resets` condition (-1: none).
  case elapsed(streak: Int, resets: Int)
  /// A periodic streak's day, given its `counts` condition.
  case periodic(streak: Int, counts: Int)
}

@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The values of one day under evaluation, in typed slots: bools, ints and enum positions in
/// `ints`, numbers in `nums`. Compiled expressions read their operands straight from here.
/// The slots below 0 (`ints[-1]`, `ints[-2]`, ...) hold the constants of the bytecode that
/// runs on the frame; slot 0 and up are the layout's slots, then the bytecode's temporaries.
@_spi(Tooling) public final class Frame: @unchecked Sendable {
  /// Int slots: ints, bools (0 or 1) and enum positions.
  @_spi(Tooling) public let ints: UnsafeMutablePointer<Int>
  /// Number slots.
  package let nums: UnsafeMutablePointer<Double>
  let intCount: Int
  let numCount: Int
  private let intConstantCount: Int
  private let numConstantCount: Int
  /// The machine whose frame this is (it owns the frame; set by the machine, never nil after).
  unowned(unsafe) var machine: BytecodeMachine?
  /// The `Bytecode.identity` of the machine's code (0: none), whose slots and constants the
  /// frame holds.
  var code = 0

  init(intCount: Int, numCount: Int, intConstants: [Int] = [], numConstants: [Double] = []) {
    self.intCount = max(intCount, 1)
    self.numCount = max(numCount, 1)
    intConstantCount = intConstants.count
    numConstantCount = numConstants.count
    ints = Self.allocate(self.intCount, below: intConstants)
    nums = Self.allocate(self.numCount, below: numConstants)
  }

  /// `count` zeros with `constants` before them, the first constant at index -1.
  private static func allocate<T: Numeric>(_ count: Int, below constants: [T]) -> UnsafeMutablePointer<T> {
    let base = UnsafeMutablePointer<T>.allocate(capacity: constants.count + count)
    base.initialize(from: constants.reversed(), count: constants.count)
    (base + constants.count).initialize(repeating: 0, count: count)
    return base + constants.count
  }

  deinit {
    (ints - intConstantCount).deallocate()
    (nums - numConstantCount).deallocate()
  }
}

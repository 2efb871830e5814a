import Testing

@_spi(CompiledDay) @_spi(Tooling) @testable import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesRuntime

/// `Comparison` is the one table of comparison operators: its spelling, its `holds`, its mask
/// and the machine's operations must say the same thing.
@Suite("the comparison table")
struct ComparisonTests {
  /// Swift's own operators by spelling: what each comparison must compute.
  static func swift<T: Comparable>(_ spelling: String) -> (T, T) -> Bool {
    switch spelling {
    case "<": { $0 < $1 }
    case "<=": { $0 <= $1 }
    case ">": { $0 > $1 }
    case ">=": { $0 >= $1 }
    case "==": { $0 == $1 }
    case "!=": { $0 != $1 }
    default:
      { _, _ in
        Issue.record("no operator \(spelling)")
        return false
      }
    }
  }

  static let ints = [Int.min, -2, -1, 0, 1, 2, Int.max]
  static let numbers = [-Double.infinity, -1.5, -0.0, 0, 1.5, .infinity, .nan]

  @Test("holds as the operator it spells, on ints and on numbers (NaN included)")
  func holdsAsSpelled() {
    #expect(Set(Comparison.allCases.map(\.spelling)) == ["<", "<=", ">", ">=", "==", "!="])
    for comparison in Comparison.allCases {
      let int: (Int, Int) -> Bool = Self.swift(comparison.spelling)
      let number: (Double, Double) -> Bool = Self.swift(comparison.spelling)
      for a in Self.ints {
        for b in Self.ints {
          #expect(comparison.holds(a, b) == int(a, b), "\(a) \(comparison.spelling) \(b)")
        }
      }
      for a in Self.numbers {
        for b in Self.numbers {
          #expect(comparison.holds(a, b) == number(a, b), "\(a) \(comparison.spelling) \(b)")
        }
      }
    }
  }

  @Test("the mask (raw value) tested without a branch agrees with holds; `always` always holds")
  func masks() {
    for a in Self.ints {
      for b in Self.ints {
        for comparison in Comparison.allCases {
          #expect(Comparison.holds(a, b, mask: comparison.rawValue) == comparison.holds(a, b))
        }
        #expect(Comparison.holds(a, b, mask: Comparison.always))
      }
    }
  }

  @Test("the language's comparison operators, and only they, are comparisons")
  func operators() {
    for op in BinaryOperator.allCases {
      #expect(Comparison(op)?.binaryOperator == (op.isComparison || op.isEquality ? op : nil), "\(op)")
    }
  }

  @Test("each comparison has an int operation of the machine, all distinct")
  func machineOperations() {
    let ops = Comparison.allCases.map(MachineOpCode.intCompare)
    #expect(Set(ops).count == Comparison.allCases.count)
    #expect(MachineOpCode.intCompare(.less) == .intLess)
    #expect(MachineOpCode.intCompare(.notEqual) == .intNotEqual)
    #expect(MachineOpCode.intCompare(.greaterOrEqual) == .intGreaterOrEqual)
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesLanguage
import StoreTestSupport
import Testing

@_spi(Tooling) @testable import RulesBackend

/// A stored value an input cannot take as it is is read as its nearest value (issue #52,
/// docs/store.md "Changing a served catalog"): clamped into the bounds, another kind read as the
/// input's, an unknown member as the default. The table says each rule; the sweep holds every
/// answer to a value the input takes, and every value it takes to itself.
@Suite struct NearestValueTests {
  static let yaml = """
    catalog: kinds
    version: 1
    inputs:
      flag: {type: bool}
      count: {type: int, min: -3, max: 600, default: 5}
      ratio: {type: number, min: 0.5, max: 2.5, default: 1}
      mood: {type: enum, values: [low, high], default: high}
      free: {type: int}
    streaks:
      s: {counts: flag}
    """

  static func inputs() throws -> [String: Input] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("kinds-\(UUID().uuidString).yaml")
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let catalog = try loadCatalog(path: file.path)
    return Dictionary(uniqueKeysWithValues: catalog.validated.inputs.map { ($0.name, $0) })
  }

  @Test func eachRuleByItsAnswer() throws {
    let inputs = try Self.inputs()
    let cases: [(String, JSONValue, String)] = [
      ("flag", .int(3), "true"), ("flag", .int(0), "false"), ("flag", .int(-1), "true"),
      ("flag", .number(0.25), "true"), ("flag", .number(0), "false"), ("flag", .string("true"), "false"),
      ("flag", .array([]), "false"),
      ("count", .int(1000), "600"), ("count", .int(-10), "-3"), ("count", .bool(true), "1"),
      ("count", .bool(false), "0"), ("count", .number(2.5), "3"), ("count", .number(-2.5), "-3"),
      ("count", .number(1e300), "600"), ("count", .string("7"), "5"), ("count", .object([]), "5"),
      ("free", .number(1e300), "9223372036854775807"), ("free", .number(-1e300), "-9223372036854775808"),
      ("free", .number(-0.4), "0"),
      ("ratio", .int(3), "2.5"), ("ratio", .int(0), "0.5"), ("ratio", .bool(true), "1"),
      ("ratio", .number(1.75), "1.75"), ("ratio", .number(.infinity), "2.5"), ("ratio", .string("x"), "1"),
      ("mood", .string("medium"), "high"), ("mood", .string("low"), "low"), ("mood", .int(0), "high"),
      ("mood", .bool(true), "high"),
    ]
    for (name, value, expected) in cases {
      let input = try #require(inputs[name])
      #expect(input.nearest(to: value).description == expected, "\(name) \(value)")
    }
  }

  @Test func everyAnswerIsAValueTheInputTakesAndEveryValueItTakesIsItself() throws {
    let inputs = try Self.inputs()
    var values: [JSONValue] = [
      .null, .bool(true), .bool(false), .string("low"), .string("high"), .string(""), .array([]),
    ]
    for whole in [Int.min, -1_000_001, -601, -4, -3, -2, -1, 0, 1, 2, 3, 9, 10, 599, 600, 601, 1_440, Int.max] {
      values.append(.int(whole))
    }
    for number in [
      -Double.infinity, -1e300, -3.5, -2.5, -0.5, -0.0, 0.0, 0.25, 0.5, 0.75, 1.0, 2.5, 2.500001, 9.49, 9.5,
      599.5, 600.4, 1e18, 1e300, Double.infinity, Double.greatestFiniteMagnitude,
    ] {
      values.append(.number(number))
    }
    var checked = 0
    for input in inputs.values {
      for value in values {
        let nearest = input.nearest(to: value)
        let literal: DayRecord.Value =
          switch nearest {
          case .bool(let flag): .bool(flag)
          case .int(let whole): .int(whole)
          case .number(let number): .number(number)
          case .string(let text): .string(text)
          case .member(let index, let type): .string(type.values[index])
          }
        // The answer is a value the input takes.
        #expect(throws: Never.self, "\(input.name) \(value) → \(nearest)") {
          try input.value(of: literal, found: "")
        }
        // A value the input takes as it is is read as itself.
        let asIs: DayRecord.Value? =
          switch value {
          case .bool(let flag): .bool(flag)
          case .int(let whole): .int(whole)
          case .number(let number): .number(number)
          case .string(let text): .string(text)
          default: nil
          }
        if let asIs, let taken = try? input.value(of: asIs, found: "") {
          #expect(nearest == taken, "\(input.name) \(value)")
        }
        checked += 1
      }
    }
    #expect(checked == inputs.count * values.count)
  }
}

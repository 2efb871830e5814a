import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesLanguage
import RulesStore

/// A problem with one input value, as the HTTP API and the importer report it.
package struct RecordProblem: Error, Sendable, Equatable, CustomStringConvertible {
  /// The error code of the HTTP API: `unknown-input`, `bad-value`, `bad-date`, `bad-json`,
  /// `bad-user`...
  package var code: String
  package var message: String

  package init(_ code: String, _ message: String) {
    self.code = code
    self.message = message
  }

  package var description: String { message }
}

/// Every problem of one record.
package struct RecordProblems: Error, Sendable {
  package var problems: [RecordProblem]
}

/// One day's record that passed the catalog's inputs, made from one parse of a request's body
/// or an import's line: what the store writes (`days.record`, the JSON text an analyst reads)
/// and what the evaluation reads (`values`, encoded as `EncodedRecord` holds them, defaults
/// filled in), both from the same validated values; neither is read back from the other.
package struct ValidRecord: Sendable, Equatable {
  /// The compact JSON of the values given, in catalog order.
  package let text: String
  /// One encoded value per input of the catalog (`Input.encode`), in catalog order.
  package let values: [Int]
  /// The inputs the record names with a value (positions, ascending), for a catalog that tracks
  /// them (`RecordSchema.tracksReported`); nil otherwise.
  package var reported: [Int]? = nil
}

/// The inputs of a catalog, for checking day records before they are stored: unknown inputs,
/// values of the wrong type, enum values not in the list, values out of min/max.
package struct RecordSchema: Sendable {
  package let inputs: [Input]
  private let positions: [String: Int]
  /// Whether records keep the inputs they name (`ValidRecord.reported`): a catalog whose
  /// streaks read them (`final_once_reported`).
  package let tracksReported: Bool

  package init(inputs: [Input], tracksReported: Bool = false) {
    self.inputs = inputs
    self.tracksReported = tracksReported
    var positions: [String: Int] = [:]
    for (index, input) in inputs.enumerated() { positions[input.name] = index }
    self.positions = positions
  }

  package func has(_ name: String) -> Bool { positions[name] != nil }

  /// Checks one record's values (pairs of input name and value) once; returns the record as the
  /// store keeps it (`ValidRecord`: its compact JSON, inputs in catalog order, numbers of
  /// `number` inputs as numbers, and its values encoded as the engine reads them) or every
  /// problem found.
  package func record(_ pairs: [(String, JSONValue)]) -> Result<ValidRecord, RecordProblems> {
    var slots: [Value?] = Array(repeating: nil, count: inputs.count)
    var problems: [RecordProblem] = []
    for (name, value) in pairs {
      guard let index = positions[name] else {
        problems.append(
          RecordProblem(
            "unknown-input",
            "unknown input '\(name)'" + Suggestion.hint(for: name, in: inputs.map(\.name))
              + (inputs.isEmpty ? "; the catalog has no inputs" : "")))
        continue
      }
      switch check(value, for: inputs[index]) {
      case .success(let value): slots[index] = value
      case .failure(let problem): problems.append(problem)
      }
    }
    guard problems.isEmpty else { return .failure(RecordProblems(problems: problems)) }
    var pairsOut: [(String, JSONValue)] = []
    var values: [Int] = []
    values.reserveCapacity(inputs.count)
    var named: [Int]? = tracksReported ? [] : nil
    for (index, slot) in slots.enumerated() {
      let input = inputs[index]
      if let slot {
        pairsOut.append((input.name, JSONValue(slot)))
        named?.append(index)
      }
      values.append(input.encode(slot ?? input.defaultValue))
    }
    var valid = ValidRecord(text: JSONValue.object(pairsOut).serialized(indent: nil), values: values)
    valid.reported = named
    return .success(valid)
  }

  /// One value checked against its input, by the engine's one validation (`Input.value`: the
  /// same rules and messages as history files and the Swift API); `null` is a missing value
  /// (the default). A value of the wrong kind is described as the request wrote it.
  func check(_ value: JSONValue, for input: Input) -> Result<Value?, RecordProblem> {
    let literal: DayRecord.Value?
    switch value {
    case .null: return .success(nil)
    case .bool(let flag): literal = .bool(flag)
    case .int(let int): literal = .int(int)
    // A whole number written with a fraction (`65.0`) is an integer, as JSON Schema reads it (the
    // served document's `integer`, docs/store.md "The served document").
    case .number(let double) where input.kind == .int && double == double.rounded() && abs(double) < 0x1p53:
      literal = .int(Int(double))
    case .number(let double): literal = .number(double)
    case .string(let text): literal = .string(text)
    case .array, .object: literal = nil
    }
    do {
      return .success(try input.value(of: literal, found: value.kindDescription))
    } catch {
      return .failure(RecordProblem("bad-value", error.message))
    }
  }

  /// A CSV cell read as the input's type (an empty cell is a missing value).
  package func value(csv cell: String, for name: String) -> JSONValue? {
    guard let index = positions[name] else { return nil }
    if cell.isEmpty { return .null }
    switch inputs[index].kind {
    case .bool:
      switch cell {
      case "true": return .bool(true)
      case "false": return .bool(false)
      default: return .string(cell)
      }
    case .int:
      if let int = Int(cell) { return .int(int) }
      return .string(cell)
    case .number:
      if let int = Int(cell) { return .int(int) }
      if let double = Double(cell), double.isFinite, cell.first != "+", !cell.contains("n") && !cell.contains("N") {
        return .number(double)
      }
      return .string(cell)
    case .enumeration: return .string(cell)
    }
  }
}

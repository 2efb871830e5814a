import FuzzSupport
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

/// The names of the catalog below, for checking an expression on its own.
let environment: Environment = {
  var environment = Environment()
  environment.inputs = [
    "planned": (0, .bool), "steps": (1, .int), "minutes": (2, .number),
    "fajr": (3, .enumeration(EnumType(name: "fajr", values: ["pending", "done", "missed", "qada"]))),
  ]
  environment.metrics = ["checkins": (0, .int)]
  environment.streaks = ["training": 0]
  return environment
}()

/// A catalog with one name of each kind, the fuzzed text as a badge's criterion and as a
/// message's text, written in one of the ways YAML allows (so that every error's column has
/// to be found through quotes, escapes, folding or block indentation).
func catalog(_ text: String, style: Int) -> String {
  let written: String
  switch style {
  case 0: written = doubleQuoted(text, escapeAll: false)
  case 1: written = doubleQuoted(text, escapeAll: true)
  case 2: written = "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  case 3: written = "|-\n" + indented(text)
  case 4: written = ">-\n" + indented(text)
  default: written = text
  }
  return """
    catalog: demo
    inputs:
      planned: {type: bool}
      steps: {type: int}
      minutes: {type: number}
      fajr: {type: enum, values: [pending, done, missed, qada]}
    streaks:
      training: {counts: planned}
    metrics:
      checkins: total(logged)
    badges:
      - id: b
        name: B
        when: \(written)
    messages:
      - id: m
        text: \(written)

    """
}

func indented(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")
}

func doubleQuoted(_ text: String, escapeAll: Bool) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\t": result += escapeAll ? "\\t" : "\t"
    default:
      if scalar.value < 0x20 || scalar.value == 0x7F || (escapeAll && scalar.value > 0x7E) {
        result += scalar.value > 0xFFFF ? "\\U" + hex(scalar.value, 8) : "\\u" + hex(scalar.value, 4)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result + "\""
}

func hex(_ value: UInt32, _ digits: Int) -> String {
  let text = String(value, radix: 16)
  return String(repeating: "0", count: max(0, digits - text.count)) + text
}

/// Three days of records for the catalog above, to evaluate an accepted criterion on.
let days: (program: Program, history: History) = {
  let check = Catalogs.validate(catalog("planned", style: 5))
  guard let checked = check.validated else { Invariant.fail("the expression target's catalog: \(check.diagnostics)") }
  let text = """
    start: 2026-01-01
    days:
      - {date: 2026-01-01, planned: true, steps: 9223372036854775807, minutes: 1e308, fajr: done}
      - {date: 2026-01-02, planned: false, steps: 0, minutes: -0.0, fajr: missed}
      - {date: 2026-01-04, planned: true, steps: 7, minutes: 2.5, fajr: qada}
    """
  let (history, problems) = Histories.read(SourceFile(path: "history.yaml", text: text), inputs: checked.inputs)
  guard let history else { Invariant.fail("the expression target's history: \(problems)") }
  return (Program(checked), history)
}()

/// Text to diagnostics: the parser, the type inference and templates report every problem at
/// an offset inside the text; the same text in a catalog gives diagnostics inside the file;
/// an accepted criterion evaluates without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  let length = text.utf8.count

  switch Parser.parse(text) {
  case .failure(let error):
    if !(0...length).contains(error.offset) { Invariant.fail("a parse error at \(error.offset) of \(length)") }
  case .success(let expression):
    if expression.range.lowerBound < 0 || expression.range.upperBound > length {
      Invariant.fail("an expression at \(expression.range) of \(length) bytes")
    }
    var inference = TypeInference(environment: environment)
    _ = inference.infer(expression, expecting: .bool, role: "a badge's 'when'")
    _ = inference.inferNumeric(expression, role: "a metric's 'value'")
    for error in inference.errors where !(0...length).contains(error.offset) {
      Invariant.fail("a type error at \(error.offset) of \(length): \(error.message)")
    }
  }
  let (_, errors) = Template.parse(text)
  for error in errors where !(0...length).contains(error.offset) {
    Invariant.fail("a template error at \(error.offset) of \(length): \(error.message)")
  }

  // The style depends on the text, so that every style meets every kind of text.
  let style = Int(bytes.reduce(0) { $0 &+ UInt32($1) } % 6)
  let check = Catalogs.validate(catalog(text, style: style))
  Invariant.located(check.diagnostics, in: check.sources)
  if let checked = check.validated {
    // Evaluated alone and replayed day by day; the state file is the other targets' part.
    Evaluations.exercise(Engine(checked), days.history, on: (try! CalendarDay("2026-01-05")), checks: 0)
  }
  return 0
}

import BenchmarkSupport
@_spi(CompiledDay) import CompiledCatalogs
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

// One workload of the benchmarks, run once outside the harness, for profilers:
//   valgrind --tool=callgrind .build/release/Profile load 5000
// Workloads: generate (the catalog made in memory and nothing else: the setup the next four
// share), events, nodes, load (the catalog reader's fast path), load-tree (the reference path:
// located nodes, then RuleFileDecoder), write BADGES PATH (the generated catalog), shipped, expr,
// closure, day CATALOG, compiled CATALOG (the day generated as Swift), baseline, histories CATALOG (the users' histories made and nothing
// evaluated: the setup day and baseline share), replay YEARS [CATALOG], step DAYS. The number after the
// workload scales it (badges, contexts, users, ...). `Benchmarks/callgrind` subtracts each
// setup from its workload's count.

let arguments = CommandLine.arguments.dropFirst()
let workload = arguments.first ?? "expr"
let rest = Array(arguments.dropFirst())

func number(_ index: Int, _ fallback: Int) -> Int {
  index < rest.count ? Int(rest[index]) ?? fallback : fallback
}

switch workload {
case "write":
  // The generated catalog as a file, for `rules check` and the C baseline (Benchmarks/run).
  let path = rest.count > 1 ? rest[1] : "generated.yaml"
  try! CatalogGenerator.yaml(badges: number(0, 40_000)).write(toFile: path, atomically: true, encoding: .utf8)
case "generate", "events", "nodes", "load", "load-tree":
  let source = BenchFiles.generated(badges: number(0, 5_000))
  let (_, seconds) = Record.seconds { () -> Int in
    switch workload {
    case "generate": return source.bytes.count  // the others' setup alone (callgrind subtracts it)
    case "events": return EventScan.run(source).events
    case "nodes": return YAMLDocumentReader(limits: BenchFiles.limits).read(source).diagnostics.count
    case "load-tree":
      return BenchFiles.load(source.path, files: [source.path: source], tree: true).catalog.badges.count
    default: return BenchFiles.load(source.path, files: [source.path: source]).catalog.badges.count
    }
  }
  print("\(workload): \(source.bytes.count) bytes in \(seconds) s: \(Double(source.bytes.count) / seconds / 1e6) MB/s")
  // `load N R`, `events N R`: R - 1 runs more, timed each, on a heap the first warmed (as the
  // harness's iterations after its warm-up); for `perf record` of what the benchmark times.
  for _ in 1..<max(number(1, 1), 1) where workload == "load" || workload == "events" {
    let (_, again) = Record.seconds { () -> Int in
      workload == "events"
        ? EventScan.run(source).events
        : BenchFiles.load(source.path, files: [source.path: source]).catalog.badges.count
    }
    print("\(workload) again: \(Double(source.bytes.count) / again / 1e6) MB/s")
  }
case "shipped":
  let all = BenchFiles.shippedNames.map { ($0, BenchFiles.shipped($0)) }
  for _ in 0..<number(0, 1) {
    for (name, files) in all { _ = BenchFiles.load("catalogs/\(name).yaml", files: files) }
  }
case "expr", "closure":
  let contexts = RuleWorkload.contexts(count: number(0, 1_000_000))
  let compiled = RuleWorkload.compile()
  let (hits, seconds) = Record.seconds {
    workload == "expr" ? compiled.count(contexts) : RuleWorkload.countPlain(contexts)
  }
  print("\(workload): \(hits) hits, \(Double(contexts.count) / seconds / 1e6) M/s")
case "day", "compiled", "baseline", "histories":
  let name = workload == "baseline" ? "rizq" : (rest.first ?? "rizq")
  let users = workload == "baseline" ? number(0, 1_000) : number(1, 1_000)
  let program = BenchFiles.load("catalogs/\(name).yaml", files: BenchFiles.shipped(name))
  let evaluator = DayRunner(program: program)
  // The compiled day by its catalog's id: `CompiledCatalogs.day(for:)` would also compute the
  // program's fingerprint (setup, which the tests and the benchmark's own setup check).
  let compiled = CompiledCatalogs.all.first { $0.catalog == name }
  let generator = HistoryGenerator(inputs: program.catalog.inputs)
  var tally = UnlockTally()
  var seconds = 0.0
  for user in 0..<users {
    let history = generator.history(user: user)
    let (_, elapsed) = Record.seconds {
      switch workload {
      case "day": DailyLoop.run(evaluator, history: history, days: 365, tally: &tally)
      case "compiled": DailyLoop.run(compiled: compiled!, program: program, history: history, days: 365, tally: &tally)
      case "baseline": RizqBaseline.run(history: history, days: 365, tally: &tally)
      default: tally.unlocks += history.records.count  // the others' setup alone (callgrind subtracts it)
      }
    }
    seconds += elapsed
  }
  print("\(workload) \(name): \(tally), \(Double(users * 365) / seconds / 1e6) M user-days/s")
case "replay":
  // replay YEARS [CATALOG]: rizq by default (engine.replay); salahstreak's reports write messages
  // and explicit progress each day (the report-heavy one).
  let name = rest.count > 1 ? rest[1] : "rizq"
  let program = BenchFiles.load("catalogs/\(name).yaml", files: BenchFiles.shipped(name))
  let history = HistoryGenerator(inputs: program.catalog.inputs, days: 365 * number(0, 1)).history(user: 1)
  let (evaluations, seconds) = Record.seconds {
    CheckRunner.replay(program, history: history, from: nil, to: history.records.last!.date)
  }
  print("replay: \(evaluations.count) days in \(seconds * 1000) ms")
case "step":
  let span = number(0, 3650)
  let program = BenchFiles.load("catalogs/rizq.yaml", files: BenchFiles.shipped("rizq"))
  let generator = HistoryGenerator(inputs: program.catalog.inputs, days: span + 1)
  var history = generator.history(user: 3)
  history.records = (0...span).map { EncodedRecord(date: generator.firstDay + $0, values: [3, 2, 5]) }
  let date = history.records.last!.date
  let saved = CheckRunner.evaluate(program, history: history, date: history.records[span - 1].date, saved: nil).state
  let steps = number(1, 1000)
  let (_, seconds) = Record.seconds {
    for _ in 0..<steps { _ = CheckRunner.evaluate(program, history: history, date: date, saved: saved) }
  }
  print("step on \(span) days: \(Double(steps) / seconds) steps/s")
default:
  print("unknown workload \(workload)")
}

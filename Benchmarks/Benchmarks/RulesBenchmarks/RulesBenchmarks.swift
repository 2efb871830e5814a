import Benchmark
import BenchmarkSupport
@_spi(CompiledDay) import CompiledCatalogs
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

// The figure of each benchmark is measured by the benchmark itself around the work alone
// (generating histories is left out) and reported as the custom metric `figure`; the harness
// adds wall clock, memory and allocations. `run` (next to Package.swift) prints the table.

let figure = BenchmarkMetric.custom("figure (units/s)", polarity: .prefersLarger, useScalingFactor: false)

/// Data made in a benchmark's setup, so that no iteration pays for it.
enum Shared {
  nonisolated(unsafe) static var generated: SourceFile!
  nonisolated(unsafe) static var shipped: [String: [String: SourceFile]] = [:]
  nonisolated(unsafe) static var contexts: [Context] = []
  nonisolated(unsafe) static var compiled: RuleWorkload.Compiled!
  nonisolated(unsafe) static var programs: [String: Program] = [:]
  nonisolated(unsafe) static var step: [String: (Program, History, UserState?)] = [:]
}

func config(
  iterations: Int, warmup: Int = 1, seconds: Int = 60, extra: [BenchmarkMetric] = []
) -> Benchmark.Configuration {
  .init(
    metrics: [.wallClock, .mallocCountTotal, figure] + extra, warmupIterations: warmup,
    maxDuration: .seconds(seconds), maxIterations: iterations)
}

func report(
  _ benchmark: Benchmark, _ name: String, units: Double, seconds: Double, unit: String,
  extra: [String: Double] = [:]
) {
  let perSecond = units / seconds
  benchmark.measurement(figure, Int(perSecond.rounded()))
  var extra = extra
  extra["seconds"] = seconds
  // The harness runs the warm-up iterations through the same closure, and its own statistics
  // leave them out; the line says which it is, and `report.py` leaves them out too.
  if benchmark.currentIteration < benchmark.configuration.warmupIterations { extra["warmup"] = 1 }
  Record.append(name, figure: perSecond, unit: unit, extra: extra)
}

let users = Int(ProcessInfo.processInfo.environment["RULES_BENCH_USERS"] ?? "") ?? 10_000
let days = 365

let benchmarks: @Sendable () -> Void = {
  // MARK: YAML

  let setupGenerated: @Sendable () async throws -> Void = {
    if Shared.generated == nil { Shared.generated = BenchFiles.generated() }
  }

  Benchmark("yaml.events", configuration: config(iterations: 5)) { benchmark in
    let source = Shared.generated!
    let (outcome, seconds) = Record.seconds { EventScan.run(source) }
    precondition(outcome.error == nil)
    report(
      benchmark, "yaml.events", units: Double(source.bytes.count), seconds: seconds, unit: "B/s",
      extra: ["events": Double(outcome.events)])
  } setup: {
    try await setupGenerated()
  }

  Benchmark("yaml.nodes", configuration: config(iterations: 5)) { benchmark in
    let source = Shared.generated!
    let (result, seconds) = Record.seconds { YAMLDocumentReader(limits: BenchFiles.limits).read(source) }
    precondition(result.root != nil && result.diagnostics.isEmpty)
    report(benchmark, "yaml.nodes", units: Double(source.bytes.count), seconds: seconds, unit: "B/s")
  } setup: {
    try await setupGenerated()
  }

  // MARK: Catalogs

  Benchmark("catalog.load generated", configuration: config(iterations: 5)) { benchmark in
    let source = Shared.generated!
    let (program, seconds) = Record.seconds {
      BenchFiles.load(source.path, files: [source.path: source])
    }
    report(
      benchmark, "catalog.load generated", units: Double(source.bytes.count), seconds: seconds,
      unit: "B/s", extra: ["badges": Double(program.catalog.badges.count)])
  } setup: {
    try await setupGenerated()
  }

  Benchmark("catalog.load shipped", configuration: config(iterations: 50, warmup: 3, seconds: 10)) { benchmark in
    var bytes = 0
    var total = 0.0
    for name in BenchFiles.shippedNames {
      let files = Shared.shipped[name]!
      bytes += files.values.reduce(0) { $0 + $1.bytes.count }
      let (program, seconds) = Record.seconds { BenchFiles.load("catalogs/\(name).yaml", files: files) }
      blackHole(program)
      total += seconds
    }
    report(
      benchmark, "catalog.load shipped", units: Double(bytes), seconds: total, unit: "B/s",
      extra: ["ms": total * 1000])
  } setup: {
    for name in BenchFiles.shippedNames { Shared.shipped[name] = BenchFiles.shipped(name) }
  }

  // MARK: Expressions

  Benchmark("expr.eval", configuration: config(iterations: 20, warmup: 2, seconds: 10)) { benchmark in
    let contexts = Shared.contexts
    let (hits, seconds) = Record.seconds { Shared.compiled.count(contexts) }
    report(
      benchmark, "expr.eval", units: Double(contexts.count), seconds: seconds, unit: "eval/s",
      extra: ["hits": Double(hits)])
  } setup: {
    Shared.contexts = RuleWorkload.contexts()
    Shared.compiled = RuleWorkload.compile()
  }

  Benchmark("expr.eval closure", configuration: config(iterations: 20, warmup: 2, seconds: 10)) { benchmark in
    let contexts = Shared.contexts
    let (hits, seconds) = Record.seconds { RuleWorkload.countPlain(contexts) }
    report(
      benchmark, "expr.eval closure", units: Double(contexts.count), seconds: seconds, unit: "eval/s",
      extra: ["hits": Double(hits)])
  } setup: {
    Shared.contexts = RuleWorkload.contexts()
  }

  // MARK: Engine

  let dayConfig = config(iterations: 3, seconds: 30, extra: [.peakMemoryResident])
  // Each catalog over 10,000 users; RIZQ over 1,000 too, to show that memory does not grow
  // with the users (each user's history is made, evaluated and dropped in turn).
  let dayRuns =
    BenchFiles.shippedNames.map { ($0, "engine.day \($0)", users) } + [
      ("rizq", "engine.day rizq 1k users", users / 10)
    ]
  for (name, label, count) in dayRuns {
    Benchmark(label, configuration: dayConfig) { benchmark in
      let program = Shared.programs[name]!
      let evaluator = DayRunner(program: program)
      let generator = HistoryGenerator(inputs: program.catalog.inputs, days: days)
      var tally = UnlockTally()
      var seconds = 0.0
      for user in 0..<count {
        let history = generator.history(user: user)
        let (_, elapsed) = Record.seconds {
          DailyLoop.run(evaluator, history: history, days: days, tally: &tally)
        }
        seconds += elapsed
      }
      report(
        benchmark, label, units: Double(count * days), seconds: seconds, unit: "user-days/s",
        extra: [
          "users": Double(count), "unlocks": Double(tally.unlocks), "peak": Double(Record.peakResident()),
        ])
    } setup: {
      Shared.programs[name] = BenchFiles.load("catalogs/\(name).yaml", files: BenchFiles.shipped(name))
    }
  }

  // The same days with each catalog's day compiled to Swift (`rules export --format swift`,
  // Sources/CompiledCatalogs): the batch path of `rules-server batch`.
  for name in BenchFiles.shippedNames {
    let label = "engine.day \(name) compiled"
    Benchmark(label, configuration: dayConfig) { benchmark in
      let program = Shared.programs[name]!
      let compiled = CompiledCatalogs.day(for: program)!
      let generator = HistoryGenerator(inputs: program.catalog.inputs, days: days)
      var tally = UnlockTally()
      var seconds = 0.0
      for user in 0..<users {
        let history = generator.history(user: user)
        let (_, elapsed) = Record.seconds {
          DailyLoop.run(compiled: compiled, program: program, history: history, days: days, tally: &tally)
        }
        seconds += elapsed
      }
      report(
        benchmark, label, units: Double(users * days), seconds: seconds, unit: "user-days/s",
        extra: ["users": Double(users), "unlocks": Double(tally.unlocks)])
    } setup: {
      let program = BenchFiles.load("catalogs/\(name).yaml", files: BenchFiles.shipped(name))
      Shared.programs[name] = program
      let compiled = CompiledCatalogs.day(for: program)
      precondition(
        compiled != nil, "Sources/CompiledCatalogs is not \(name)'s day as it is now (scripts/generate-days)")
      // The compiled day must compute what the interpreter computes: the same unlocks on the same days.
      let generator = HistoryGenerator(inputs: program.catalog.inputs, days: days)
      let evaluator = DayRunner(program: program)
      var interpreted = UnlockTally()
      var generated = UnlockTally()
      for user in 0..<200 {
        let history = generator.history(user: user)
        DailyLoop.run(evaluator, history: history, days: days, tally: &interpreted)
        DailyLoop.run(compiled: compiled!, program: program, history: history, days: days, tally: &generated)
      }
      precondition(interpreted == generated, "\(name): compiled \(generated) vs interpreted \(interpreted)")
    }
  }

  Benchmark("engine.day rizq baseline", configuration: dayConfig) { benchmark in
    let program = Shared.programs["rizq"]!
    let generator = HistoryGenerator(inputs: program.catalog.inputs, days: days)
    var tally = UnlockTally()
    var seconds = 0.0
    for user in 0..<users {
      let history = generator.history(user: user)
      let (_, elapsed) = Record.seconds { RizqBaseline.run(history: history, days: days, tally: &tally) }
      seconds += elapsed
    }
    report(
      benchmark, "engine.day rizq baseline", units: Double(users * days), seconds: seconds,
      unit: "user-days/s",
      extra: ["users": Double(users), "unlocks": Double(tally.unlocks), "peak": Double(Record.peakResident())])
  } setup: {
    let program = BenchFiles.load("catalogs/rizq.yaml", files: BenchFiles.shipped("rizq"))
    Shared.programs["rizq"] = program
    // The baseline must compute what the engine computes: the same unlocks on the same days.
    let generator = HistoryGenerator(inputs: program.catalog.inputs, days: days)
    let evaluator = DayRunner(program: program)
    var engine = UnlockTally()
    var hand = UnlockTally()
    for user in 0..<500 {
      let history = generator.history(user: user)
      DailyLoop.run(evaluator, history: history, days: days, tally: &engine)
      RizqBaseline.run(history: history, days: days, tally: &hand)
    }
    precondition(engine == hand, "the baseline disagrees with the engine: \(hand) vs \(engine)")
  }

  // MARK: Replay and the daily step

  for years in [1, 10] {
    Benchmark("engine.replay \(years)y", configuration: config(iterations: 100, warmup: 2, seconds: 20)) { benchmark in
      let program = Shared.programs["rizq"]!
      let history = HistoryGenerator(inputs: program.catalog.inputs, days: 365 * years).history(user: 1)
      let last = history.records.last!.date
      let (evaluations, seconds) = Record.seconds {
        CheckRunner.replay(program, history: history, from: nil, to: last)
      }
      report(
        benchmark, "engine.replay \(years)y", units: Double(evaluations.count), seconds: seconds,
        unit: "days/s", extra: ["days": Double(evaluations.count)])
    } setup: {
      Shared.programs["rizq"] = BenchFiles.load("catalogs/rizq.yaml", files: BenchFiles.shipped("rizq"))
    }
  }

  // RIZQ, and the documentation's weekly challenge (period sums, issue 39): both flat in the
  // length of the history.
  let stepped: [(name: String, path: String, files: [String: SourceFile], values: [Int], spans: [(String, Int)])] = [
    (
      "engine.step", "catalogs/rizq.yaml", BenchFiles.shipped("rizq"), [3, 2, 5],
      [("1d", 1), ("1y", 365), ("10y", 3650)]
    ),
    (
      "engine.step periods", "examples/weekly-challenge/weekly.yaml",
      BenchFiles.files(["examples/weekly-challenge/weekly.yaml"]), [3], [("1d", 1), ("10y", 3650)]
    ),
  ]
  for (name, path, files, values, spans) in stepped {
    for (label, span) in spans {
      let key = "\(name) \(label)"
      Benchmark(key, configuration: config(iterations: 200, warmup: 5, seconds: 10)) { benchmark in
        let (program, history, saved) = Shared.step[key]!
        let date = history.records.last!.date
        let steps = 100
        let (_, seconds) = Record.seconds {
          for _ in 0..<steps {
            blackHole(CheckRunner.evaluate(program, history: history, date: date, saved: saved))
          }
        }
        report(benchmark, key, units: Double(steps), seconds: seconds, unit: "steps/s")
      } setup: {
        let program = BenchFiles.load(path, files: files)
        let generator = HistoryGenerator(inputs: program.catalog.inputs, days: span + 1)
        var history = generator.history(user: 3)
        // Every day recorded, so the last one is the day after the state's.
        history.records = (0...span).map { offset in
          EncodedRecord(date: generator.firstDay + offset, values: values)
        }
        let dayBefore = history.records[history.records.count - 2].date
        let saved = CheckRunner.evaluate(program, history: history, date: dayBefore, saved: nil).state
        Shared.step[key] = (program, history, saved)
      }
    }
  }
}

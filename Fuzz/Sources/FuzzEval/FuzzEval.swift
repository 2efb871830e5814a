@_spi(CompiledDay) import CompiledCatalogs
import FuzzSupport
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

/// The shipped catalogs (those with a compiled day), checked once.
let names = CompiledCatalogs.all.map { $0.catalog }
let engines = names.map { Engine(Catalogs.shipped($0)) }
/// The same, counting the days with each catalog's compiled day (what rules-server does).
let compiledEngines = names.map { name in
  let engine = Engine(Catalogs.shipped(name), compiledDays: CompiledCatalogs.all)
  if engine.compiledDay == nil { Invariant.fail("Sources/CompiledCatalogs is not \(name)'s day as it is now") }
  return engine
}

/// One byte, then a history: the byte picks the shipped catalog (its low 3 bits, modulo 5) and
/// how many days after the history's last day the check is (its high 5 bits); the rest is read as a
/// history for that catalog. An accepted history evaluates, with a state file and without,
/// and replays, without trapping and with sensible numbers, and its days counted by the
/// catalog's compiled day give the same evaluation and state; a rejected one is located.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEval(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let selector = Int(data[0])
  let which = (selector & 7) % engines.count
  let engine = engines[which]
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let source = SourceFile(path: "history.yaml", bytes: bytes)
  let (history, diagnostics) = Histories.read(source, inputs: engine.catalog.inputs)
  Invariant.located(diagnostics, in: [source.path: source])
  guard let history else { return 0 }
  Invariant.wellFormed(history, inputs: engine.catalog.inputs)
  let date = Evaluations.day(of: history, later: selector >> 3, fallback: (try! CalendarDay("2026-05-01")))
  Evaluations.exercise(engine, history, on: date, checks: 3)
  Evaluations.compare(engine, compiledEngines[which], history, on: date)
  return 0
}

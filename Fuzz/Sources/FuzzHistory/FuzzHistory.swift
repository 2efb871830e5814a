import FuzzSupport
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

/// The inputs of a catalog with one input of each kind, bounds and defaults included.
let inputs: [Input] = {
  let catalog = """
    catalog: demo
    inputs:
      planned: {type: bool}
      steps: {type: int, min: 0, max: 100000}
      fajr: {type: enum, values: [pending, done, missed, qada], default: pending}
      minutes: {type: number}
      weight: {type: number, min: -1.5, max: 1e300}
      count: {type: int, default: -3}
    """
  guard let checked = Catalogs.validate(catalog).validated else { Invariant.fail("the history target's catalog") }
  return checked.inputs
}()

/// Bytes to a history: every problem is a located diagnostic; an accepted history has one
/// record per day, in date order, with a value for every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHistory(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let source = SourceFile(path: "history.yaml", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
  let (history, diagnostics) = Histories.read(source, inputs: inputs)
  Invariant.located(diagnostics, in: [source.path: source])
  if let history { Invariant.wellFormed(history, inputs: inputs) }
  if history == nil && !diagnostics.hasErrors { Invariant.fail("a history refused without an error: \(diagnostics)") }
  return 0
}

import FuzzSupport
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource

/// A few days of records with every input at its default, then a gap, for any catalog.
func history(for catalog: ValidatedCatalog) -> History {
  let values = catalog.inputs.map { $0.encode($0.defaultValue) }
  let first = (try! CalendarDay("2026-03-01"))
  return History(
    user: "fuzz", start: first + -2, records: [0, 1, 2, 5].map { EncodedRecord(date: first + $0, values: values) },
    file: "history.yaml")
}

/// Bytes to diagnostics: loading and checking a catalog (which may import the shipped levels
/// module, or itself) reports every problem inside the file it names; a catalog that checks
/// cleanly compiles and evaluates without trapping. The catalog reader's fast path (decoding
/// from libyaml's events) gives the reference path's model whenever it takes a file, and
/// leaves every file with a problem to the reference path (`CatalogDecoderOracle`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let mismatch = CatalogDecoderOracle.mismatch(SourceFile(path: "catalogs/catalog.yaml", bytes: bytes)) {
    Invariant.fail("the catalog reader's fast path and the reference path differ: \(mismatch)")
  }
  let check = Catalogs.validate(bytes)
  Invariant.located(check.diagnostics, in: check.sources)
  if check.validated == nil && !check.isModule && !check.diagnostics.hasErrors {
    Invariant.fail("a catalog refused without an error: \(check.diagnostics)")
  }
  if let checked = check.validated {
    Evaluations.exercise(Engine(checked), history(for: checked), on: (try! CalendarDay("2026-03-08")), checks: 3)
  }
  return 0
}

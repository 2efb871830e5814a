import Foundation
import FuzzSupport
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// The shipped catalogs, checked once.
let engines = ["discipline", "imanpath", "onward", "rizq", "salahstreak"].map { Engine(Catalogs.shipped($0)) }

/// One byte, then a binary state (`UserState(binary:for:)`): the byte's low 3 bits pick the
/// shipped catalog (modulo 5); with its bit 3 set the target appends the right checksum, so
/// the fuzzer reaches the sections behind it. Bytes are refused with `bad-state` or read as a
/// state that writes and reads back the same and checks the next day without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzState(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let selector = Int(data[0])
  let engine = engines[(selector & 7) % engines.count]
  var bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  if selector & 8 != 0 {
    // FNV-1a (32 bits), as the binary form ends.
    var hash: UInt32 = 0x811c_9dc5
    for byte in bytes {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    bytes += (0..<4).map { UInt8(truncatingIfNeeded: hash >> UInt32(8 * $0)) }
  }
  let state: UserState
  do {
    state = try UserState(binary: Data(bytes), for: engine)
  } catch {
    if error.id != .badState { Invariant.fail("refused with \(error.id), not bad-state: \(error.message)") }
    return 0
  }
  let written = state.binary()
  guard let again = try? UserState(binary: written, for: engine) else {
    Invariant.fail("a state read from bytes writes bytes it cannot read")
  }
  if again.binary() != written { Invariant.fail("a state read back writes other bytes") }
  // A next check, when the state's days are near enough to count (no trap, no error but a
  // user's).
  let next = (state.date ?? (try! CalendarDay("2026-05-01"))) + 1
  let near = state.countedThrough.map { counted in next - counted < 5_000 } ?? true
  if near, (try! CalendarDay("2000-01-01"))...(try! CalendarDay("2100-01-01")) ~= next {
    do {
      _ = try engine.check(user: nil, start: nil, on: next, records: [], state: state)
    } catch {
      Invariant.fail("a state read from bytes does not check: \(error.message)")
    }
  }
  return 0
}

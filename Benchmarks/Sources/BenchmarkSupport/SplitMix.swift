/// SplitMix64: a tiny seeded generator that Python reproduces bit for bit (peers/peers.py),
/// so both sides measure the same contexts.
package struct SplitMix: RandomNumberGenerator, Sendable {
  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound` (plain modulo, as the Python side does).
  package mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// True with probability `p` (to 1/1,000,000).
  package mutating func chance(_ p: Double) -> Bool {
    below(1_000_000) < Int(p * 1_000_000)
  }
}

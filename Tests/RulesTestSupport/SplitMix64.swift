/// SplitMix64, the tests' one random generator: the same numbers for the same seed on every
/// run and platform, so a failure shows again with its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator's state: the seed, advanced once per number.
  public var state: UInt64

  /// A generator whose numbers follow from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next number.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (0 when `bound` is under 1).
  public mutating func below(_ bound: Int) -> Int {
    bound < 1 ? 0 : Int(next() % UInt64(bound))
  }

  /// True with `probability` (to a millionth).
  public mutating func chance(_ probability: Double) -> Bool {
    Double(next() % 1_000_000) / 1_000_000 < probability
  }
}

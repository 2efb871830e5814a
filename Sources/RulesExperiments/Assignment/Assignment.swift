import Crypto

/// Which arm each user of an experiment is on: a stable hash of (experiment, user id), the same
/// on every server, worker and run, and reproducible outside Swift.
///
/// A user's bucket is the first 8 bytes of SHA-256 over the UTF-8 bytes of the experiment's
/// name, one zero byte and the user id, read as a big-endian integer, modulo 10,000; the user is
/// in the variant when the bucket is below the share's basis points. In Python:
/// `int.from_bytes(hashlib.sha256(name.encode() + b"\0" + user.encode()).digest()[:8], "big") % 10000`.
/// Growing the share keeps every variant user in the variant; the name decorrelates experiments.
/// (SHA-256 rather than the project's FNV-1a: FNV-1a's last bytes barely move its high bits, so
/// ids that differ in their last character, `user-000001` and `user-000002`, shared a bucket.)
public struct Assignment: Sendable, Hashable {
  /// The experiment's name.
  public let experiment: String
  /// The share in the variant.
  public let share: Share

  /// The assignment of `experiment` with `share` of users in its variant.
  public init(experiment: String, share: Share) {
    self.experiment = experiment
    self.share = share
  }

  /// The arm of `user`.
  public func arm(of user: String) -> Arm {
    Self.bucket(experiment: experiment, user: user) < share.basisPoints ? .variant : .control
  }

  /// The user's bucket in 0..<10,000.
  public static func bucket(experiment: String, user: String) -> Int {
    var hash = SHA256()
    hash.update(data: Array(experiment.utf8))
    hash.update(data: [0])
    hash.update(data: Array(user.utf8))
    let digest = hash.finalize()
    let high = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    return Int(high % 10_000)
  }
}

import Foundation
import NIOCore

/// Token buckets by key (a user token's `sub`, or a client's address), with bounded memory.
///
/// A bucket left idle until it is full again is the same as no bucket, so it is dropped: at
/// most once a `sweepInterval`, and whenever there are `maxBuckets`. Only when that many
/// clients are all still draining are the buckets touched least recently dropped as well.
actor RateLimiter {
  struct Bucket {
    var tokens: Double
    var updated: Double
  }

  /// What a request gets: to go on, with the bucket's state for the `RateLimit` header, or
  /// 429 with the seconds to wait.
  enum Decision: Equatable {
    case allowed(remaining: Int, reset: Int)
    case limited(retryAfter: Int)
  }

  /// The console's sign-in attempts per client address, with or without `--rate-limit`: 10
  /// at once, then one every 6 seconds (10 a minute; issue #52: 1,000 wrong tries took 3.5 s).
  static let signIn = RateLimit(rate: 10.0 / 60, burst: 10)

  nonisolated let limit: RateLimit
  let maxBuckets: Int
  let sweepInterval: Double
  private(set) var buckets: [String: Bucket] = [:]
  private var lastSweep: Double = 0

  /// The addresses of the proxies in front (`--trusted-proxy`), as `SocketAddress.ipAddress`
  /// writes them.
  let trustedProxies: Set<String>

  init(
    _ limit: RateLimit, trustedProxies: Set<String> = [], maxBuckets: Int = 100_000, sweepInterval: Double = 60
  ) {
    self.limit = limit
    self.trustedProxies = trustedProxies
    self.maxBuckets = max(1, maxBuckets)
    self.sweepInterval = sweepInterval
  }

  /// The client of a request from `peer`: the peer, unless it is a trusted proxy; then the
  /// rightmost address of `X-Forwarded-For` that is not a trusted proxy (the one the nearest
  /// untrusted hop connected from; what is left of it a client may write). A malformed entry
  /// there leaves the last trusted hop as the client.
  nonisolated func client(peer: SocketAddress?, forwardedFor: [String]) -> SocketAddress? {
    guard let ip = peer?.ipAddress, trustedProxies.contains(ip) else { return peer }
    var client = peer
    let hops = forwardedFor.flatMap { $0.split(separator: ",") }
    for hop in hops.reversed() {
      guard let address = try? SocketAddress(ipAddress: hop.trimmingCharacters(in: .whitespaces), port: 0),
        let text = address.ipAddress
      else { return client }
      client = address
      if !trustedProxies.contains(text) { return address }
    }
    return client
  }

  /// Seconds on a clock that only goes forward.
  static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  /// Takes one request from `key`'s bucket at time `now`.
  func take(_ key: String, now: Double = RateLimiter.now()) -> Decision {
    let burst = Double(limit.burst)
    var bucket: Bucket
    if let known = buckets[key] {
      bucket = known
      bucket.tokens = min(burst, bucket.tokens + max(0, now - bucket.updated) * limit.rate)
    } else {
      if buckets.count >= maxBuckets || now - lastSweep >= sweepInterval { sweep(now: now) }
      bucket = Bucket(tokens: burst, updated: now)
    }
    bucket.updated = now
    let decision: Decision
    if bucket.tokens >= 1 {
      bucket.tokens -= 1
      decision = .allowed(
        remaining: Int(bucket.tokens.rounded(.down)), reset: Int(((burst - bucket.tokens) / limit.rate).rounded(.up)))
    } else {
      decision = .limited(retryAfter: max(1, Int(((1 - bucket.tokens) / limit.rate).rounded(.up))))
    }
    buckets[key] = bucket
    return decision
  }

  /// Drops the buckets that are full by `now`; then, while there are still `maxBuckets`, the
  /// tenth touched least recently.
  func sweep(now: Double) {
    lastSweep = now
    let burst = Double(limit.burst)
    buckets = buckets.filter { $0.value.tokens + max(0, now - $0.value.updated) * limit.rate < burst }
    if buckets.count >= maxBuckets {
      let keep = maxBuckets - max(1, maxBuckets / 10)
      let newest = buckets.sorted { $0.value.updated > $1.value.updated }.prefix(keep)
      buckets = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
    }
  }

  /// The bucket of a client address: an IPv4 address, or an IPv6 address's /64 (one
  /// subscriber's network), an IPv4-mapped IPv6 address as its IPv4 address.
  static func addressKey(_ address: SocketAddress?) -> String {
    switch address {
    case .v4(let v4)?: return "address:" + (address?.ipAddress ?? "\(v4)")
    case .v6(let v6)?:
      let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
      if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
        return "address:" + bytes[12..<16].map(String.init).joined(separator: ".")
      }
      return "address:" + bytes[0..<8].map { String(format: "%02x", $0) }.joined() + "::/64"
    default: return "address:other"
    }
  }
}

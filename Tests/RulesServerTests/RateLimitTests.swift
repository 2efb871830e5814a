import Foundation
import NIOCore
import StoreTestSupport
import Testing

@testable import RulesServer

/// `--rate-limit N/s --burst M`: a token bucket per user token and per client address.
@Suite struct RateLimitTests {
  static let progress = "/v1/catalogs/{catalog}/users/{user}/progress"

  @Test func aClientOverItsRateGets429AndOthersAreNotSlowed() async throws {
    try await withTemporaryFolder { folder in
      // One request a minute after a burst of 3: nothing refills during the test.
      let server = try await ServerSession(
        .sqlite, in: folder, token: "admin-s3cret-of-at-least-32-bytes",
        extra: ["--rate-limit", "1/min", "--burst", "3"],
        environment: ["RULES_JWT_SECRET": TestTokens.secret])
      let alice = try await TestTokens.hs256(TestTokens.claims("alice"))
      let bob = try await TestTokens.hs256(TestTokens.claims("bob"))
      let path = { (user: String) in "/v1/catalogs/discipline/users/\(user)/progress" }
      for remaining in [2, 1, 0] {
        let answer = try server.call("GET", path("alice"), route: Self.progress, token: alice)
        #expect(answer.status == 404)
        #expect(answer.headers["ratelimit-policy"] == #""user";q=3;w=180"#)
        #expect(answer.headers["ratelimit"]?.hasPrefix(#""user";r=\#(remaining);t="#) == true, "\(answer.headers)")
      }
      let limited = try server.call("GET", path("alice"), route: Self.progress, token: alice)
      expectError(limited, 429, "rate-limited")
      let wait = Int(limited.headers["retry-after"] ?? "") ?? 0
      #expect((55...60).contains(wait), "\(limited.headers)")
      #expect(limited.headers["ratelimit"] == #""user";r=0;t=\#(wait)"#)
      #expect(limited.headers["ratelimit-policy"] == #""user";q=3;w=180"#)
      // Another token of the same user shares the bucket: it is the user's.
      let aliceAgain = try await TestTokens.hs256(TestTokens.claims("alice", expiresIn: 600))
      expectError(try server.call("GET", path("alice"), route: Self.progress, token: aliceAgain), 429, "rate-limited")
      // Bob is not slowed.
      #expect(try server.call("GET", path("bob"), route: Self.progress, token: bob).status == 404)

      // Without a valid token, by client address: 127.0.0.1 drains its bucket, 127.0.0.2 not.
      for _ in 0..<3 {
        expectError(try server.call("GET", path("alice"), route: Self.progress, token: "wrong"), 401, "unauthorized")
      }
      expectError(try server.call("GET", path("alice"), route: Self.progress, token: "wrong"), 429, "rate-limited")
      expectError(
        try server.call("GET", path("alice"), route: Self.progress, useToken: false), 429, "rate-limited")
      let other = try server.call(
        "GET", path("alice"), route: Self.progress, token: "wrong", options: ["--interface", "127.0.0.2"])
      expectError(other, 401, "unauthorized")
      #expect(other.headers["ratelimit-policy"] == #""address";q=3;w=180"#)

      // /healthz is exempt; the admin token is not limited.
      for _ in 0..<5 {
        #expect(try server.call("GET", "/healthz", route: "/healthz", useToken: false).status == 200)
        #expect(try server.call("GET", "/v1/catalogs", route: "/v1/catalogs").status == 200)
      }
      let metrics = try server.call("GET", "/metrics", route: "/metrics")
      #expect(metrics.body.contains("rules_rate_limited_total 4"), "\(metrics.body)")
      #expect(metrics.body.contains(#"http_response_status_code="429""#), "\(metrics.body)")
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func behindATrustedProxyTheClientIsItsXForwardedFor() async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(
        .sqlite, in: folder, token: "admin-s3cret-of-at-least-32-bytes",
        extra: ["--rate-limit", "1/min", "--burst", "2", "--trusted-proxy", "127.0.0.1"])
      func call(_ forwardedFor: String?, from address: String = "127.0.0.1") throws -> ServerProcess.Answer {
        try server.call(
          "GET", "/v1/catalogs", route: "/v1/catalogs", token: "wrong",
          headers: forwardedFor.map { ["X-Forwarded-For: \($0)"] } ?? [], options: ["--interface", address])
      }
      // Through the proxy (127.0.0.1): one client's bucket is drained, another's is not.
      expectError(try call("203.0.113.5"), 401, "unauthorized")
      expectError(try call("198.51.100.1, 203.0.113.5"), 401, "unauthorized")
      expectError(try call("203.0.113.5"), 429, "rate-limited")
      expectError(try call("203.0.113.6"), 401, "unauthorized")
      // A client that is not the proxy cannot choose its bucket by writing the header.
      expectError(try call("192.0.2.1", from: "127.0.0.2"), 401, "unauthorized")
      expectError(try call("192.0.2.2", from: "127.0.0.2"), 401, "unauthorized")
      expectError(try call("192.0.2.3", from: "127.0.0.2"), 429, "rate-limited")
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func theClientOfARequest() throws {
    let limiter = RateLimiter(RateLimit(rate: 1, burst: 1), trustedProxies: ["10.0.0.1", "10.0.0.2"])
    let proxy = try SocketAddress(ipAddress: "10.0.0.1", port: 4000)
    let stranger = try SocketAddress(ipAddress: "192.0.2.9", port: 4000)
    func client(_ peer: SocketAddress, _ header: [String]) -> String? {
      limiter.client(peer: peer, forwardedFor: header)?.ipAddress
    }
    #expect(client(proxy, []) == "10.0.0.1")
    #expect(client(proxy, ["203.0.113.5"]) == "203.0.113.5")
    #expect(client(proxy, ["1.1.1.1, 203.0.113.5, 10.0.0.2"]) == "203.0.113.5")
    #expect(client(proxy, ["1.1.1.1", "203.0.113.5"]) == "203.0.113.5")
    #expect(client(proxy, ["2001:db8::1"]) == "2001:db8::1")
    #expect(client(proxy, ["203.0.113.5, not-an-address"]) == "10.0.0.1")
    #expect(client(proxy, ["10.0.0.2"]) == "10.0.0.2")
    #expect(client(stranger, ["203.0.113.5"]) == "192.0.2.9")
  }

  @Test func theRateAndBurstOptions() throws {
    try Binary.requireBuilt()
    for (arguments, message) in [
      (["--rate-limit", "fast"], "--rate-limit: 'fast' is not a rate; write N/s, e.g. 5/s (or N/min, N/h)"),
      (["--rate-limit", "0/s"], "--rate-limit: '0/s' is not a rate; write N/s, e.g. 5/s (or N/min, N/h)"),
      (["--burst", "5"], "--burst needs --rate-limit"),
      (["--rate-limit", "5/s", "--burst", "0"], "--burst must be 1 or more"),
      (["--trusted-proxy", "proxy.internal"], "--trusted-proxy: 'proxy.internal' is not an IP address"),
    ] {
      let result = try Binary.run("rules-server", ["serve", "--store", "sqlite:/nonexistent/x.db"] + arguments)
      #expect(result.status == 64)
      #expect(result.stderr.contains(message), "\(result.stderr)")
    }
    #expect(RateLimit.rate("5/s") == 5)
    #expect(RateLimit.rate("0.5/s") == 0.5)
    #expect(RateLimit.rate("120/min") == 2)
    #expect(RateLimit.rate("3600/h") == 1)
    #expect(RateLimit.rate("5") == nil)
    #expect(RateLimit.rate("-1/s") == nil)
    #expect(RateLimit(rate: 2, burst: 5).window == 3)
  }

  @Test func aBucketRefillsAtItsRate() async {
    let limiter = RateLimiter(RateLimit(rate: 2, burst: 2))
    #expect(await limiter.take("a", now: 100) == .allowed(remaining: 1, reset: 1))
    #expect(await limiter.take("a", now: 100) == .allowed(remaining: 0, reset: 1))
    #expect(await limiter.take("a", now: 100) == .limited(retryAfter: 1))
    #expect(await limiter.take("b", now: 100) == .allowed(remaining: 1, reset: 1))
    // Half a second later, one request's worth again; the limited request took nothing.
    #expect(await limiter.take("a", now: 100.5) == .allowed(remaining: 0, reset: 1))
    #expect(await limiter.take("a", now: 100.6) == .limited(retryAfter: 1))
    let slow = RateLimiter(RateLimit(rate: 0.1, burst: 1))
    #expect(await slow.take("a", now: 0) == .allowed(remaining: 0, reset: 10))
    #expect(await slow.take("a", now: 4) == .limited(retryAfter: 6))
  }

  @Test func idleBucketsAreDroppedAndTheirNumberIsBounded() async {
    let limiter = RateLimiter(RateLimit(rate: 1, burst: 2), maxBuckets: 100, sweepInterval: 60)
    for client in 0..<100 { _ = await limiter.take("c\(client)", now: 0) }
    #expect(await limiter.buckets.count == 100)
    // At the bound, the buckets full again (idle for 2 s) go first.
    _ = await limiter.take("new", now: 5)
    #expect(await limiter.buckets.count == 1)
    // Below the bound, only full buckets go ("new").
    for client in 0..<99 { _ = await limiter.take("d\(client)", now: 10 + Double(client) / 1000) }
    for client in 0..<99 { _ = await limiter.take("d\(client)", now: 10.2 + Double(client) / 1000) }
    _ = await limiter.take("e", now: 10.5)
    #expect(await limiter.buckets.count == 100)
    #expect(await limiter.buckets["new"] == nil)
    // At the bound with every client still draining: the tenth seen least recently goes.
    _ = await limiter.take("f", now: 10.6)
    #expect(await limiter.buckets.count == 91)
    #expect(await limiter.buckets["d9"] == nil)
    #expect(await limiter.buckets["d10"] != nil)
    #expect(await limiter.buckets["e"] != nil)
    // Once a minute, idle buckets go even below the bound.
    _ = await limiter.take("late", now: 100)
    #expect(await limiter.buckets.keys.sorted() == ["late"])
  }

  @Test func theAddressKey() throws {
    #expect(RateLimiter.addressKey(try .init(ipAddress: "192.0.2.7", port: 1)) == "address:192.0.2.7")
    #expect(
      RateLimiter.addressKey(try .init(ipAddress: "2001:db8:1:2:3:4:5:6", port: 1))
        == "address:20010db800010002::/64")
    #expect(RateLimiter.addressKey(try .init(ipAddress: "::ffff:192.0.2.7", port: 1)) == "address:192.0.2.7")
    #expect(RateLimiter.addressKey(nil) == "address:other")
  }
}

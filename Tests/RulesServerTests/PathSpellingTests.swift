import Foundation
import HTTPTypes
import HummingbirdTesting
import RulesTestSupport
import StoreTestSupport
import Testing

@testable import RulesServer

/// One path, one decision (#34): every spelling of a route's path gets what its canonical
/// spelling gets, for every caller, over the whole route table. Spellings that name the same
/// path (a trailing, doubled or leading slash, `.` and `..` segments, also as `%2E`) get
/// exactly the canonical answer; spellings that name another path (`;x=1`, a percent-encoded
/// letter of a fixed segment) never get more than it: without a token 401, over the rate 429.
@Suite struct PathSpellingTests {
  /// A route's path with its parameters filled: alice's data in discipline.
  static func concrete(_ route: Route) -> String {
    route.path.replacingOccurrences(of: "{catalog}", with: "discipline")
      .replacingOccurrences(of: "{user}", with: "alice")
      .replacingOccurrences(of: "{date}", with: "2026-01-05")
      .replacingOccurrences(of: "{name}", with: "training.current")
  }

  /// Spellings of `path` that name the same path once made canonical.
  static func sameSpellings(_ path: String) -> [String] {
    let segments = path.split(separator: "/").map(String.init)
    var spellings = [path + "/", "/" + path, path + "//"]
    for k in 0...segments.count {
      let head = segments[..<k].map { "/" + $0 }.joined()
      let tail = segments[k...].joined(separator: "/")
      for insert in ["/", "/./", "/%2e/", "/x/../", "/x/%2E%2e/", "/x/.%2E/"] {
        spellings.append(head + insert + tail)
      }
    }
    return spellings
  }

  /// Spellings of `path` that name another path: a `;` parameter on a segment, a letter of a
  /// segment percent-encoded, a slash encoded as `%2F`.
  static func otherSpellings(_ path: String) -> [String] {
    let segments = path.split(separator: "/").map(String.init)
    var spellings: [String] = []
    for k in segments.indices {
      var withParameter = segments
      withParameter[k] += ";x=1"
      spellings.append("/" + withParameter.joined(separator: "/"))
      var encoded = segments
      let first = encoded[k].unicodeScalars.first!
      encoded[k] = String(format: "%%%02X", first.value) + encoded[k].dropFirst()
      spellings.append("/" + encoded.joined(separator: "/"))
    }
    if path.hasPrefix("/v1/") { spellings.append("/v1%2F" + path.dropFirst(4)) }
    return spellings
  }

  /// The status and error code of an answer.
  static func outcome(_ response: TestResponse) -> String {
    let code = (try? JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
      .flatMap { ($0["error"] as? [String: Any])?["code"] as? String }
    return "\(response.status.code) \(code ?? "")"
  }

  @Test func noSpellingOpensMoreThanTheCanonicalPath() async throws {
    try await withStore(.sqlite) { store, _ in
      let api = try await InProcessAPI(store: store)
      let bob = try await TestTokens.hs256(TestTokens.claims("bob"))
      let table = api.table
      try await api.test { client in
        // The console's pages answer a visitor 303 and a form 403 (ConsoleTests spells their paths).
        for route in table.routes where !route.isConsole {
          let path = Self.concrete(route)
          for (caller, token) in [
            ("no token", nil), ("bob's token", bob), ("the admin token", InProcessAPI.adminToken),
          ] {
            let canonical = Self.outcome(try await client.call(route.method, path, token: token))
            if token == nil {
              #expect(canonical.hasPrefix(route.access == .public ? "200" : "401"), "\(route.path): \(canonical)")
            }
            for spelling in Self.sameSpellings(path) {
              let answer = Self.outcome(try await client.call(route.method, spelling, token: token))
              #expect(
                answer == canonical, "\(caller): \(route.method) \(spelling) answered \(answer), not \(canonical)")
            }
            if token == InProcessAPI.adminToken { continue }
            for spelling in Self.otherSpellings(path) {
              let answer = try await client.call(route.method, spelling, token: token)
              if token == nil {
                #expect(
                  answer.status == .unauthorized, "\(caller): \(route.method) \(spelling): \(Self.outcome(answer))")
              } else if !canonical.hasPrefix("2") {
                #expect(answer.status.code >= 400, "\(caller): \(route.method) \(spelling): \(Self.outcome(answer))")
              }
            }
          }
        }
      }
    }
  }

  @Test func overTheRateEverySpellingIs429() async throws {
    try await withStore(.sqlite) { store, _ in
      // One request an hour after a burst of 1: the first request drains the bucket.
      let limiter = RateLimiter(RateLimit(rate: 1.0 / 3600, burst: 1))
      let api = try await InProcessAPI(store: store, limiter: limiter)
      let table = api.table
      try await api.test { client in
        _ = try await client.call(.get, "/v1/catalogs")
        // The console's pages answer a visitor 303 and a form 403 (ConsoleTests spells their paths).
        for route in table.routes where !route.isConsole {
          let path = Self.concrete(route)
          for spelling in [path] + Self.sameSpellings(path) + Self.otherSpellings(path) {
            let answer = try await client.call(route.method, spelling)
            if route.access == .public && !Self.otherSpellings(path).contains(spelling) {
              #expect(answer.status == .ok, "\(route.method) \(spelling): \(Self.outcome(answer))")
            } else {
              #expect(answer.status == .tooManyRequests, "\(route.method) \(spelling): \(Self.outcome(answer))")
            }
          }
        }
      }
    }
  }

  /// Random spellings (slashes, dots, `%XX`, `;`, `%2F`, NUL) of every route that is not
  /// public: without a token always 401; with bob's token never an answer under 400 on a
  /// route bob's token does not open. RULES_PATH_FUZZ_COUNT and RULES_PATH_FUZZ_SEED bound it.
  @Test func randomSpellingsOpenNothing() async throws {
    let environment = ProcessInfo.processInfo.environment
    let count = environment["RULES_PATH_FUZZ_COUNT"].flatMap(Int.init) ?? 3_000
    let seed = environment["RULES_PATH_FUZZ_SEED"].flatMap(UInt64.init) ?? 34
    try await withStore(.sqlite) { store, _ in
      let api = try await InProcessAPI(store: store)
      let bob = try await TestTokens.hs256(TestTokens.claims("bob"))
      let routes = api.table.routes.filter { $0.access != .public && $0.access != .catalogUser && !$0.isConsole }
      try await api.test { client in
        var random = SplitMix64(seed: seed)
        for _ in 0..<count {
          let route = routes[random.below(routes.count)]
          let spelling = Self.mutate(Self.concrete(route), &random)
          let anonymous = try await client.call(route.method, spelling)
          #expect(
            anonymous.status == .unauthorized, "seed \(seed): \(route.method) \(spelling): \(Self.outcome(anonymous))")
          let asBob = try await client.call(route.method, spelling, token: bob)
          #expect(asBob.status.code >= 400, "seed \(seed): bob \(route.method) \(spelling): \(Self.outcome(asBob))")
        }
      }
    }
  }

  /// `path` with one to four random changes.
  static func mutate(_ path: String, _ random: inout SplitMix64) -> String {
    var text = Array(path)
    for _ in 0...random.below(4) {
      let slashes = text.indices.filter { text[$0] == "/" }
      let at = slashes.isEmpty ? text.endIndex : slashes[random.below(slashes.count)]
      switch random.below(9) {
      case 0: text.insert("/", at: at)
      case 1: text.insert(contentsOf: "/.", at: at)
      case 2: text.insert(contentsOf: "/x/..", at: at)
      case 3: text.insert(contentsOf: random.chance(0.5) ? "/%2e" : "/%2E%2e", at: at)
      case 4: text.insert(contentsOf: ";p=\(random.below(10))", at: at)
      case 5: text.append("/")
      case 6 where at < text.endIndex: text.replaceSubrange(at...at, with: "%2F")
      case 7: text.insert(contentsOf: "%00", at: at)
      default:
        // A letter percent-encoded, in upper or lower case hex.
        let letters = text.indices.filter { text[$0].isLetter && text[$0].isASCII }
        guard !letters.isEmpty else { continue }
        let index = letters[random.below(letters.count)]
        let hex = String(text[index].asciiValue!, radix: 16)
        text.replaceSubrange(index...index, with: "%" + (random.chance(0.5) ? hex.uppercased() : hex))
      }
    }
    return String(text)
  }
}

/// Another method on a public path is 405 for anyone (schemathesis's TRACE /healthz without a
/// token); on any other path, only a caller with a token learns which methods it has.
@Suite struct UndeclaredMethodTests {
  @Test func anotherMethodOnAPublicPathIs405WithoutAToken() async throws {
    try await withStore(.sqlite) { store, _ in
      let api = try await InProcessAPI(store: store)
      try await api.test { client in
        for path in ["/healthz", "/readyz", "/v1/openapi.json", "/healthz/"] {
          let answer = try await client.call(.trace, path)
          #expect(PathSpellingTests.outcome(answer) == "405 method-not-allowed", "\(path)")
          #expect(answer.headers[.allow] == "GET")
        }
        #expect(PathSpellingTests.outcome(try await client.call(.trace, "/v1/catalogs")) == "401 unauthorized")
        let admin = try await client.call(.trace, "/v1/catalogs", token: InProcessAPI.adminToken)
        #expect(PathSpellingTests.outcome(admin) == "405 method-not-allowed")
      }
    }
  }
}

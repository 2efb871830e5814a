import Foundation
import HTTPTypes
import StoreTestSupport
import Testing

@testable import RulesServer

/// Every route of the table answered in process (HummingbirdTesting: the router and its
/// middlewares, no socket, no binary), on both stores: its good answers, and every bad input
/// by its exact status, code and message, none of which changes what is stored (the store's
/// dump and the API's answers read back before and after). The process-level suites keep what
/// only a process shows: signals, kill -9, timeouts, connection caps.
@Suite struct RouteSuiteTests {
  @Test(arguments: Backend.all, RouteCases.all)
  func everyAnswerAndEveryBadInput(_ backend: Backend, _ route: RouteCase) async throws {
    try await RouteHarness.run(backend, catalogs: route.catalogs) { api in
      // The table serves the route as the contract says: its access and its rate limit.
      let served = api.table.routes.first { $0.method == route.method && $0.path == route.path }
      #expect(served?.access == route.access, "\(route.key): the table's access")
      #expect(served?.rateLimit == route.rateLimit, "\(route.key): the table's rate-limit class")
      #expect(api.route(of: route.sample)?.path == route.path, "the sample \(route.sample) reaches \(route.key)")

      try await route.answers(api)

      let allowed = RouteCases.all.filter { $0.path == route.path }.map(\.method)
      let refusals = try await route.refusals(api) + route.accessRefusals(allowed: allowed)
      for refusal in refusals where refusal.status != 405 {
        #expect(api.route(of: refusal.call)?.path == route.path, "\(refusal) reaches \(route.key)")
      }
      let readBefore = try await api.readBack()
      let before = try api.snapshot()
      for refusal in refusals { try await api.expect(refusal) }
      let after = try api.snapshot()
      #expect(after == before, "a refused request changed the store:\n\(after.difference(from: before))")
      #expect(try await api.readBack() == readBefore, "a refused request changed what the API reads back")

      // A server without tokens opens every route but the admin ones, and its answers carry
      // the rate-limit headers of the route's class (the caller's address, here).
      let open = try await api.call(route.sample.from(.openServer))
      #expect(open.status == (route.access == .admin ? .forbidden : .ok), "\(route.key): \(open.text)")
      let policy = open.headers[HTTPField.Name("RateLimit-Policy")!]
      let remaining = open.headers[HTTPField.Name("RateLimit")!]
      switch route.rateLimit {
      case .caller:
        #expect(policy == #""address";q=10000;w=1"#, "\(route.key)")
        #expect(remaining?.hasPrefix(#""address";r="#) == true, "\(route.key): \(remaining ?? "none")")
      case .exempt:
        #expect(policy == nil && remaining == nil, "\(route.key) is not limited")
      }

      // Over the rate (one request an hour): the route's second request is 429 with
      // Retry-After, unless the route is exempt.
      try await api.call(route.sample.from(.limited))
      switch route.rateLimit {
      case .caller:
        let over = Refusal(
          "over the rate", route.sample.from(.limited), 429, "rate-limited", "too many requests; try again in {n} s")
        let answer = try await api.expect(over)
        let wait = answer.headers[HTTPField.Name("Retry-After")!].flatMap(Int.init)
        #expect(wait.map { (3500...3600).contains($0) } == true, "\(route.key): Retry-After \(wait ?? 0)")
        #expect(answer.headers[HTTPField.Name("RateLimit-Policy")!] == #""address";q=1;w=3600"#, "\(route.key)")
        #expect(
          answer.headers[HTTPField.Name("RateLimit")!] == #""address";r=0;t=\#(wait ?? 0)"#, "\(route.key)")
      case .exempt:
        let answer = try await api.call(route.sample.from(.limited))
        #expect(answer.status == .ok, "\(route.key) is not limited: \(answer.text)")
      }
    }
  }

  /// Adding a route to the table without its `RouteCase` fails here.
  @Test func everyRouteOfTheTableHasItsCase() async throws {
    try await withStore(.sqlite) { store, _ in
      let table = try await InProcessAPI(store: store).table
      // The console's pages (cookie sign-in, CSRF forms) are ConsoleTests' and the browser tests'.
      let served = table.routes.filter { !$0.path.hasPrefix("/console") }.map { "\($0.method.rawValue) \($0.path)" }
      let covered = RouteCases.all.map(\.key)
      #expect(
        Set(served).subtracting(covered).isEmpty,
        "routes without a RouteCase (Tests/RulesServerTests/Routes): \(Set(served).subtracting(covered).sorted())")
      #expect(
        Set(covered).subtracting(served).isEmpty,
        "RouteCases of routes the table does not have: \(Set(covered).subtracting(served).sorted())")
      #expect(covered.count == Set(covered).count, "a route with two cases")
    }
  }
}

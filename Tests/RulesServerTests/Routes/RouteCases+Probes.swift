import Foundation
import HTTPTypes
import StoreTestSupport
import Testing

@testable import RulesServer

/// The probes, the document and the metrics: public routes and `/metrics`.
extension RouteCases {
  static let probes: [RouteCase] = [healthz, readyz, openAPI, metrics]

  static let healthz = RouteCase(
    .get, "/healthz", .public, sample: RouteCall(.get, "/healthz"),
    answers: { api in
      let answer = try await api.call(RouteCall(.get, "/healthz", as: .anonymous))
      #expect(answer.status == .ok)
      #expect(answer.text == #"{"status":"ok"}"# + "\n")
      #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
    })

  static let readyz = RouteCase(
    .get, "/readyz", .public, sample: RouteCall(.get, "/readyz"),
    answers: { api in
      let answer = try await api.call(RouteCall(.get, "/readyz", as: .anonymous))
      #expect(answer.status == .ok)
      #expect(answer.text == #"{"status":"ready"}"# + "\n")
    },
    refusals: { api in
      // A store that fails writes: the write is 503, and the server is not ready until a write
      // succeeds (or 30 s pass).
      try api.breakStore()
      try await api.expect(
        Refusal(
          "a write the store fails", RouteCall(.put, user() + "/days/2026-01-08", body: RouteHarness.trained), 503,
          "store-unavailable", "the store cannot answer now; try again later"))
      return [
        Refusal(
          "readiness after a failed write", RouteCall(.get, "/readyz", as: .anonymous), 503, "store-unavailable",
          "a write to the store failed {n} s ago; ready again once a write succeeds, or 30 s after the last failed one")
      ]
    })

  static let openAPI = RouteCase(
    .get, "/v1/openapi.json", .public, sample: RouteCall(.get, "/v1/openapi.json"),
    answers: { api in
      let document = try await api.object(RouteCall(.get, "/v1/openapi.json", as: .anonymous))
      #expect(document["openapi"] as? String == "3.1.0")
      let paths = try #require(document["paths"] as? [String: Any])
      for catalog in ["discipline", "rizq"] {
        #expect(paths["/v1/catalogs/\(catalog)/users/{user}/days/{date}"] != nil, "\(catalog)")
      }
      #expect(
        paths["/v1/catalogs/{catalog}/users/{user}/days/{date}"] == nil, "the generic path is written per catalog")
      let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
      let day = try #require(schemas?["Day_discipline"] as? [String: Any])
      #expect(((day["properties"] as? [String: Any])?.keys).map { Set($0) } == ["planned", "completed"])
    })

  static let metrics = RouteCase(
    .get, "/metrics", .adminOrOpen, sample: RouteCall(.get, "/metrics"),
    answers: { api in
      // The text itself is the binary's (the in-process API is given an empty one); the
      // process-level ServerTests read it.
      let answer = try await api.call(RouteCall(.get, "/metrics"))
      #expect(answer.status == .ok)
      #expect(answer.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
    })
}

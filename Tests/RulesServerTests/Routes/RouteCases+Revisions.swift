import Foundation
import HTTPTypes
import RulesBackend
import StoreTestSupport
import Testing

@testable import RulesServer

/// The catalog revisions: their list, and an earlier one served again.
extension RouteCases {
  static let revisions: [RouteCase] = [listRevisions, restoreRevision]

  static let revisionsPath = "/v1/admin/catalogs/discipline/revisions"

  /// The revision of the shipped discipline.yaml (the hash of its export).
  static let disciplineRevision: String = (try? StoreTestSupport.loadCatalog("discipline").revision) ?? "not loaded"

  static func restorePath(_ hash: String) -> String { "\(revisionsPath)/\(hash)/restore" }

  /// The revisions the list gives.
  static func listed(_ api: RouteHarness) async throws -> [[String: Any]] {
    try await api.object(RouteCall(.get, revisionsPath))["revisions"] as? [[String: Any]] ?? []
  }

  /// discipline.yaml with an input `minutes` of at most `max`, at `version`.
  static func discipline(minutes max: Int, version: Int) throws -> String {
    try discipline(version: version).replacingOccurrences(
      of: "\ninputs:\n", with: "\ninputs:\n  minutes: {type: int, min: 0, max: \(max), description: Minutes trained.}\n"
    )
  }

  static let listRevisions = RouteCase(
    .get, "/v1/admin/catalogs/{catalog}/revisions", .admin, sample: RouteCall(.get, revisionsPath),
    answers: { api in
      // The start: one revision of each catalog served.
      let start = try await api.object(RouteCall(.get, revisionsPath))
      #expect(start["catalog"] as? String == "discipline")
      #expect(start["served"] as? String == disciplineRevision)
      let first = try #require((start["revisions"] as? [[String: Any]])?.first)
      #expect((start["revisions"] as? [Any])?.count == 1)
      #expect(first["number"] as? Int == 1)
      #expect(first["hash"] as? String == disciplineRevision)
      #expect(first["version"] as? Int == 1)
      #expect(first["loaded_by"] as? String == "start")
      #expect(first["request_id"] is NSNull)
      #expect(first["served"] as? Bool == true)
      #expect(first["diff"] is NSNull)
      #expect((first["loaded_at"] as? String)?.hasSuffix("Z") == true)
      // A reload that changes discipline: its second revision, with the diff and the reload's id.
      let file = api.catalogs.appendingPathComponent("discipline.yaml")
      try discipline(version: 2).write(to: file, atomically: true, encoding: .utf8)
      let reload = RouteCall(.post, "/v1/admin/catalogs/reload", headers: ["X-Request-Id": "reload-1"])
      #expect(try await api.call(reload).status == .ok)
      // A reload that changes nothing records nothing.
      #expect(try await api.call(RouteCall(.post, "/v1/admin/catalogs/reload")).status == .ok)
      let after = try await api.object(RouteCall(.get, revisionsPath))
      let both = after["revisions"] as? [[String: Any]] ?? []
      #expect(both.count == 2)
      let second = try #require(both.last)
      let hash = try #require(second["hash"] as? String)
      #expect(after["served"] as? String == hash)
      #expect(hash != disciplineRevision && hash.count == 64)
      #expect(second["number"] as? Int == 2)
      #expect(second["version"] as? Int == 2)
      #expect(second["loaded_by"] as? String == "reload")
      #expect(second["request_id"] as? String == "reload-1")
      #expect(both.map { $0["served"] as? Bool } == [false, true])
      let diff = try #require(second["diff"] as? [String: Any])
      let old = diff["old"] as? [String: Any]
      let new = diff["new"] as? [String: Any]
      #expect(old?["catalog"] as? String == "discipline" && old?["version"] as? Int == 1)
      #expect(new?["catalog"] as? String == "discipline" && new?["version"] as? Int == 2)
      #expect(
        diff["changes"] as? [[String: String]] == [["section": "badges", "id": "two-days", "change": "added"]])
      #expect(diff["catalog_fields"] as? [String] == ["version"])
      // The unlock and the events of an evaluation name the revision that made them.
      let day = try await api.object(RouteCall(.put, user() + "/days/2026-01-08", body: RouteHarness.trained))
      #expect(newBadges(day) == ["two-days"])
      let rows = try api.snapshot().lines.filter { $0.contains("two-days") && !$0.contains("catalog_revisions") }
      #expect(rows.count >= 2, "the unlock and its event: \(rows)")
      #expect(rows.allSatisfy { $0.contains(hash) }, "\(rows)")
      // Other catalogs kept their one revision.
      let rizq = try await api.object(RouteCall(.get, "/v1/admin/catalogs/rizq/revisions"))
      #expect((rizq["revisions"] as? [Any])?.count == 1)
    },
    refusals: { _ in [unknownCatalog(RouteCall(.get, "/v1/admin/catalogs/nope/revisions"))] })

  static let restoreRevision = RouteCase(
    .post, "/v1/admin/catalogs/{catalog}/revisions/{hash}/restore", .admin,
    sample: RouteCall(.post, restorePath(disciplineRevision)),
    answers: { api in
      let file = api.catalogs.appendingPathComponent("discipline.yaml")
      try discipline(version: 2).write(to: file, atomically: true, encoding: .utf8)
      #expect(try await api.call(RouteCall(.post, "/v1/admin/catalogs/reload")).status == .ok)
      // The first revision served again: version 1, a third revision, the same hash as the first.
      let restored = try await api.call(
        RouteCall(.post, restorePath(disciplineRevision), headers: ["X-Request-Id": "restore-1"]))
      #expect(restored.status == .ok)
      #expect(
        restored.text
          == #"[{"catalog":"discipline","name":"Discipline","version":1,"ignored_inputs":[],"nearest_inputs":[],"unreadable_states":0}]"#
          + "\n")
      let listed = try await api.call(RouteCall(.get, "/v1/catalogs"))
      #expect(listed.text == servedList + "\n")
      let revisions = try await Self.listed(api)
      #expect(revisions.map { $0["number"] as? Int } == [1, 2, 3])
      #expect(revisions.map { $0["loaded_by"] as? String } == ["start", "reload", "restore"])
      #expect(revisions.map { $0["served"] as? Bool } == [true, false, true])
      #expect(revisions.last?["hash"] as? String == disciplineRevision)
      #expect(revisions.last?["request_id"] as? String == "restore-1")
      let diff = revisions.last?["diff"] as? [String: Any]
      #expect(
        diff?["changes"] as? [[String: String]] == [["section": "badges", "id": "two-days", "change": "removed"]])
      // Evaluated with it: version 2's badge is gone.
      let day = try await api.object(RouteCall(.put, user() + "/days/2026-01-08", body: RouteHarness.trained))
      #expect(newBadges(day) == [])
      // Restoring what is served changes nothing.
      #expect(try await api.call(RouteCall(.post, restorePath(disciplineRevision))).status == .ok)
      #expect(try await Self.listed(api).count == 3)
      // The next reload reads the folder again (version 2).
      #expect(try await api.call(RouteCall(.post, "/v1/admin/catalogs/reload")).status == .ok)
      let again = try await api.call(RouteCall(.get, "/v1/catalogs"))
      #expect(again.text.hasPrefix(#"[{"catalog":"discipline","name":"Discipline","version":2},"#))
      #expect(
        try await Self.listed(api).map { $0["loaded_by"] as? String } == ["start", "reload", "restore", "reload"])

      // A revision that cannot take what the store holds now (`minutes` up to 60, then up to
      // 1000, and a day of 500 stored) is served all the same, the 500 read as 60 (issue #52:
      // a restore never leaves a catalog unserved).
      try discipline(minutes: 60, version: 5).write(to: file, atomically: true, encoding: .utf8)
      #expect(try await api.call(RouteCall(.post, "/v1/admin/catalogs/reload")).status == .ok)
      let narrow = try #require(try await Self.listed(api).last?["hash"] as? String)
      try discipline(minutes: 1000, version: 6).write(to: file, atomically: true, encoding: .utf8)
      #expect(try await api.call(RouteCall(.post, "/v1/admin/catalogs/reload")).status == .ok)
      let stored = try await api.call(
        RouteCall(.put, user() + "/days/2026-01-09", body: #"{"planned": true, "completed": true, "minutes": 500}"#))
      #expect(stored.status == .ok, "\(stored.text)")
      let narrowed = try await api.array(RouteCall(.post, restorePath(narrow)))
      #expect(narrowed.first?["version"] as? Int == 5)
      #expect(
        narrowed.first?["nearest_inputs"] as? [NSDictionary] == [
          ["input": "minutes", "users": 1, "days": 1, "example": "minutes must be at most 60; found 500; read as 60"]
        ], "\(narrowed)")
      let read = try await api.call(RouteCall(.get, user() + "/progress?date=2026-01-09"))
      #expect(read.status == .ok, "\(read.text)")
    },
    refusals: { _ in
      let unknown = String(repeating: "0", count: 64)
      return [
        unknownCatalog(RouteCall(.post, "/v1/admin/catalogs/nope/revisions/\(disciplineRevision)/restore")),
        Refusal(
          "a hash that is not one", RouteCall(.post, restorePath("abc")), 400, "bad-revision",
          "'abc' is not a revision; a revision is the 64 lowercase hex digits of its hash (GET /v1/admin/catalogs/discipline/revisions lists them)"
        ),
        Refusal(
          "a hash in capitals", RouteCall(.post, restorePath(disciplineRevision.uppercased())), 400, "bad-revision",
          "'\(disciplineRevision.uppercased())' is not a revision; a revision is the 64 lowercase hex digits of its hash (GET /v1/admin/catalogs/discipline/revisions lists them)"
        ),
        Refusal(
          "a hash the catalog never served", RouteCall(.post, restorePath(unknown)), 404, "unknown-revision",
          "the catalog 'discipline' has no revision \(unknown); GET /v1/admin/catalogs/discipline/revisions lists them"
        ),
        Refusal(
          "a revision of another catalog",
          RouteCall(.post, "/v1/admin/catalogs/rizq/revisions/\(disciplineRevision)/restore"), 404, "unknown-revision",
          "the catalog 'rizq' has no revision \(disciplineRevision); GET /v1/admin/catalogs/rizq/revisions lists them"),
      ]
    })
}

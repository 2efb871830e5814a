import Foundation
import HTTPTypes
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesExperiments
import StoreTestSupport
import Testing

@testable import RulesServer

/// The experiments: start one, read it, stop it, promote its variant.
extension RouteCases {
  static let experiments: [RouteCase] = [startExperiment, showExperiment, stopExperiment, promoteExperiment]

  /// A catalog read from YAML text (written to a temporary file), as `rules export` writes it.
  static func exported(_ yaml: String) -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("variant-\(UUID().uuidString).yaml")
    defer { try? FileManager.default.removeItem(at: file) }
    do {
      try yaml.write(to: file, atomically: true, encoding: .utf8)
      return try loadCatalog(path: file.path).export
    } catch {
      return "{\"unreadable\": \"\(error)\"}"
    }
  }

  /// discipline at version 2 with the badge `two-days` (a 2-day streak).
  static let variantExport = exported((try? discipline(version: 2)) ?? "")
  static let variantRevision = (try? StoreCatalog.exported(variantExport).revision) ?? ""

  /// The body that starts an experiment of the variant on `share` of discipline's users.
  static func startBody(_ name: String?, share: String = "\"50%\"", variant: String = variantExport) -> String {
    #"{"catalog": "discipline", "share": \#(share), "variant": \#(variant)"#
      + (name.map { #", "name": "\#($0)""# } ?? "") + "}"
  }

  static let experimentsPath = "/v1/admin/experiments"

  /// Names an experiment may not have: dot segments, a name that does not begin with a letter
  /// or a digit, a slash, a percent sign (issue 52).
  static let notNames: [String] = ["..", ".", ".hidden", "-x", "a/b", "a%2Fb"]

  /// Users of `name` at 50%: the first in the variant and the first in control among u1...u40.
  static func armedUsers(_ name: String) -> (variant: String, control: String) {
    let assignment = Assignment(experiment: name, share: Share(parsing: "50%")!)
    let ids = (1...40).map { "u\($0)" }
    return (
      ids.first { assignment.arm(of: $0) == .variant }!, ids.first { assignment.arm(of: $0) == .control }!
    )
  }

  static func experimentOf(_ evaluation: [String: Any]) -> [String: String]? {
    evaluation["experiment"] as? [String: String]
  }

  /// Starts `name` (50%) and puts two trained days for a user of each arm; the users.
  static func startWithUsers(_ api: RouteHarness, _ name: String) async throws -> (variant: String, control: String) {
    let started = try await api.call(RouteCall(.post, experimentsPath, body: startBody(name)))
    #expect(started.status == .created, "\(started.text)")
    let users = armedUsers(name)
    for id in [users.variant, users.control] {
      for date in ["2026-01-01", "2026-01-02"] {
        let put = try await api.call(RouteCall(.put, "\(user(id))/days/\(date)", body: RouteHarness.trained))
        #expect(put.status == .ok, "\(put.text)")
      }
    }
    return users
  }

  static let startExperiment = RouteCase(
    .post, "/v1/admin/experiments", .admin, sample: RouteCall(.post, experimentsPath, body: startBody("sample")),
    answers: { api in
      let started = try await api.call(RouteCall(.post, experimentsPath, body: startBody("streaks")))
      #expect(started.status == .created, "\(started.text)")
      let json = try #require(RouteHarness.json(started.text) as? [String: Any])
      #expect(json["name"] as? String == "streaks")
      #expect(json["catalog"] as? String == "discipline")
      #expect(json["share"] as? String == "50%")
      #expect(json["status"] as? String == "running")
      #expect(json["control_revision"] as? String == disciplineRevision)
      #expect(json["variant_revision"] as? String == variantRevision)
      #expect(json["guardrail"] is NSNull)
      #expect(json["users"] as? [String: Int] == ["control": 0, "variant": 0])
      // A user of each arm: the variant's users are evaluated under the variant (its badge
      // two-days), and every answer says which arm.
      let users = armedUsers("streaks")
      for date in ["2026-01-01", "2026-01-02"] {
        for id in [users.variant, users.control] {
          let day = try await api.object(RouteCall(.put, "\(user(id))/days/\(date)", body: RouteHarness.trained))
          let arm = id == users.variant ? "variant" : "control"
          #expect(experimentOf(day) == ["name": "streaks", "arm": arm])
          if date == "2026-01-02" { #expect(newBadges(day) == (arm == "variant" ? ["two-days"] : []), "\(arm)") }
        }
      }
      let progress = try await api.object(RouteCall(.get, user(users.variant) + "/progress?date=2026-01-02"))
      #expect(experimentOf(progress) == ["name": "streaks", "arm": "variant"])
      #expect(unlocked(progress).contains("two-days 2026-01-02"))
      let shown = try await api.object(RouteCall(.get, experimentsPath + "/streaks"))
      #expect(shown["users"] as? [String: Int] == ["control": 1, "variant": 1])
      // The unlock the variant granted names the variant's revision.
      let rows = try api.snapshot().lines.filter { $0.contains("two-days") && $0.contains(users.variant) }
      #expect(!rows.isEmpty && rows.allSatisfy { $0.contains(variantRevision) }, "\(rows)")
    },
    refusals: { api in
      let shipped = try String(
        contentsOf: repositoryRoot.appendingPathComponent("catalogs/discipline.yaml"), encoding: .utf8)
      let renamed = exported(shipped.replacingOccurrences(of: "id: momentum\n", with: "id: momentum-b\n"))
      let rizq = try StoreTestSupport.loadCatalog("rizq").export
      return [
        Refusal(
          "a share over 100%", RouteCall(.post, experimentsPath, body: startBody("x", share: "\"120%\"")), 400,
          "bad-share",
          "'120%' is not a share; write a percentage from 0 to 100% with at most two decimals, e.g. 20% or 12.5%"),
        Refusal(
          "a share below 0", RouteCall(.post, experimentsPath, body: startBody("x", share: "\"-1%\"")), 400,
          "bad-share",
          "'-1%' is not a share; write a percentage from 0 to 100% with at most two decimals, e.g. 20% or 12.5%"),
        Refusal(
          "no variant", RouteCall(.post, experimentsPath, body: #"{"catalog": "discipline", "share": "20%"}"#), 400,
          "missing-field", "the body needs variant (catalog, variant and share)"),
        Refusal(
          "a bad name", RouteCall(.post, experimentsPath, body: startBody("a b")), 400, "bad-name",
          "'a b' is not an experiment name; use 1 to 64 ASCII letters, digits, '-', '.' and '_', beginning with a letter or a digit"
        ),
      ]
        // Issue 52: `..` and `.` were taken (201), then unreachable over HTTP while they held
        // the catalog; a name is an id, one path segment as written.
        + Self.notNames.map { name in
          Refusal(
            "the name \(name)", RouteCall(.post, experimentsPath, body: startBody(name)), 400, "bad-name",
            "'\(name)' is not an experiment name; use 1 to 64 ASCII letters, digits, '-', '.' and '_', beginning with a letter or a digit"
          )
        }
        + [
          Refusal(
            "an unknown catalog",
            RouteCall(.post, experimentsPath, body: #"{"catalog": "nope", "share": "20%", "variant": {}}"#), 404,
            "unknown-catalog", "there is no catalog 'nope'; GET /v1/catalogs lists them"),
          Refusal(
            "a second experiment on the catalog", RouteCall(.post, experimentsPath, body: startBody("second")), 409,
            "experiment-running",
            "the catalog 'discipline' has a running experiment, 'streaks'; stop or promote it first"),
          Refusal(
            "a name taken", RouteCall(.post, experimentsPath, body: startBody("streaks")), 409, "experiment-exists",
            "there is an experiment 'streaks' already; names are not reused"),
          Refusal(
            "a variant of another catalog",
            RouteCall(.post, experimentsPath, body: startBody("x", variant: rizq)), 422, "variant-invalid",
            "the experiment was not started: the variant is the catalog 'rizq', not 'discipline'"),
          Refusal(
            "the catalog served as its own variant",
            RouteCall(.post, experimentsPath, body: startBody("x", variant: exported(shipped))), 422, "variant-invalid",
            "the experiment was not started: the variant is the catalog served (revision \(disciplineRevision)): there is nothing to compare"
          ),
          Refusal(
            "a variant that renames a badge without a version bump",
            RouteCall(.post, experimentsPath, body: startBody("x", variant: renamed)), 422, "variant-invalid",
            "the experiment was not started: ids were removed or renamed but version is still 1 (bump the variant's version)"
          ),
          Refusal(
            "a variant that fails rules check",
            RouteCall(.post, experimentsPath, body: startBody("x", variant: #"{"format": "rules-catalog"}"#)), 422,
            "variant-invalid",
            "the experiment was not started: exported catalog:1:1: error: exported catalog cannot be loaded: its format_version is not 1; export the catalog again with this version of rules [not-a-catalog]"
          ),
        ]
    })

  static let showExperiment = RouteCase(
    .get, "/v1/admin/experiments/{name}", .admin, sample: RouteCall(.get, experimentsPath + "/sample"),
    answers: { api in
      _ = try await startWithUsers(api, "shown")
      let shown = try await api.object(RouteCall(.get, experimentsPath + "/shown"))
      #expect(shown["name"] as? String == "shown")
      #expect(shown["status"] as? String == "running")
      #expect(shown["users"] as? [String: Int] == ["control": 1, "variant": 1])
    },
    refusals: { _ in
      [
        Refusal(
          "an unknown experiment", RouteCall(.get, experimentsPath + "/nope"), 404, "unknown-experiment",
          "there is no experiment 'nope'"),
        Refusal(
          "a bad name", RouteCall(.get, experimentsPath + "/a%20b"), 400, "bad-name",
          "'a b' is not an experiment name; use 1 to 64 ASCII letters, digits, '-', '.' and '_', beginning with a letter or a digit"
        ),
        // Issue 52: a report of days nobody has lived counted them as losses (and stopped the
        // experiment); the latest date is today in UTC and one day of slack.
        Refusal(
          "a report dated after the latest date that is today somewhere",
          RouteCall(.get, experimentsPath + "/shown?date=2099-01-01"), 400, "future-date",
          "'date': 2099-01-01 is in the future: a report counts the days users have lived, and the latest date that is today somewhere is \(CalendarDay(Date(), in: TimeZone(identifier: "UTC")!) + 1) (today in UTC and one day of slack)"
        ),
      ]
    })

  static let stopExperiment = RouteCase(
    .post, "/v1/admin/experiments/{name}/stop", .admin, sample: RouteCall(.post, experimentsPath + "/sample/stop"),
    answers: { api in
      let users = try await startWithUsers(api, "stopped")
      let stopped = try await api.object(RouteCall(.post, experimentsPath + "/stopped/stop"))
      #expect(stopped["status"] as? String == "stopped")
      #expect(stopped["ended_because"] as? String == "stopped")
      #expect(stopped["users"] as? [String: Int] == ["control": 1, "variant": 1])
      // Everyone back to the served catalog: no experiment in the answer; the unlock the
      // variant granted stays stored.
      let day = try await api.object(
        RouteCall(.put, "\(user(users.variant))/days/2026-01-03", body: RouteHarness.trained))
      #expect(day["experiment"] == nil)
      let rows = try api.snapshot().lines.filter { $0.contains("two-days") && $0.contains(users.variant) }
      #expect(!rows.isEmpty, "the variant's unlock is kept")
      // A new experiment may start on the catalog.
      let next = try await api.call(RouteCall(.post, experimentsPath, body: startBody("after-stop")))
      #expect(next.status == .created, "\(next.text)")
    },
    refusals: { _ in
      [
        Refusal(
          "an unknown experiment", RouteCall(.post, experimentsPath + "/nope/stop"), 404, "unknown-experiment",
          "there is no experiment 'nope'"),
        Refusal(
          "an experiment stopped already", RouteCall(.post, experimentsPath + "/stopped/stop"), 409,
          "experiment-ended", "the experiment 'stopped' is not running (it was stopped)"),
      ]
    })

  static let promoteExperiment = RouteCase(
    .post, "/v1/admin/experiments/{name}/promote", .admin,
    sample: RouteCall(.post, experimentsPath + "/sample/promote"),
    answers: { api in
      let users = try await startWithUsers(api, "promoted")
      let promoted = try await api.object(
        RouteCall(.post, experimentsPath + "/promoted/promote", headers: ["X-Request-Id": "promote-1"]))
      #expect(promoted["status"] as? String == "promoted")
      // The variant is the catalog served now, a revision of the store.
      let listed = try await api.call(RouteCall(.get, "/v1/catalogs"))
      #expect(listed.text.hasPrefix(#"[{"catalog":"discipline","name":"Discipline","version":2},"#))
      let revisions = try await Self.listed(api)
      #expect(revisions.last?["loaded_by"] as? String == "promote")
      #expect(revisions.last?["hash"] as? String == variantRevision)
      #expect(revisions.last?["request_id"] as? String == "promote-1")
      // Control's user now gets the variant's badge, with no experiment in the answer.
      let day = try await api.object(
        RouteCall(.put, "\(user(users.control))/days/2026-01-03", body: RouteHarness.trained))
      #expect(day["experiment"] == nil)
      #expect(unlocked(day).contains { $0.hasPrefix("two-days ") }, "\(unlocked(day))")
    },
    refusals: { _ in
      [
        Refusal(
          "an unknown experiment", RouteCall(.post, experimentsPath + "/nope/promote"), 404, "unknown-experiment",
          "there is no experiment 'nope'"),
        Refusal(
          "an experiment promoted already", RouteCall(.post, experimentsPath + "/promoted/promote"), 409,
          "experiment-ended", "the experiment 'promoted' is not running (it was promoted)"),
      ]
    })
}

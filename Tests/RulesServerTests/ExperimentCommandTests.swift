import Foundation
import RulesBackend
import RulesExperiments
import RulesStore
import StoreTestSupport
import Testing

/// `rules-server experiment` and `batch` in processes of their own: the arms the store keeps are
/// the stable hash's, whichever process saved them, and a second run changes none.
@Suite struct ExperimentCommandTests {
  @Test(arguments: Backend.all)
  func armsAreTheHashsInEveryProcessAndEveryRefusalHasItsExit(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = try await backend.freshAddress(in: folder)
      let ids = (1...200).map { "user-\(String(format: "%06d", $0))" }
      let lines = ids.flatMap { id in
        ["2026-01-01", "2026-01-02"].map {
          #"{"user": "\#(id)", "date": "\#($0)", "planned": true, "completed": true}"#
        }
      }
      let days = folder.appendingPathComponent("days.jsonl")
      try lines.joined(separator: "\n").write(to: days, atomically: true, encoding: .utf8)
      let imported = try Binary.run("rules-server", ["import", "discipline", days.path, "--store", store])
      #expect(imported.status == 0, "\(imported.stderr)")
      let variant = folder.appendingPathComponent("variant.yaml")
      try RouteCases.discipline(version: 2).write(to: variant, atomically: true, encoding: .utf8)
      let start = ["experiment", "start", "discipline", "--variant", variant.path, "--store", store]
      let started = try Binary.run("rules-server", start + ["--share", "30%", "--name", "stable", "--format", "json"])
      #expect(started.status == 0, "\(started.stderr)")
      #expect(started.stdout.contains(#""name":"stable","catalog":"discipline","share":"30%","status":"running""#))

      let batch = try Binary.run("rules-server", ["batch", "discipline", "--store", store, "--date", "2026-01-02"])
      #expect(batch.status == 0, "\(batch.stderr)")
      let opened = try await StoreAddress.open(store)
      let arms = try await opened.experimentUsers(name: "stable")
      let assignment = Assignment(experiment: "stable", share: Share(parsing: "30%")!)
      #expect(arms.map(\.user) == ids)
      #expect(arms.allSatisfy { $0.arm == assignment.arm(of: $0.user).rawValue && $0.assignedOn == "2026-01-02" })
      let inVariant = arms.count { $0.arm == "variant" }
      #expect((40...80).contains(inVariant), "30% of 200: \(inVariant)")
      // The variant's users hold its badge, control's do not.
      for arm in arms.prefix(30) {
        let held = try await opened.unlocks(catalog: "discipline", user: arm.user).map(\.badge)
        #expect(held.contains("two-days") == (arm.arm == "variant"), "\(arm.user) \(arm.arm): \(held)")
      }
      // Another process, another day: no arm and no day of assignment changes.
      let again = try Binary.run("rules-server", ["batch", "discipline", "--store", store, "--date", "2026-01-03"])
      #expect(again.status == 0, "\(again.stderr)")
      #expect(try await opened.experimentUsers(name: "stable") == arms)
      try await opened.close()

      // Each refusal by its exit status and message; nothing changes.
      let refusals: [([String], Int32, String)] = [
        (
          start + ["--share", "120%"], 64,
          "error: '120%' is not a share; write a percentage from 0 to 100% with at most two decimals, e.g. 20% or 12.5%"
        ),
        (
          start + ["--share", "20%", "--name", "other"], 64,
          "error: the catalog 'discipline' has a running experiment, 'stable'; stop or promote it first"
        ),
        (start + ["--share", "20%", "--name", "a b"], 64, "error: 'a b' is not an experiment name"),
        (["experiment", "stop", "nope", "--store", store], 64, "error: there is no experiment 'nope'"),
        (
          ["experiment", "report", "stable", "--date", "2099-01-01", "--store", store], 64,
          "error: 'date': 2099-01-01 is in the future: a report counts the days users have lived"
        ),
        (["experiment", "guard", "nope", "--store", store], 64, "error: there is no experiment 'nope'"),
        (
          ["experiment", "start", "discipline", "--variant", days.path, "--share", "20%", "--store", store], 65,
          "error: the experiment was not started: the variant fails `rules check`"
        ),
      ]
      for (arguments, status, message) in refusals {
        let refused = try Binary.run("rules-server", arguments)
        #expect(refused.status == status, "\(arguments): \(refused.stderr)")
        #expect(refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
      }
      // The monitoring: the running experiment has no guardrail, so nothing is checked or stopped.
      let guarded = try Binary.run("rules-server", ["experiment", "guard", "--store", store])
      #expect(guarded.status == 0, "\(guarded.stderr)")
      #expect(guarded.stdout == "no running experiment has a guardrail\n", "\(guarded.stdout)")
      let stopped = try Binary.run("rules-server", ["experiment", "stop", "stable", "--store", store])
      #expect(stopped.status == 0, "\(stopped.stderr)")
      #expect(stopped.stdout.contains("stable: discipline, 30% in the variant, stopped"), "\(stopped.stdout)")
      let twice = try Binary.run("rules-server", ["experiment", "stop", "stable", "--store", store])
      #expect(twice.status == 64)
      #expect(twice.stderr.contains("error: the experiment 'stable' is not running (it was stopped)"))
    }
  }
}

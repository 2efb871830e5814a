import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesExperiments
import RulesStore
import RulesTestSupport
import StoreTestSupport
import Testing

/// During an experiment, each user's progress as the server answers it (their days put one at
/// a time) is what `rules eval` gives on their history with their arm's catalog: the variant's
/// file for a user in the variant, the served one for a user in control.
@Suite struct ExperimentDifferentialTests {
  func json(_ text: String) -> NSDictionary? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
  }

  /// An evaluation without what only the check that made it tells (`new`, `new_protected`).
  func withoutNew(_ evaluation: NSDictionary?) -> NSDictionary? {
    guard let copy = evaluation?.mutableCopy() as? NSMutableDictionary else { return nil }
    for key in ["badges", "milestones"] {
      guard let part = (copy[key] as? NSDictionary)?.mutableCopy() as? NSMutableDictionary else { continue }
      part["new"] = [Any]()
      copy[key] = part
    }
    if let streaks = (copy["streaks"] as? NSDictionary)?.mutableCopy() as? NSMutableDictionary {
      for case let name as String in streaks.allKeys {
        guard let streak = (streaks[name] as? NSDictionary)?.mutableCopy() as? NSMutableDictionary else { continue }
        streak["new_protected"] = [Any]()
        streaks[name] = streak
      }
      copy["streaks"] = streaks
    }
    copy["experiment"] = nil
    return copy
  }

  @Test(arguments: Backend.all)
  func eachArmIsServedAsRulesEvalGivesWithTheArmsCatalog(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let variantFile = folder.appendingPathComponent("variant.yaml")
      try RouteCases.discipline(version: 2).write(to: variantFile, atomically: true, encoding: .utf8)
      let users = (1...16).map { "diff-\($0)" }
      let dates = (0..<20).map { (CalendarDay.parsed("2026-01-01")! + $0).description }
      let assignment = Assignment(experiment: "diff", share: Share(parsing: "50%")!)
      #expect(Set(users.map(assignment.arm(of:))) == [.control, .variant], "both arms have users")
      var random = SplitMix64(seed: 40)
      var histories: [String: [String]] = [:]
      for user in users {
        for date in dates where random.next() % 4 != 0 {
          let planned = random.next() % 5 != 0
          let completed = planned && random.next() % 4 != 0
          histories[user, default: []].append(
            "{date: \(date), planned: \(planned)" + (planned ? ", completed: \(completed)}" : "}"))
        }
      }
      let written = histories
      let answers: [String: String] = try await withStore(backend) { store, _ in
        let api = try await InProcessAPI(store: store)
        return try await api.test { client in
          let token = InProcessAPI.adminToken
          let started = try await client.call(
            .post, "/v1/admin/experiments", token: token,
            body: #"{"catalog": "discipline", "share": "50%", "name": "diff", "variant": \#(RouteCases.variantExport)}"#
          )
          #expect(started.status == .created, "\(started.text)")
          var answers: [String: String] = [:]
          for user in users {
            for day in written[user] ?? [] {
              // `{date: D, planned: P, completed: C}` as the record's JSON.
              let date = String(day.dropFirst("{date: ".count).prefix(10))
              let body =
                "{"
                + day.dropFirst("{date: 2026-01-01, ".count).replacingOccurrences(of: "planned", with: "\"planned\"")
                .replacingOccurrences(of: "completed", with: "\"completed\"")
              let put = try await client.call(
                .put, "/v1/catalogs/discipline/users/\(user)/days/\(date)", token: token, body: body)
              #expect(put.status == .ok, "\(user) \(date) \(body): \(put.text)")
            }
            let progress = try await client.call(
              .get, "/v1/catalogs/discipline/users/\(user)/progress?date=2026-01-20", token: token)
            #expect(progress.status == .ok, "\(progress.text)")
            answers[user] = progress.text
          }
          return answers
        }
      }
      // The arms differ where it shows: a variant user holds the variant's badge.
      let holders = users.filter { user in
        let badges = json(answers[user] ?? "")?["badges"] as? NSDictionary
        return (badges?["unlocked"] as? [NSDictionary] ?? []).contains { $0["id"] as? String == "two-days" }
      }
      #expect(!holders.isEmpty && holders.allSatisfy { assignment.arm(of: $0) == .variant }, "\(holders)")
      for user in users {
        let arm = assignment.arm(of: user)
        let history = folder.appendingPathComponent("\(user).yaml")
        let lines = (histories[user] ?? []).map { "  - \($0)" }.joined(separator: "\n")
        try "user: \(user)\ndays:\n\(lines)\n".write(to: history, atomically: true, encoding: .utf8)
        let catalog = arm == .variant ? variantFile.path : "discipline"
        let expected = try Binary.run(
          "rules", ["eval", catalog, "--history", history.path, "--date", "2026-01-20", "--format", "json"])
        #expect(expected.status == 0, "\(expected.stderr)")
        let served = json(answers[user] ?? "")
        #expect((served?["experiment"] as? NSDictionary) == ["name": "diff", "arm": arm.rawValue] as NSDictionary)
        #expect(withoutNew(served) == withoutNew(json(expected.stdout)), "\(user) (\(arm))")
      }
    }
  }
}

import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import RulesTestSupport
import StoreTestSupport
import Testing

/// Repairs a user makes through `PUT .../repairs/{date}` (issue 54, item 3) give, on both
/// stores, exactly what `rules eval` gives on the user's history with those `repairs:`: the
/// whole evaluation. Generated users (some travelling, some on the Hijri calendar) over the
/// weeks up to yesterday ask to repair each of their last nine days, oldest first: some are
/// taken, the others refused (409 `repair-refused`, the message starting with its reason).
@Suite(.serialized) struct RepairDifferentialTests {
  /// Two streaks that take repairs, with budgets per week and per month, and one that does not.
  static let mended = """
    catalog: mended
    inputs:
      duas: {type: int, min: 0, max: 6}
      prayed: {type: bool}
    streaks:
      praying: {counts: prayed, repairs: {within_days: 6, max: 2, per: week}}
      reciting: {counts: duas >= 3, repairs: {within_days: 3, max: 1, per: month}}
      plain: {counts: prayed}
    metrics:
      earned: badges.count
    badges:
      - {id: five, name: Five days, when: praying.current >= 5}
      - {id: three-duas, name: Three days of duas, when: reciting.current >= 3}
    """

  @Test(arguments: Backend.all)
  func repairsPutThroughTheRouteAgreeWithRulesEval(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let catalogs = folder.appendingPathComponent("mended-catalogs")
      try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
      let file = catalogs.appendingPathComponent("mended.yaml")
      try Self.mended.write(to: file, atomically: true, encoding: .utf8)
      let server = try ServerProcess(
        store: try await backend.freshAddress(in: folder), token: "differential-token-of-32-bytes-or-more",
        extra: ["--catalogs", catalogs.path])
      let catalog = try loadCatalog(path: file.path)
      // Yesterday in UTC: a day that has begun for every user, whatever their zone.
      let last = CalendarDay.today(in: TimeZone(identifier: "UTC")!) + -1
      let generated = GeneratedUsers(
        catalog: catalog, count: 8, span: 40, last: last, seed: 54, travellers: true)
      var taken = 0
      var refused: Set<String> = []
      for user in generated.users {
        let path = "/v1/catalogs/mended/users/\(user.id)"
        let put = try server.request(
          "PUT", path,
          body: "{" + ([#""start": "\#(user.days[0].date)""#] + GeneratedUsers.userFields(user)).joined(separator: ", ")
            + "}")
        #expect(put.status == 200, "\(put.body)")
        for day in user.days {
          let body = "{" + day.values.map { #""\#($0.0)": \#($0.1)"# }.joined(separator: ", ") + "}"
          let answer = try server.request("PUT", "\(path)/days/\(day.date)", body: body)
          #expect(answer.status == 200, "\(answer.body)")
        }
        // Each of the last nine days, oldest first: taken, or refused with its reason.
        for back in (1...9).reversed() {
          let date = last + -back + 1
          let answer = try server.request("PUT", "\(path)/repairs/\(date)")
          if answer.status == 200 {
            taken += 1
          } else {
            #expect(answer.status == 409, "\(user.id) \(date): \(answer.body)")
            let error = (answer.json as? [String: Any])?["error"] as? [String: Any]
            #expect(error?["code"] as? String == "repair-refused", "\(answer.body)")
            let message = error?["message"] as? String ?? ""
            let reason = message.prefix { $0 != ":" }
            #expect(RepairRefusal.Reason(rawValue: String(reason)) != nil, "\(message)")
            refused.insert(String(reason))
          }
        }
        // The repairs as the server keeps them (the phone's history), into the user's history.
        let state = try server.request("GET", "\(path)/state")
        #expect(state.status == 200, "\(state.body)")
        let listed =
          ((state.json as? [String: Any])?["history"] as? [String: Any])?["repairs"] as? [[String: Any]] ?? []
        var withStart = user
        withStart.start = user.days[0].date
        var text = generated.yaml(withStart)
        if !listed.isEmpty {
          text += "repairs:\n"
          for repair in listed {
            let streaks = (repair["streaks"] as? [String] ?? []).joined(separator: ", ")
            text += "  - {date: \(repair["date"] ?? ""), made: \(repair["made"] ?? ""), streaks: [\(streaks)]}\n"
          }
        }
        let history = folder.appendingPathComponent("\(user.id).yaml")
        try text.write(to: history, atomically: true, encoding: .utf8)
        let evaluated = try Binary.run(
          "rules", ["eval", file.path, "--history", history.path, "--date", last.description, "--format", "json"])
        #expect(evaluated.status == 0, "\(evaluated.stderr)")
        let served = try server.request("GET", "\(path)/progress?date=\(last)")
        #expect(served.status == 200, "\(served.body)")
        let read = { (text: String) in
          (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? NSDictionary
        }
        let expected = read(evaluated.stdout)
        let actual = read(served.body)
        #expect(
          actual?["streaks"] != nil && actual?["streaks"] as? NSDictionary == expected?["streaks"] as? NSDictionary,
          "\(user.id): streaks served = rules eval with repairs:\n\(text)")
        #expect(
          (actual?["badges"] as? NSDictionary)?["unlocked"] as? NSArray
            == (expected?["badges"] as? NSDictionary)?["unlocked"] as? NSArray, "\(user.id): unlocks")
        #expect(actual?["metrics"] as? NSDictionary == expected?["metrics"] as? NSDictionary, "\(user.id): metrics")
      }
      #expect(taken > 0, "some repairs are taken")
      #expect(refused.count >= 2, "refusals of several reasons: \(refused)")
      withExtendedLifetime(server) {}
    }
  }
}

import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import RulesTestSupport
import StoreTestSupport
import Testing

/// Import, batch and serve on a store give every user exactly what `rules eval` (one check)
/// and `rules replay` (a check every day) give on that user's history: unlocks with their
/// dates, streaks, metrics, the whole JSON. Run on both stores, for the shipped catalogs and a
/// catalog with period sums and a later day start.
@Suite(.serialized) struct DifferentialTests {
  static let last = CalendarDay.parsed("2026-03-31")!

  /// A catalog with time in it (issue 39): period sums over weeks from Saturday, a month and a
  /// Hijri month (Ramadan 1447 ends on 2026-03-19, inside the users' days), badges on them,
  /// challenges that repeat each week, month and Hijri month (their earnings counted by a
  /// metric), leaderboards that reset each week, Hijri month and day (their values and periods
  /// in every evaluation compared), badges that need badges (`requires`: one with no criterion
  /// of its own, one needing a repeating badge), periodic streaks (weeks from Saturday, pausable
  /// and with freezes; Hijri months), a day that starts at 04:00, and a pausable streak (every third user pauses;
  /// backdating allowed, as the users' days are in the past). Not a shipped catalog: those stay
  /// as their apps are.
  static let timed = """
    catalog: timed
    week_starts: saturday
    day_starts_at: "04:00"
    pauses: {backdate_days: 3650}
    inputs:
      duas: {type: int, min: 0, max: 50}
      prayed: {type: bool}
    streaks:
      praying: {counts: prayed, pausable: true, freezes: {earn_every: 5, max: 1}}
      plain: {counts: prayed}
      weekly_prayers: {type: periodic, period: week, goal: 4, counts: prayed, pausable: true, freezes: {earn_every: 2, max: 1}}
      monthly_duas: {type: periodic, period: hijri_month, goal: 10, counts: duas >= 3}
    metrics:
      duas_this_week: week(duas)
      prayed_this_month: month(prayed)
      prayed_this_hijri_month: hijri_month(prayed)
      earned: badges.count
    badges:
      - {id: busy-week, name: Busy week, when: week(duas) >= 60}
      - {id: steady-month, name: Steady month, when: month(prayed) >= 12}
      - {id: hijri-ten, name: Ten days, when: hijri_month(prayed) >= 10}
      - {id: weekly-duas, name: Weekly duas, when: duas_this_week >= 40, repeats: week, xp: 5}
      - {id: monthly-prayers, name: Monthly prayers, when: month(prayed) >= 8, repeats: month}
      - {id: hijri-prayers, name: Hijri month prayers, when: prayed_this_hijri_month >= 6, repeats: hijri_month}
      - {id: devoted, name: Devoted, requires: [steady-month, hijri-ten]}
      - {id: regular, name: Regular, requires: [monthly-prayers], when: prayed_this_month >= 3}
      - {id: two-good-weeks, name: Two good weeks, when: weekly_prayers.current >= 2}
    leaderboards:
      - {id: duas-week, value: week(duas), period: week}
      - {id: prayers-hijri-month, value: prayed_this_hijri_month, period: hijri_month}
      - {id: duas-day, value: duas, period: day}
    """

  /// One catalog the tests run: its id, how the binaries are told it (a name in catalogs/ or a
  /// file) and the folder `serve --catalogs` reads it from.
  struct Case {
    var name: String
    var argument: String
    var folder: String
  }

  /// The shipped catalogs, then `timed`, written into `folder`.
  static func cases(in folder: URL) throws -> [Case] {
    let timedFolder = folder.appendingPathComponent("timed-catalogs")
    try FileManager.default.createDirectory(at: timedFolder, withIntermediateDirectories: true)
    let file = timedFolder.appendingPathComponent("timed.yaml")
    try timed.write(to: file, atomically: true, encoding: .utf8)
    return ShippedCatalogs.names.map { Case(name: $0, argument: $0, folder: ShippedCatalogs.folder.path) }
      + [Case(name: "timed", argument: file.path, folder: timedFolder.path)]
  }

  /// Each unlock of a `rules eval --state` state file, as `BADGE DATE PERIOD` (a repeating badge
  /// once for each earning, with its period; `-` for a badge earned once).
  func stateUnlocks(_ file: URL) throws -> [String] {
    let state = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? NSDictionary
    return (state?["unlocks"] as? [NSDictionary] ?? []).map {
      "\($0["id"] as? String ?? "") \($0["date"] as? String ?? "") \($0["period"] as? String ?? "-")"
    }
  }

  /// `badge.unlocked` events as `BADGE DATE PERIOD`, from event objects (`data.period` for a
  /// repeating badge's earning, `-` else).
  func unlockEvents(_ events: [NSDictionary]) -> [String] {
    events.filter { $0["kind"] as? String == "badge.unlocked" }.map {
      let period = ($0["data"] as? NSDictionary)?["period"] as? String
      return "\($0["subject"] as? String ?? "") \($0["date"] as? String ?? "") \(period ?? "-")"
    }
  }

  func json(_ text: String) -> NSDictionary? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
  }

  /// An evaluation with what a second check of its date no longer tells emptied:
  /// `badges.new` (and `badges.new_earnings` left out), `milestones.new` and each streak's
  /// `new_protected`.
  func withoutNew(_ evaluation: NSDictionary?) -> NSDictionary? {
    guard let copy = evaluation?.mutableCopy() as? NSMutableDictionary else { return nil }
    for key in ["badges", "milestones"] {
      guard let part = (copy[key] as? NSDictionary)?.mutableCopy() as? NSMutableDictionary else { continue }
      part["new"] = [Any]()
      // Told once too: the earnings of repeating badges that check made.
      part.removeObject(forKey: "new_earnings")
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
    return copy
  }

  @Test(arguments: Backend.all)
  func importBatchAndEvalAgreeWithRulesEval(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = try await backend.freshAddress(in: folder)
      let date = Self.last.description
      for (index, test) in try Self.cases(in: folder).enumerated() {
        let (name, argument) = (test.name, test.argument)
        let catalog = try loadCatalog(path: test.folder + "/\(name).yaml")
        let generated = GeneratedUsers(
          catalog: catalog, count: 8, span: 50, last: Self.last, seed: UInt64(index + 1), travellers: true)
        let lines = folder.appendingPathComponent("\(name).jsonl")
        try generated.jsonLines().write(to: lines, atomically: true, encoding: .utf8)
        let imported = try Binary.run("rules-server", ["import", argument, lines.path, "--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
        let batch = try Binary.run(
          "rules-server", ["batch", argument, "--store", store, "--date", date, "--format", "json"])
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(json(batch.stdout)?["users"] as? Int == 8, "\(batch.stdout)")

        let opened = try await StoreAddress.open(store)
        for user in generated.users {
          let history = folder.appendingPathComponent("\(user.id).yaml")
          try generated.yaml(user).write(to: history, atomically: true, encoding: .utf8)
          let expected = try Binary.run(
            "rules", ["eval", argument, "--history", history.path, "--date", date, "--format", "json"])
          #expect(expected.status == 0, "\(expected.stderr)")
          let actual = try Binary.run(
            "rules-server",
            ["eval", argument, "--store", store, "--user", user.id, "--date", date, "--format", "json", "--fresh"])
          #expect(actual.stdout == expected.stdout, "\(user.id): rules-server eval is byte for byte rules eval")
          let text = try Binary.run("rules", ["eval", argument, "--history", history.path, "--date", date])
          let served = try Binary.run(
            "rules-server", ["eval", argument, "--store", store, "--user", user.id, "--date", date, "--fresh"])
          #expect(served.stdout == text.stdout, "\(user.id): the text too")

          // The batch saved exactly the unlocks rules eval keeps in its state, with their dates
          // (every earning of a repeating badge, with its period), and told each once.
          let stateFile = folder.appendingPathComponent("\(user.id).state.json")
          let withState = try Binary.run(
            "rules", ["eval", argument, "--history", history.path, "--date", date, "--state", stateFile.path])
          #expect(withState.status == 0, "\(withState.stderr)")
          let unlocked = try stateUnlocks(stateFile)
          let stored = try await opened.unlocks(catalog: name, user: user.id).map {
            "\($0.badge) \($0.date) \($0.period ?? "-")"
          }
          #expect(stored.sorted() == unlocked.sorted(), "\(user.id): the batch's unlocks")
          let printed = try Binary.run(
            "rules-server",
            ["events", "--store", store, "--catalog", name, "--user", user.id, "--kind", "badge.unlocked"])
          #expect(printed.status == 0, "\(printed.stderr)")
          let events = printed.stdout.split(separator: "\n").compactMap { json(String($0)) }
          #expect(unlockEvents(events).sorted() == unlocked.sorted(), "\(user.id): one event for each earning")

          // And from the state the batch saved (binary), as GET progress reads it.
          let progress = try await opened.evaluateReading(catalog: name, user: user.id) { loaded in
            try loaded.map { try UserEvaluation.run($0, catalog: catalog, on: Self.last).1.json }
          }
          // A second check of the date: the same, but nothing is new any more.
          #expect(
            progress.flatMap { withoutNew(json($0)) } == withoutNew(json(expected.stdout)),
            "\(user.id): progress from the saved state")
        }
        try await opened.close()
        // The batch again: nothing more is told.
        let before = try Binary.run("rules-server", ["events", "--store", store, "--catalog", name])
        let again = try Binary.run("rules-server", ["batch", argument, "--store", store, "--date", date])
        #expect(again.status == 0, "\(again.stderr)")
        let after = try Binary.run("rules-server", ["events", "--store", store, "--catalog", name])
        #expect(after.stdout == before.stdout, "\(name): a second batch tells nothing again")
        if name == "timed" {
          #expect(before.stdout.contains(#""data":{"period":"#), "the timed users earn repeating badges")
          #expect(
            before.stdout.contains(#""subject":"devoted""#) && before.stdout.contains(#""subject":"regular""#),
            "the timed users earn badges that need badges")
          #expect(before.stdout.contains(#""subject":"two-good-weeks""#), "the timed users meet weekly goals")
        }
      }
    }
  }

  /// Restores `plain` of `user` through the last day the replay shows it broken after it had
  /// counted (none: nothing to do), then compares the served progress of the last day with
  /// `rules eval` on `history` plus the restore the server answered.
  static func restoreAgrees(
    user: String, history: URL, replayed: [NSDictionary], server: ServerProcess, argument: String
  ) throws {
    func plain(_ day: NSDictionary) -> Int {
      ((day["streaks"] as? NSDictionary)?["plain"] as? NSDictionary)?["current"] as? Int ?? 0
    }
    guard let firstCounted = replayed.firstIndex(where: { plain($0) > 0 }),
      let broken = replayed[firstCounted...].last(where: { plain($0) == 0 }),
      let through = broken["date"] as? String
    else { return }
    let restored = try server.request(
      "POST", "/v1/catalogs/timed/users/\(user)/streaks/plain/restore",
      body: #"{"through": "\#(through)", "reason": "differential"}"#)
    #expect(restored.status == 201, "\(restored.body)")
    let answer = try JSONSerialization.jsonObject(with: Data(restored.body.utf8)) as? [String: Any]
    let restore = try #require((answer?["restores"] as? [[String: Any]])?.last)
    let from = try #require(restore["from"] as? String)
    let text =
      try String(contentsOf: history, encoding: .utf8)
      + "restores:\n  - {streak: plain, from: \(from), through: \(through)}\n"
    try text.write(to: history, atomically: true, encoding: .utf8)
    let evaluated = try Binary.run(
      "rules", ["eval", argument, "--history", history.path, "--date", last.description, "--format", "json"])
    #expect(evaluated.status == 0, "\(evaluated.stderr)")
    let served = try server.request("GET", "/v1/catalogs/timed/users/\(user)/progress?date=\(last)")
    #expect(served.status == 200, "\(served.body)")
    let streaks = { (text: String) in
      ((try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? NSDictionary)?["streaks"] as? NSDictionary
    }
    #expect(streaks(served.body) != nil && streaks(served.body) == streaks(evaluated.stdout), "\(user): restored")
    #expect(plain(try #require(streaks(served.body).map { ["streaks": $0] as NSDictionary })) > 0, "\(user)")
  }

  @Test(arguments: Backend.all)
  func servedDayByDayAgreesWithRulesReplay(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let cases = try Self.cases(in: folder)
      let stores = (
        shipped: try await backend.freshAddress(in: folder), timed: try await backend.freshAddress(in: folder)
      )
      let shipped = try ServerProcess(store: stores.shipped)
      // With an admin token: support's restores are admin routes.
      let timed = try ServerProcess(
        store: stores.timed, token: "differential-token-of-32-bytes-or-more", extra: ["--catalogs", cases.last!.folder])
      for (index, test) in cases.enumerated() {
        let (name, argument) = (test.name, test.argument)
        let server = name == "timed" ? timed : shipped
        let catalog = try loadCatalog(path: test.folder + "/\(name).yaml")
        let generated = GeneratedUsers(
          catalog: catalog, count: 4, span: 30, last: Self.last, seed: UInt64(index + 11), everyDay: true,
          travellers: true)
        for user in generated.users {
          var last: ServerProcess.Answer?
          let put = try server.request(
            "PUT", "/v1/catalogs/\(name)/users/\(user.id)",
            body: "{"
              + ([#""start": "\#(user.days[0].date)""#] + GeneratedUsers.userFields(user)).joined(separator: ", ")
              + "}")
          #expect(put.status == 200, "\(put.body)")
          for pause in user.pauses {
            let paused = try server.request(
              "PUT", "/v1/catalogs/\(name)/users/\(user.id)/pauses/\(pause.from)", body: #"{"to": "\#(pause.to)"}"#)
            #expect(paused.status == 200, "\(paused.body)")
          }
          var answers: [String: NSDictionary] = [:]
          for day in user.days {
            let body = "{" + day.values.map { #""\#($0.0)": \#($0.1)"# }.joined(separator: ", ") + "}"
            last = try server.request("PUT", "/v1/catalogs/\(name)/users/\(user.id)/days/\(day.date)", body: body)
            #expect(last?.status == 200, "\(last?.body ?? "")")
            answers[day.date] = json(last?.body ?? "")
          }
          var withStart = user
          withStart.start = user.days[0].date
          let history = folder.appendingPathComponent("\(user.id).yaml")
          try generated.yaml(withStart).write(to: history, atomically: true, encoding: .utf8)
          let replay = try Binary.run(
            "rules", ["replay", argument, "--history", history.path, "--to", Self.last.description, "--format", "json"])
          #expect(replay.status == 0, "\(replay.stderr)")
          let days = try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [NSDictionary]
          #expect((json(last?.body ?? "")) == days?.last, "\(user.id): served day by day = rules replay")
          // Each day's answer is that day's check in the replay: the day judged as its record
          // reports it (discipline's planned morning: a day without `completed` is in progress).
          for day in days ?? [] {
            guard let date = day["date"] as? String, let answer = answers[date] else { continue }
            #expect(answer == day, "\(user.id), \(date): the PUT's answer = rules replay's day")
          }

          // Each unlock told once, as the day it was earned was put: what the replay's checks
          // gave, each day's new badges on that day, a repeating badge's with its period.
          var expected: [String] = []
          for day in days ?? [] {
            let badges = day["badges"] as? NSDictionary
            let earnings = badges?["new_earnings"] as? [NSDictionary] ?? []
            let repeating = Set(earnings.compactMap { $0["id"] as? String })
            for case let id as String in badges?["new"] as? [Any] ?? [] where !repeating.contains(id) {
              expected.append("\(id) \(day["date"] as? String ?? "") -")
            }
            expected += earnings.map {
              "\($0["id"] as? String ?? "") \($0["date"] as? String ?? "") \($0["period"] as? String ?? "")"
            }
          }
          let told = try Binary.run(
            "rules-server",
            [
              "events", "--store", name == "timed" ? stores.timed : stores.shipped, "--catalog", name, "--user",
              user.id,
              "--kind", "badge.unlocked",
            ])
          #expect(told.status == 0, "\(told.stderr)")
          let events = told.stdout.split(separator: "\n").compactMap { json(String($0)) }
          #expect(unlockEvents(events).sorted() == expected.sorted(), "\(user.id): one event for each unlock")

          // Support restores the `plain` streak through the last day it stood broken: the server's
          // progress is then what `rules eval` gives on the history with that restore.
          if name == "timed" {
            try Self.restoreAgrees(
              user: user.id, history: history, replayed: days ?? [], server: server, argument: argument)
          }
        }
      }
      withExtendedLifetime((shipped, timed)) {}
    }
  }
}

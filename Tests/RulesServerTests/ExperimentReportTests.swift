import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesExperiments
import RulesStore
import StoreTestSupport
import Testing

@testable import RulesServer

/// The report of `GET /v1/admin/experiments/{name}` over a store: its figures equal the
/// report of the participants the test knows it wrote (their days, streaks and badges as the
/// answers gave them); a report reads and never acts, and a guardrail the variant trips stops
/// the experiment from the monitoring (`experiment guard`) alone (issue #52).
@Suite struct ExperimentReportTests {
  static let ids = (1...40).map { "user-\($0)" }

  static func object(_ text: String) -> [String: Any]? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
  }

  /// Starts `name` (50%) over a new store, puts for each user the days `days(arm)` gives
  /// (trained), and gives the participants as the answers told them, the answer of
  /// `GET /v1/admin/experiments/NAME?date=2026-02-15` and the `experiment.stopped` events; with
  /// `guarding`, after the monitoring (`guardRunning`) ran as of that date, its checks too.
  static func run(
    _ backend: Backend, name: String, guardrail: String? = nil, guarding: Bool = false,
    days: @escaping @Sendable (Arm) -> [String]
  ) async throws -> (participants: [Participant], answer: [String: Any], events: [StoredEvent]) {
    let (participants, text, events) = try await withStore(backend) { store, _ in
      let api = try await InProcessAPI(store: store)
      return try await api.test { client in
        let variant = RouteCases.variantExport
        let extra = guardrail.map { #", "guardrail": "\#($0)", "margin": 0"# } ?? ""
        let started = try await client.call(
          .post, "/v1/admin/experiments", token: InProcessAPI.adminToken,
          body: #"{"catalog": "discipline", "share": "50%", "name": "\#(name)", "variant": \#(variant)\#(extra)}"#)
        #expect(started.status == .created, "\(started.text)")
        let assignment = Assignment(experiment: name, share: Share(parsing: "50%")!)
        var participants: [Participant] = []
        for id in ids {
          let arm = assignment.arm(of: id)
          var last: [String: Any] = [:]
          for date in days(arm) {
            let put = try await client.call(
              .put, "/v1/catalogs/discipline/users/\(id)/days/\(date)", token: InProcessAPI.adminToken,
              body: #"{"planned": true, "completed": true}"#)
            #expect(put.status == .ok, "\(put.text)")
            last = object(put.text) ?? [:]
          }
          let streak = ((last["streaks"] as? [String: Any])?["training"] as? [String: Any])?["current"] as? Int ?? 0
          let badges = ((last["badges"] as? [String: Any])?["unlocked"] as? [[String: Any]] ?? []).compactMap {
            $0["id"] as? String
          }
          participants.append(
            Participant(
              arm: arm, assigned: CalendarDay.parsed(days(arm)[0])!,
              activeDays: Set(days(arm).compactMap(CalendarDay.parsed)), streaks: ["training": streak],
              badges: Set(badges)))
        }
        var shown = try await client.call(
          .get, "/v1/admin/experiments/\(name)?date=2026-02-15", token: InProcessAPI.adminToken)
        #expect(shown.status == .ok, "\(shown.text)")
        if guarding {
          // The report read, and acted on nothing.
          #expect(object(shown.text)?["status"] as? String == "running", "\(shown.text)")
          #expect(try await store.events(EventQuery(after: 0, limit: 1000, kind: "experiment.stopped")).isEmpty)
          let checks = try await ExperimentControl(store: store).guardRunning(
            nil, date: CalendarDay.parsed("2026-02-15")!)
          #expect(checks.map(\.experiment.name) == [name] && checks.allSatisfy(\.stopped), "\(checks)")
          // The monitoring again: nothing running, nothing checked or told twice.
          #expect(
            try await ExperimentControl(store: store).guardRunning(nil, date: CalendarDay.parsed("2026-02-15")!).isEmpty
          )
          shown = try await client.call(
            .get, "/v1/admin/experiments/\(name)?date=2026-02-15", token: InProcessAPI.adminToken)
        }
        let told = try await store.events(EventQuery(after: 0, limit: 1000, kind: "experiment.stopped"))
        return (participants, shown.text, told)
      }
    }
    return (participants, object(text) ?? [:], events)
  }

  /// Days from 2026-01-01, `count` of them in a row.
  static func days(_ count: Int) -> [String] {
    (0..<count).map { (CalendarDay.parsed("2026-01-01")! + $0).description }
  }

  @Test(arguments: Backend.all)
  func theReportsFiguresAreThoseOfTheDaysWritten(_ backend: Backend) async throws {
    // The variant's users come back on day 7 and after; control's stop after day 3.
    let (participants, answer, _) = try await Self.run(backend, name: "lift") {
      $0 == .variant ? Self.days(9) : Self.days(3)
    }
    let control = try StoreTestSupport.loadCatalog("discipline")
    let variant = try StoreCatalog.exported(RouteCases.variantExport)
    let badges =
      control.validated.catalog.badges.map(\.id)
      + variant.validated.catalog.badges.map(\.id).filter { !control.validated.catalog.badges.map(\.id).contains($0) }
    let expected = ExperimentReport(
      participants: participants, date: CalendarDay.parsed("2026-02-15")!, streaks: ["training"], badges: badges)
    let report = try #require(answer["report"] as? [String: Any])
    let written = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
    let wanted = try JSONSerialization.data(
      withJSONObject: try #require(Self.object(try ExperimentControl.json(expected).serialized(indent: nil))),
      options: [.sortedKeys])
    #expect(String(decoding: written, as: UTF8.self) == String(decoding: wanted, as: UTF8.self))
    // What it says: every variant user retained on day 7, no control user; the difference's
    // interval excludes zero.
    let d7 = try #require(expected.difference("retention_d7")?.interval)
    #expect(d7.estimate == 1 && d7.lower > 0)
    #expect(expected.control.users + expected.variant.users == Self.ids.count)
    #expect(answer["status"] as? String == "running")
    #expect((answer["methods"] as? [String: Any])?["confidence"] as? Double == 0.95)
  }

  @Test(arguments: Backend.all)
  func aGuardrailTheVariantTripsStopsItFromTheMonitoringAlone(_ backend: Backend) async throws {
    // The variant's users stop after day 3; control's come back on day 7.
    let (_, answer, events) = try await Self.run(backend, name: "harm", guardrail: "retention_d7", guarding: true) {
      $0 == .variant ? Self.days(3) : Self.days(9)
    }
    #expect(answer["status"] as? String == "stopped")
    #expect(answer["ended_because"] as? String == "guardrail retention_d7")
    #expect(events.count == 1, "\(events)")
    let event = try #require(events.first)
    #expect(event.kind == "experiment.stopped" && event.subject == "harm" && event.user == "")
    #expect(event.data.hasPrefix(#"{"because":"guardrail retention_d7","metric":"retention_d7","margin":0,"#))
  }

  /// The issue's finding: a report dated after today counted the variant's unreached days as
  /// losses and stopped the experiment for good. Now such a date is refused, 400, and a report
  /// of today leaves a running experiment running (no user of it came back, or not, yet).
  @Test(arguments: Backend.all)
  func aReportOfTheFutureIsRefusedAndNoReportActs(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let api = try await InProcessAPI(store: store)
      try await api.test { client in
        let token = InProcessAPI.adminToken
        let body =
          #"{"catalog": "discipline", "share": "50%", "name": "tomorrow", "variant": \#(RouteCases.variantExport), "guardrail": "retention_d1"}"#
        #expect(try await client.call(.post, "/v1/admin/experiments", token: token, body: body).status == .created)
        let today = CalendarDay(Date(), in: TimeZone(identifier: "UTC")!)
        for id in Self.ids {
          let put = try await client.call(
            .put, "/v1/catalogs/discipline/users/\(id)/days/\(today)", token: token,
            body: #"{"planned": true, "completed": true}"#)
          #expect(put.status == .ok, "\(put.text)")
        }
        let latest = today + 1
        for future in [latest + 1, latest + 30, CalendarDay.parsed("2199-12-31")!] {
          let refused = try await client.call(.get, "/v1/admin/experiments/tomorrow?date=\(future)", token: token)
          #expect(refused.status == .badRequest)
          #expect(
            refused.text
              == #"{"error":{"code":"future-date","message":"'date': \#(future) is in the future: a report counts the days users have lived, and the latest date that is today somewhere is \#(latest) (today in UTC and one day of slack)"}}"#
              + "\n", "\(refused.text)")
        }
        // Today and the day of slack are read; neither stops the experiment.
        for date in [today, latest] {
          let read = try await client.call(.get, "/v1/admin/experiments/tomorrow?date=\(date)", token: token)
          #expect(read.status == .ok, "\(read.text)")
          #expect(Self.object(read.text)?["status"] as? String == "running", "\(read.text)")
        }
        #expect(try await store.experiment(name: "tomorrow")?.status == "running")
        #expect(try await store.events(EventQuery(after: 0, limit: 1000, kind: "experiment.stopped")).isEmpty)
      }
    }
  }
}

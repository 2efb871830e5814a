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
/// answers gave them), and a guardrail the variant trips stops the experiment.
@Suite struct ExperimentReportTests {
  static let ids = (1...40).map { "user-\($0)" }

  static func object(_ text: String) -> [String: Any]? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
  }

  /// Starts `name` (50%) over a new store, puts for each user the days `days(arm)` gives
  /// (trained), and gives the participants as the answers told them, and the answer of
  /// `GET /v1/admin/experiments/NAME?date=2026-02-15`.
  static func run(
    _ backend: Backend, name: String, guardrail: String? = nil, days: @escaping @Sendable (Arm) -> [String]
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
        let shown = try await client.call(
          .get, "/v1/admin/experiments/\(name)?date=2026-02-15", token: InProcessAPI.adminToken)
        #expect(shown.status == .ok, "\(shown.text)")
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
  func aGuardrailTheVariantTripsStopsIt(_ backend: Backend) async throws {
    // The variant's users stop after day 3; control's come back on day 7.
    let (_, answer, events) = try await Self.run(backend, name: "harm", guardrail: "retention_d7") {
      $0 == .variant ? Self.days(3) : Self.days(9)
    }
    #expect(answer["status"] as? String == "stopped")
    #expect(answer["ended_because"] as? String == "guardrail retention_d7")
    #expect(events.count == 1, "\(events)")
    let event = try #require(events.first)
    #expect(event.kind == "experiment.stopped" && event.subject == "harm" && event.user == "")
    #expect(event.data.hasPrefix(#"{"because":"guardrail retention_d7","metric":"retention_d7","margin":0,"#))
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import StoreTestSupport
import Testing

/// A day in the future is refused (400 `future-date`) on every path that writes a day for a
/// caller, by the binaries as they run: the real clock, with dates two days after the user's
/// today (always in the future) and one day after (the slack).
@Suite struct FutureDateTests {
  static let user = "/v1/catalogs/{catalog}/users/{user}"
  static let dayRoute = "/v1/catalogs/{catalog}/users/{user}/days/{date}"
  static let progress = "/v1/catalogs/{catalog}/users/{user}/progress"
  static let rebuild = "/v1/catalogs/{catalog}/users/{user}/rebuild"
  static let record = #"{"planned": true, "completed": true}"#

  static func today(_ zone: String) -> CalendarDay { CalendarDay.today(in: TimeZone(identifier: zone)!) }

  static func refusal(_ date: CalendarDay, today: CalendarDay, zone: String) -> String {
    "\(date) is in the future: the user's today is \(today) (\(zone)); days up to \(today + 1) (today and one day of slack) may be written"
  }

  @Test(arguments: Backend.all)
  func aDayAfterTheUsersTodayIsRefusedOnEitherSideOfTheDateLine(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(
        backend, in: folder, token: "admin-s3cret-of-at-least-32-bytes",
        environment: ["RULES_JWT_SECRET": TestTokens.secret])
      let adminJWT = try await TestTokens.hs256(TestTokens.claims("ops", scope: "admin"))
      for zone in ["Pacific/Kiritimati", "Pacific/Pago_Pago"] {
        for caller in ["admin", "self"] {
          let id = "\(zone.dropFirst("Pacific/".count).lowercased())-\(caller)"
          let token =
            caller == "admin" ? "admin-s3cret-of-at-least-32-bytes" : try await TestTokens.hs256(TestTokens.claims(id))
          let base = "/v1/catalogs/discipline/users/\(id)"
          var answer = try server.call("PUT", base, route: Self.user, body: #"{"timezone": "\#(zone)"}"#, token: token)
          #expect(answer.status == 200, "\(answer.body)")
          let today = Self.today(zone)
          // Two days after the user's today: refused, and nothing is stored.
          expectError(
            try server.call("PUT", "\(base)/days/\(today + 2)", route: Self.dayRoute, body: Self.record, token: token),
            400,
            "future-date", Self.refusal(today + 2, today: today, zone: zone))
          expectError(
            try server.call("PUT", "\(base)/days/2099-01-01", route: Self.dayRoute, body: Self.record, token: token),
            400,
            "future-date", Self.refusal(day("2099-01-01"), today: today, zone: zone))
          expectError(
            try server.call("GET", "\(base)/progress", route: Self.progress, token: token), 404, "unknown-user")
          // Tomorrow (the slack) and today are written.
          answer = try server.call(
            "PUT", "\(base)/days/\(today + 1)", route: Self.dayRoute, body: Self.record, token: token)
          #expect(answer.status == 200, "\(answer.body)")
          answer = try server.call(
            "PUT", "\(base)/days/\(today)", route: Self.dayRoute, body: Self.record, token: token)
          #expect(answer.status == 200, "\(answer.body)")
          // A read of a future date stays allowed: it writes nothing.
          answer = try server.call(
            "GET", "\(base)/progress?date=\(today + 5)", route: Self.progress, token: token)
          #expect(answer.status == 200, "\(answer.body)")
          // The rebuild: the admin's, refused the same; a user's token may not rebuild at all.
          let rebuild = try server.call(
            "POST", "\(base)/rebuild?date=\(today + 2)", route: Self.rebuild, token: token)
          if caller == "admin" {
            expectError(rebuild, 400, "future-date", Self.refusal(today + 2, today: today, zone: zone))
          } else {
            expectError(rebuild, 403, "forbidden")
          }
          expectError(
            try server.call("POST", "\(base)/rebuild?date=\(today + 2)", route: Self.rebuild, token: adminJWT), 400,
            "future-date", Self.refusal(today + 2, today: today, zone: zone))
          answer = try server.call("POST", "\(base)/rebuild?date=\(today + 1)", route: Self.rebuild, token: adminJWT)
          #expect(answer.status == 200, "\(answer.body)")
        }
      }
      // Nothing after a user's today and the slack was stored.
      let listed = try Binary.run(
        "rules-server", ["future-days", "discipline", "--store", server.store, "--format", "json"])
      #expect(listed.status == 0, "\(listed.stderr)")
      #expect(listed.stdout == "[]\n")
      try server.checkAgainstOpenAPI()
    }
  }

  func write(_ text: String, _ name: String, in folder: URL) throws -> String {
    let file = folder.appendingPathComponent(name)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  @Test(arguments: Backend.all)
  func anImportWithAFutureLineImportsNothing(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = try await backend.freshAddress(in: folder)
      let utc = Self.today("UTC")
      let jsonl = try write(
        """
        {"user": "a", "date": "\(utc)", "planned": true}
        {"user": "a", "date": "\(utc + 2)", "planned": true}
        {"user": "b", "date": "\(utc + 1)", "planned": true}

        """, "days.jsonl", in: folder)
      let yaml = try write(
        "user: c\ndays:\n  - {date: \(utc), planned: true}\n  - {date: \(utc + 3), planned: true}\n", "c.yaml",
        in: folder)
      let csv = try write("user,date,planned\nd,\(utc + 2),true\n", "d.csv", in: folder)
      let why = "today in UTC and one day of slack for the zones ahead of it; --date D sets another"
      var result = try Binary.run("rules-server", ["import", "discipline", jsonl, yaml, csv, "--store", store])
      #expect(result.status == 1)
      #expect(
        result.stderr == """
          \(jsonl):2: error: 'date': \(utc + 2) is after the import's date, \(utc + 1) (\(why))
          \(yaml):4: error: 'date': \(utc + 3) is after the import's date, \(utc + 1) (\(why))
          \(csv):2: error: 'date': \(utc + 2) is after the import's date, \(utc + 1) (\(why))
          error: 3 problem(s); nothing was imported

          """)
      // Nothing of any file was imported.
      for user in ["a", "b", "c"] {
        result = try Binary.run("rules-server", ["eval", "discipline", "--store", store, "--user", user])
        #expect(result.status == 1)
        #expect(result.stderr == "error: the store has no record of the user '\(user)' in the catalog 'discipline'\n")
      }
      // --date sets the import's date: exactly, without slack.
      result = try Binary.run("rules-server", ["import", "discipline", jsonl, "--store", store, "--date", "\(utc)"])
      #expect(result.status == 1)
      #expect(
        result.stderr == """
          \(jsonl):2: error: 'date': \(utc + 2) is after the import's date, \(utc) (--date)
          \(jsonl):3: error: 'date': \(utc + 1) is after the import's date, \(utc) (--date)
          error: 2 problem(s); nothing was imported

          """)
      result = try Binary.run(
        "rules-server", ["import", "discipline", jsonl, yaml, csv, "--store", store, "--date", "\(utc + 3)"])
      #expect(result.status == 0, "\(result.stderr)")
      result = try Binary.run(
        "rules-server", ["import", "discipline", jsonl, "--store", store, "--date", "2026-02-30"])
      #expect(result.status == 64)
      #expect(result.stderr.contains("--date: 2026-02-30 is not a day of the calendar"), "\(result.stderr)")
    }
  }

  @Test(arguments: Backend.all)
  func aStoreHoldingA2099DayStillBatchesAndAnswersToday(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(backend, in: folder)
      let utc = Self.today("UTC")
      var lines: [String] = []
      for user in ["alice", "bob"] {
        for offset in 1...5 {
          lines.append(#"{"user": "\#(user)", "date": "\#(utc + (-offset))", "planned": true, "completed": true}"#)
        }
      }
      lines.append(#"{"user": "alice", "date": "2099-01-01", "planned": true, "completed": true}"#)
      let file = try write(lines.joined(separator: "\n") + "\n", "days.jsonl", in: folder)
      // Written as an operator may still write it: with an explicit --date.
      var result = try Binary.run(
        "rules-server", ["import", "discipline", file, "--store", server.store, "--date", "2099-12-31"])
      #expect(result.status == 0, "\(result.stderr)")
      result = try Binary.run("rules-server", ["future-days", "discipline", "--store", server.store])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stdout == """
          alice: 1 day(s) after today (\(utc)), the latest 2099-01-01
          1 user(s) of discipline with days in the future

          """)
      result = try Binary.run(
        "rules-server", ["future-days", "discipline", "--store", server.store, "--format", "json"])
      #expect(result.stdout == #"[{"user":"alice","today":"\#(utc)","days":1,"latest":"2099-01-01"}]"# + "\n")
      // The batch of today, and the answers of today: Alice's are Bob's.
      result = try Binary.run("rules-server", ["batch", "discipline", "--store", server.store, "--format", "json"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix(#"{"catalog":"discipline","#), "\(result.stdout)")
      #expect(result.stderr == "")
      func progress(_ user: String) throws -> String {
        let answer = try server.call(
          "GET", "/v1/catalogs/discipline/users/\(user)/progress", route: Self.progress)
        #expect(answer.status == 200, "\(answer.body)")
        return answer.body.replacingOccurrences(of: #""alice""#, with: #""bob""#)
      }
      #expect(try progress("alice") == (try progress("bob")))
      let answer = try JSONSerialization.jsonObject(with: Data(try progress("alice").utf8)) as? [String: Any]
      #expect(answer?["date"] as? String == utc.description)
      // A PUT of today continues as well.
      let put = try server.call(
        "PUT", "/v1/catalogs/discipline/users/alice/days/\(utc)", route: Self.dayRoute, body: Self.record)
      #expect(put.status == 200, "\(put.body)")
      // eval and batch of a future date: allowed, with a warning.
      result = try Binary.run(
        "rules-server", ["eval", "discipline", "--store", server.store, "--user", "bob", "--date", "\(utc + 2)"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stderr
          == "warning: --date \(utc + 2) is in the future: the user's today is \(utc) (UTC); nothing is written\n")
      result = try Binary.run(
        "rules-server", ["batch", "discipline", "--store", server.store, "--date", "\(utc + 2)", "--format", "json"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stderr
          == "warning: --date \(utc + 2) is in the future (\(utc + 1) is the latest date that is today somewhere); the states saved are dated \(utc + 2), and the next batch of an earlier date counts those users again from their days\n"
      )
      try server.checkAgainstOpenAPI()
    }
  }
}

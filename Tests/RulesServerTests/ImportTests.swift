import Foundation
import RulesBackend
import RulesStore
import StoreTestSupport
import Testing

/// `rules-server import`: every bad line by its exact message, and nothing imported.
@Suite struct ImportTests {
  func write(_ text: String, _ name: String, in folder: URL) throws -> String {
    let file = folder.appendingPathComponent(name)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  @Test func everyBadJSONLineIsReportedAndNothingIsImported() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let long = String(repeating: "x", count: 257)
      let lines = [
        #"{"user": "a", "date": "2026-01-01", "planned": true}"#,
        #"{"user": "a", "date": "2026-02-30", "planned": true}"#,
        #"{"user": "", "date": "2026-01-02"}"#,
        #"{"user": "a", "date": "2026-01-03", "plannd": true}"#,
        #"{"user": "a", "date": "2026-01-04", "planned": 1}"#,
        "not json",
        #"{"user": "a", "date": "2026-01-05", "planned": ""# + String(repeating: "y", count: 70_000) + #""}"#,
        #"{"user": "a", "date": "2026-01-01", "completed": true}"#,
        #"{"user": "\#(long)", "date": "2026-01-06"}"#,
        #"{"date": "2026-01-07"}"#,
        #"{"user": "a", "date": "2026-01-08", "timezone": "Nowhere/City"}"#,
        #"["a"]"#,
        "",
        #"{"user": "b", "date": "2026-01-09", "start": "2026-01-01", "timezone": "Europe/Berlin", "planned": false}"#,
      ]
      let file = try write(lines.joined(separator: "\n") + "\n", "days.jsonl", in: folder)
      let store = folder.appendingPathComponent("store.sqlite").path
      let result = try Binary.run("rules-server", ["import", "discipline", file, "--store", store])
      #expect(result.status == 1)
      #expect(
        result.stderr == """
          \(file):2: error: 'date': 2026-02-30 is not a day of the calendar
          \(file):3: error: the user id is empty
          \(file):4: error: unknown input 'plannd'; did you mean 'planned'?
          \(file):5: error: planned must be true or false; found the integer 1
          \(file):6: error: not valid JSON: unexpected word (at byte 1)
          \(file):7: error: the line is 70050 bytes long; at most 65536 are allowed
          \(file):8: error: a has a record for 2026-01-01 already (\(file):1); keep one record per day
          \(file):9: error: the user id is 257 bytes long; at most 256 are allowed
          \(file):10: error: the record has no 'user'
          \(file):11: error: 'Nowhere/City' is not a time zone; use an IANA name such as Europe/Berlin or America/New_York
          \(file):12: error: each line must be a JSON object like {"user": "alice", "date": "2026-01-01", ...}
          error: 11 problem(s); nothing was imported

          """)
      #expect(!FileManager.default.fileExists(atPath: store), "nothing was even opened")
    }
  }

  @Test func aMillionBadLinesPrintAHundredAndAFileOverTheLimitIsNotRead() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let lines = (1...5_000).map { #"{"user": "a", "date": "2026-01-01", "plannd": \#($0 % 2 == 0)}"# }
      let file = try write(lines.joined(separator: "\n") + "\n", "bad.jsonl", in: folder)
      let store = folder.appendingPathComponent("store.sqlite").path
      let result = try Binary.run("rules-server", ["import", "discipline", file, "--store", store])
      #expect(result.status == 1)
      let printed = result.stderr.split(separator: "\n")
      #expect(printed.count == 102)
      #expect(printed[0] == "\(file):1: error: unknown input 'plannd'; did you mean 'planned'?")
      #expect(printed[99] == "\(file):100: error: unknown input 'plannd'; did you mean 'planned'?")
      #expect(printed[100] == "error: ... and 4900 more problem(s) not shown")
      #expect(printed[101] == "error: 5000 problem(s); nothing was imported")
      // A file over 1 GiB (sparse: no disk is used) is refused before it is read.
      let huge = folder.appendingPathComponent("huge.jsonl")
      _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
      let handle = try FileHandle(forWritingTo: huge)
      try handle.truncate(atOffset: 1 << 30 + 1)
      try handle.close()
      let refused = try Binary.run("rules-server", ["import", "discipline", huge.path, "--store", store])
      #expect(refused.status == 1)
      #expect(
        refused.stderr == """
          \(huge.path): error: the file is 1073741825 bytes; at most 1073741824 are imported at once (split it)
          error: 1 problem(s); nothing was imported

          """)
      #expect(!FileManager.default.fileExists(atPath: store))
    }
  }

  @Test(arguments: Backend.all)
  func theSameDaysFromYAMLAndFromJSONLinesAreNotChanges(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = try await backend.freshAddress(in: folder)
      // The history file writes every input (defaults included); the line gives only one.
      let yaml = try write(
        "user: alice\ndays:\n  - {date: 2026-01-01, planned: true, completed: true}\n  - {date: 2026-01-02, planned: true}\n",
        "alice.yaml", in: folder)
      let jsonl = try write(
        #"{"user": "alice", "date": "2026-01-01", "planned": true, "completed": true}"# + "\n"
          + #"{"user": "alice", "date": "2026-01-02", "planned": true}"# + "\n", "alice.jsonl", in: folder)
      let first = try Binary.run("rules-server", ["import", "discipline", yaml, "--store", store, "--format", "json"])
      #expect(first.stdout.hasPrefix(#"{"catalog":"discipline","records":2,"users":1,"changed":2,"#), "\(first.stderr)")
      let again = try Binary.run("rules-server", ["import", "discipline", jsonl, "--store", store, "--format", "json"])
      #expect(again.stdout.hasPrefix(#"{"catalog":"discipline","records":2,"users":1,"changed":0,"#), "\(again.stdout)")
      let changed = try write(
        #"{"user": "alice", "date": "2026-01-02", "planned": true, "completed": true}"# + "\n", "changed.jsonl",
        in: folder)
      let third = try Binary.run(
        "rules-server", ["import", "discipline", changed, "--store", store, "--format", "json"])
      #expect(third.stdout.hasPrefix(#"{"catalog":"discipline","records":1,"users":1,"changed":1,"#), "\(third.stdout)")
    }
  }

  @Test func aByteOrderMarkIsNotPartOfTheFirstLine() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = "sqlite:" + folder.appendingPathComponent("store.sqlite").path
      let jsonl = try write(
        "\u{FEFF}" + #"{"user": "a", "date": "2026-01-01", "planned": true, "completed": true}"# + "\n", "bom.jsonl",
        in: folder)
      let csv = try write("\u{FEFF}user,date,planned,completed\nb,2026-01-01,true,true\n", "bom.csv", in: folder)
      let result = try Binary.run(
        "rules-server", ["import", "discipline", jsonl, csv, "--store", store, "--format", "json"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix(#"{"catalog":"discipline","records":2,"users":2,"changed":2,"#))
    }
  }

  @Test func csvWithAHeaderAndItsErrors() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let good = try write(
        "user,date,planned,completed,timezone\nalice,2026-01-01,true,true,Europe/Berlin\n\"bob, jr\",2026-01-01,true,,\n",
        "good.csv", in: folder)
      let store = folder.appendingPathComponent("store.sqlite").path
      var result = try Binary.run("rules-server", ["import", "discipline", good, "--store", store, "--format", "json"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stdout.hasPrefix(#"{"catalog":"discipline","records":2,"users":2,"changed":2,"#), "\(result.stdout)")
      let opened = try await StoreAddress.open(store)
      let users = try await opened.loadUsers(catalog: "discipline", ids: ["alice", "bob, jr"])
      try await opened.close()
      #expect(users.map(\.timeZone) == ["Europe/Berlin", nil])
      #expect(users.map { $0.days.map(\.record) } == [[#"{"planned":true,"completed":true}"#], [#"{"planned":true}"#]])

      let bad = try write(
        "user,date,planned,completed\nalice,2026-01-02,maybe,true\nalice,2026-01-03,true\n\"alice,2026-01-04,true,true\n",
        "bad.csv", in: folder)
      result = try Binary.run("rules-server", ["import", "discipline", bad, "--store", store])
      #expect(result.status == 1)
      #expect(
        result.stderr == """
          \(bad):2: error: planned must be true or false; found a string ('maybe')
          \(bad):3: error: the row has 3 cells; the header has 4
          \(bad):4: error: a quoted cell is not closed (cells cannot span lines)
          error: 3 problem(s); nothing was imported

          """)
      let header = try write("user,day,planned\n", "header.csv", in: folder)
      result = try Binary.run("rules-server", ["import", "discipline", header, "--store", store])
      #expect(
        result.stderr
          == "\(header):1: error: the header row must name the columns user and date (user,date,INPUT...)\nerror: 1 problem(s); nothing was imported\n"
      )
    }
  }

  @Test func aHistoryFileWithAnErrorImportsNothing() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let history = try write(
        "user: zoe\ndays:\n  - {date: 2026-01-01, planned: true}\n  - {date: 2026-01-02, planed: true}\n", "zoe.yaml",
        in: folder)
      let store = folder.appendingPathComponent("store.sqlite").path
      let result = try Binary.run("rules-server", ["import", "discipline", history, "--store", store])
      #expect(result.status == 1)
      #expect(
        result.stderr.hasPrefix("\(history):4:24: error: unknown input 'planed'; did you mean 'planned'?"),
        "\(result.stderr)")
    }
  }
}

import Foundation
import RulesEngine

// The repository, found from this file: the catalogs come as `rules export` JSON from the
// fixtures the app-shaped tests use.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let fixtures = repository.appendingPathComponent("Tests/RulesAppTests/Fixtures")

/// Prints to standard error and exits 1.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("example-app: \(message)\n".utf8))
  exit(1)
}

do {
  // The example of PRODUCT.md, "Apps embed the engine: the Swift API", as an app runs it.
  let jsonData = try Data(contentsOf: fixtures.appendingPathComponent("rizq.catalog.json"))
  let saved: Data? = nil  // a new user: nothing saved yet

  let engine = try Engine(exportedCatalog: jsonData)
  var state: UserState? = try saved.map { try UserState(json: $0, for: engine) }
  let records = [
    try DayRecord(
      date: CalendarDay("2026-05-09"),
      values: ["habits_completed": 1, "habits_total": 3, "duas_completed": 2],
      for: engine)
  ]
  let check = try engine.check(
    user: "fatima", start: nil, on: CalendarDay("2026-05-09"),
    records: records, state: state)
  print("new badges: \(check.evaluation.badges.new)")
  state = check.state
  let toSave = try check.state.json()

  // The next day: the state read back from what was saved, and only the new day's record.
  let next = try engine.check(
    user: "fatima", start: nil, on: CalendarDay("2026-05-10"),
    records: [
      try DayRecord(date: CalendarDay("2026-05-10"), values: ["habits_completed": 3, "habits_total": 3], for: engine)
    ],
    state: UserState(json: toSave, for: engine))
  print("streak on 2026-05-10: \(next.evaluation.streak("streak")?.current ?? 0)")
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted]
  print(String(decoding: try encoder.encode(next.evaluation), as: UTF8.self))
  _ = state
} catch {
  fail("\(error)")
}

// Every shipped example history, as `rules eval --format json` printed it: whole, and day by
// day with the state saved and read back as JSON.
for name in ["discipline", "imanpath", "onward", "rizq", "salahstreak"] {
  do {
    let engine = try Engine(exportedCatalog: Data(contentsOf: fixtures.appendingPathComponent("\(name).catalog.json")))
    let data = try Data(contentsOf: fixtures.appendingPathComponent("\(name).history.json"))
    guard let fixture = try JSONSerialization.jsonObject(with: data) as? NSDictionary,
      let recordList = fixture["records"] as? [NSDictionary], let whole = fixture["whole"] as? NSDictionary,
      let days = fixture["days"] as? [NSDictionary]
    else { fail("\(name).history.json is not a fixture") }
    let user = fixture["user"] as? String
    let start = try (fixture["start"] as? String).map { try CalendarDay($0) }
    let records = try recordList.map { record in
      let values = try JSONDecoder().decode(
        [String: DayRecord.Value].self, from: JSONSerialization.data(withJSONObject: record["values"] ?? [:]))
      return try DayRecord(date: CalendarDay(record["date"] as? String ?? ""), values: values, for: engine)
    }
    func same(_ evaluation: Evaluation, _ expected: Any?, _ what: String) throws {
      let found = try JSONSerialization.jsonObject(with: JSONEncoder().encode(evaluation)) as? NSDictionary
      guard let found, let expected = expected as? NSDictionary, found == expected else {
        fail("\(name), \(what): the evaluation differs from rules eval --format json")
      }
    }
    let last = try CalendarDay(whole["date"] as? String ?? "")
    let all = try engine.check(user: user, start: start, on: last, records: records, state: nil)
    try same(all.evaluation, whole["evaluation"], "the whole history")
    var saved: Data?
    for day in days {
      let date = try CalendarDay(day["date"] as? String ?? "")
      let state = try saved.map { try UserState(json: $0, for: engine) }
      let check = try engine.check(
        user: user, start: start, on: date, records: records.filter { $0.date == date }, state: state)
      try same(check.evaluation, day["evaluation"], "\(date)")
      saved = try check.state.json()
    }
    print("\(name): the whole history and \(days.count) days day by day, as rules eval gives them")
  } catch {
    fail("\(name): \(error)")
  }
}

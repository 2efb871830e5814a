import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// Reads a history file (YAML) with a catalog's inputs: the history, or its errors rendered
/// `FILE:LINE:COLUMN: error: ...`. The store reads no YAML: the server gives the reader.
package typealias HistoryReader = (_ path: String, _ inputs: [Input]) -> (history: History?, errors: [String])

/// Reads day records from JSON Lines, CSV with a header row, or history YAML files, checked
/// against a catalog's inputs. Every problem is reported as `FILE:LINE: error: ...`; with any
/// problem nothing is imported.
package struct Importer {
  /// The longest line accepted.
  package static let maxLine = 64 * 1024
  /// The largest file accepted (read mapped, not copied: memory holds the records, not the file).
  package static let maxFileBytes = 1 << 30
  /// The most problems reported one by one; the rest are counted (`moreErrors`).
  package static let maxErrors = 100

  package let catalog: StoreCatalog
  package private(set) var records: [ImportRecord] = []
  package private(set) var users: [ImportUser] = []
  /// The first `maxErrors` problems, in file and line order.
  package private(set) var errors: [String] = []
  /// Problems found beyond the first `maxErrors`.
  package private(set) var moreErrors = 0
  /// The import's date: a record after it is refused (nil: any date).
  package var date: ImportDate?
  /// The files read, in order (an `Origin` names one by its place here).
  private var files: [String] = []
  /// Where each record was read, beside `records`.
  private var origins: [Origin] = []
  /// Each user with records: their place in `latest`.
  private var recordUsers: [UserID.Key: Int] = [:]
  /// The latest day of each user's records kept so far: a later day cannot be one read already.
  private var latest: [Int] = []
  /// The user of the record kept last and their place in `latest` (a file holds a user's days
  /// together: one look-up a user, not a day).
  private var lastUser: (id: UserID.Key, slot: Int)?
  /// Where each (user, date) was read, to report one recorded twice: made from the records kept
  /// once a user's day comes before their latest (until then every day was a new latest).
  private var seen: [Key: Origin]?

  /// A (user, date): the user by their id's bytes (`UserID.Key`).
  struct Key: Hashable {
    var user: UserID.Key
    var day: Int
  }

  /// A line of a file read: `files[file]`, line `line`.
  struct Origin {
    var file: Int32
    var line: Int32
  }
  private var userIndex: [UserID.Key: Int] = [:]

  /// Reads the history files (YAML); without it such a file is reported, not read.
  private let histories: HistoryReader?

  package init(catalog: StoreCatalog) {
    self.catalog = catalog
    self.histories = nil
  }

  /// An importer that reads history files too, with `histories`.
  package init(catalog: StoreCatalog, histories: @escaping HistoryReader) {
    self.catalog = catalog
    self.histories = histories
  }

  /// Reads one file; its format by its extension (`.jsonl`/`.ndjson`/`.json`, `.csv`,
  /// `.yaml`/`.yml`).
  package mutating func read(file path: String) {
    let before = errors.count
    files.append(path)
    readFile(path)
    if errors.count > Self.maxErrors {
      moreErrors += errors.count - Self.maxErrors
      errors.removeSubrange(Self.maxErrors...)
    }
    // The file's errors in line order (long lines are found before the lines are parsed).
    let mine = errors[before...].enumerated().sorted { a, b in
      let (lineA, lineB) = (Self.line(of: a.element, in: path), Self.line(of: b.element, in: path))
      return lineA != lineB ? lineA < lineB : a.offset < b.offset
    }
    errors.replaceSubrange(before..., with: mine.map(\.element))
  }

  /// Keeps a problem, or only counts it once ten times `maxErrors` are kept (a file of a million
  /// bad lines must not fill the memory with their messages): `read` keeps the first ones.
  private mutating func report(_ error: String) {
    if errors.count < Self.maxErrors * 10 {
      errors.append(error)
    } else {
      moreErrors += 1
    }
  }

  static func line(of error: String, in path: String) -> Int {
    guard error.hasPrefix(path + ":") else { return 0 }
    return Int(error.dropFirst(path.count + 1).prefix { $0.isNumber }) ?? 0
  }

  private mutating func readFile(_ path: String) {
    let lower = path.lowercased()
    if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") {
      readHistory(path)
      return
    }
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > Self.maxFileBytes {
      report(
        "\(path): error: the file is \(size) bytes; at most \(Self.maxFileBytes) are imported at once (split it)")
      return
    }
    guard var data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
      report("\(path): error: cannot read the file")
      return
    }
    // A UTF-8 byte order mark (which some spreadsheet programs write) is not part of the text.
    if data.starts(with: [0xEF, 0xBB, 0xBF]) { data = data.dropFirst(3) }
    if lower.hasSuffix(".csv") {
      readCSV(data, file: path)
    } else if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") || lower.hasSuffix(".json") {
      readJSONLines(data, file: path)
    } else {
      report("\(path): error: unknown format; name the file .jsonl, .csv or .yaml")
    }
  }

  /// The lines of a file (without their line ends), with their numbers; lines over the limit
  /// and text that is not UTF-8 are reported.
  private mutating func lines(_ data: Data, file: String) -> [(Int, Substring)] {
    var result: [(Int, Substring)] = []
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      let bytes = raw.bindMemory(to: UInt8.self)
      var start = 0
      var number = 0
      while start < bytes.count {
        number += 1
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        var stop = end
        if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
        if stop - start > Self.maxLine {
          report(
            "\(file):\(number): error: the line is \(stop - start) bytes long; at most \(Self.maxLine) are allowed")
        } else if let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<stop]), as: UTF8.self) {
          result.append((number, Substring(text)))
        } else {
          report("\(file):\(number): error: the line is not UTF-8 text")
        }
        start = end + 1
      }
    }
    return result
  }

  private mutating func readJSONLines(_ data: Data, file: String) {
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      let bytes = raw.bindMemory(to: UInt8.self)
      let chunks = JSONLinesChunk.read(bytes, catalog: catalog)
      // Lines over the limit and text that is not UTF-8 first, then the lines in order.
      var first = 0
      for chunk in chunks {
        for line in chunk.others {
          switch line.text {
          case .tooLong(let length):
            report(
              "\(file):\(first + line.line): error: the line is \(length) bytes long; at most \(Self.maxLine) are allowed"
            )
          case .notUTF8: report("\(file):\(first + line.line): error: the line is not UTF-8 text")
          case .text: break
          }
        }
        first += chunk.lineCount
      }
      first = 0
      let fileIndex = files.count - 1
      for chunk in chunks {
        var next = 0
        for line in chunk.others {
          while next < chunk.records.count, chunk.recordLines[next] < line.line {
            keep(chunk.records[next], file: fileIndex, line: first + chunk.recordLines[next])
            next += 1
          }
          if case .text(let text) = line.text { readJSONLine(Substring(text), number: first + line.line, file: file) }
        }
        while next < chunk.records.count {
          keep(chunk.records[next], file: fileIndex, line: first + chunk.recordLines[next])
          next += 1
        }
        first += chunk.lineCount
      }
    }
  }

  /// One line the validating way: a JSON tree, its fields, the record checked.
  private mutating func readJSONLine(_ line: Substring, number: Int, file: String) {
    if line.allSatisfy(\.isWhitespace) { return }
    let at = "\(file):\(number)"
    let value: JSONValue
    do {
      value = try JSONReader.parse(line.utf8)
    } catch {
      report("\(at): error: \(error.message)")
      return
    }
    guard case .object(let pairs) = value else {
      report(
        "\(at): error: each line must be a JSON object like {\"user\": \"alice\", \"date\": \"2026-01-01\", ...}")
      return
    }
    var fields: [String: JSONValue] = [:]
    var inputs: [(String, JSONValue)] = []
    for (key, value) in pairs {
      switch key {
      case "user", "date", "start", "timezone", "timezone_changes", "calendar", "day_starts_at", "pauses":
        fields[key] = value
      default: inputs.append((key, value))
      }
    }
    func text(_ key: String) -> String?? {
      guard let value = fields[key] else { return .some(nil) }
      if case .null = value, key != "user", key != "date" { return .some(nil) }
      guard case .string(let text) = value else {
        report("\(at): error: '\(key)' must be a string; found \(value.kindDescription)")
        return nil
      }
      return .some(text)
    }
    guard let user = text("user"), let date = text("date"), let start = text("start"),
      let zone = text("timezone"), let calendar = text("calendar"), let dayStart = text("day_starts_at")
    else { return }
    let changes = fields["timezone_changes"].flatMap { $0 == .null ? nil : $0 }
    add(
      at: at, line: number, user: user, date: date, start: start, timeZone: zone, inputs: inputs,
      timeZoneChanges: changes, calendar: calendar, dayStartsAt: dayStart,
      pauses: fields["pauses"].flatMap { $0 == .null ? nil : $0 })
  }

  private mutating func readCSV(_ data: Data, file: String) {
    var header: [String]?
    var columns: (user: Int, date: Int, start: Int?, zone: Int?) = (0, 0, nil, nil)
    // The user's time zone changes (a cell holds their JSON list), calendar and day start.
    var userColumns: (changes: Int?, calendar: Int?, dayStart: Int?) = (nil, nil, nil)
    for (number, line) in lines(data, file: file) {
      let at = "\(file):\(number)"
      if header == nil && line.isEmpty { continue }
      guard let cells = Self.cells(line) else {
        report("\(at): error: a quoted cell is not closed (cells cannot span lines)")
        if header == nil { return }
        continue
      }
      guard let names = header else {
        guard let user = cells.firstIndex(of: "user"), let date = cells.firstIndex(of: "date") else {
          report("\(at): error: the header row must name the columns user and date (user,date,INPUT...)")
          return
        }
        var bad = false
        var known = Set<String>()
        for name in cells {
          if !known.insert(name).inserted {
            report("\(at): error: the column '\(name)' appears twice")
            bad = true
          } else if !["user", "date", "start", "timezone", "timezone_changes", "calendar", "day_starts_at"].contains(
            name),
            !catalog.schema.has(name)
          {
            report(
              "\(at): error: unknown input '\(name)'"
                + Suggestion.hint(for: name, in: catalog.schema.inputs.map(\.name)))
            bad = true
          }
        }
        if bad { return }
        header = cells
        columns = (user, date, cells.firstIndex(of: "start"), cells.firstIndex(of: "timezone"))
        userColumns = (
          cells.firstIndex(of: "timezone_changes"), cells.firstIndex(of: "calendar"),
          cells.firstIndex(of: "day_starts_at")
        )
        continue
      }
      if line.isEmpty { continue }
      guard cells.count == names.count else {
        report("\(at): error: the row has \(cells.count) cells; the header has \(names.count)")
        continue
      }
      var inputs: [(String, JSONValue)] = []
      for (index, name) in names.enumerated()
      where index != columns.user && index != columns.date && index != columns.start && index != columns.zone
        && index != userColumns.changes && index != userColumns.calendar && index != userColumns.dayStart
      {
        inputs.append((name, catalog.schema.value(csv: cells[index], for: name) ?? .null))
      }
      let start = columns.start.map { cells[$0] }.flatMap { $0.isEmpty ? nil : $0 }
      let zone = columns.zone.map { cells[$0] }.flatMap { $0.isEmpty ? nil : $0 }
      let calendar = userColumns.calendar.map { cells[$0] }.flatMap { $0.isEmpty ? nil : $0 }
      let dayStart = userColumns.dayStart.map { cells[$0] }.flatMap { $0.isEmpty ? nil : $0 }
      var changes: JSONValue?
      if let column = userColumns.changes, !cells[column].isEmpty {
        do {
          changes = try JSONReader.parse(cells[column].utf8)
        } catch {
          report("\(at): error: 'timezone_changes': \(error.message)")
          continue
        }
      }
      add(
        at: at, line: number, user: cells[columns.user], date: cells[columns.date], start: start, timeZone: zone,
        inputs: inputs,
        timeZoneChanges: changes, calendar: calendar, dayStartsAt: dayStart)
    }
    if header == nil { report("\(file):1: error: the file has no header row (user,date,INPUT...)") }
  }

  /// The cells of a CSV line (RFC 4180 quoting within the line); nil when a quote is open.
  static func cells(_ line: Substring) -> [String]? {
    var cells: [String] = []
    var cell = ""
    var quoted = false
    var index = line.startIndex
    var cellStarted = false
    while index < line.endIndex {
      let character = line[index]
      if quoted {
        if character == "\"" {
          let next = line.index(after: index)
          if next < line.endIndex, line[next] == "\"" {
            cell.append("\"")
            index = next
          } else {
            quoted = false
          }
        } else {
          cell.append(character)
        }
      } else if character == "\"" && !cellStarted {
        quoted = true
        cellStarted = true
      } else if character == "," {
        cells.append(cell)
        cell = ""
        cellStarted = false
      } else {
        cell.append(character)
        cellStarted = true
      }
      index = line.index(after: index)
    }
    if quoted { return nil }
    cells.append(cell)
    return cells
  }

  private mutating func readHistory(_ path: String) {
    guard let histories else {
      report("\(path): error: history files (YAML) are not read by this importer")
      return
    }
    let (history, problems) = histories(path, catalog.schema.inputs)
    for problem in problems { report(problem) }
    guard problems.isEmpty, let history else {
      if problems.isEmpty { report("\(path): error: the history cannot be read") }
      return
    }
    guard let user = history.user else {
      report("\(path):1: error: the history names no user; add 'user: ID'")
      return
    }
    if let problem = UserID.problem(user) {
      report("\(path):1: error: \(problem)")
      return
    }
    if let problem = PauseList.problem(count: history.pauses.count) {
      report("\(path):1: error: 'pauses': \(problem)")
      return
    }
    let inputs = catalog.schema.inputs
    noteUser(
      ImportUser(
        user: user, start: history.start, timeZone: history.timeZone?.identifier,
        timeZoneChanges: history.timeZoneChanges, calendar: history.calendar.name, dayStartsAt: history.dayStartsAt,
        pauses: history.pauses))
    for record in history.records {
      var pairs: [(String, JSONValue)] = []
      // A catalog whose streaks read which inputs a day names keeps those alone.
      let named = catalog.schema.tracksReported ? record.reported : nil
      for (index, input) in inputs.enumerated() where named?.contains(index) ?? true {
        pairs.append((input.name, JSONValue(input.decode(record.values[index]))))
      }
      guard case .success(let valid) = catalog.schema.record(pairs) else { continue }
      keep(
        ImportRecord(user: user, date: record.date, record: valid.text, encoded: catalog.encoded(valid)),
        file: files.count - 1, line: record.line)
    }
  }

  /// Checks one line's fields and values, and keeps the record (or reports every problem).
  private mutating func add(
    at: String, line: Int, user: String?, date: String?, start: String?, timeZone: String?,
    inputs: [(String, JSONValue)],
    timeZoneChanges: JSONValue? = nil, calendar: String? = nil, dayStartsAt: String? = nil, pauses: JSONValue? = nil
  ) {
    var ok = true
    var validUser: String?
    if let user {
      if let problem = UserID.problem(user) {
        report("\(at): error: \(problem)")
        ok = false
      } else {
        validUser = user
      }
    } else {
      report("\(at): error: the record has no 'user'")
      ok = false
    }
    var day: CalendarDay?
    if let date, let fast = CalendarDay.parsed(date) {
      day = fast
    } else if let date {
      if let problem = CalendarDay.problem(with: date) {
        report("\(at): error: 'date': \(problem)")
        ok = false
      } else {
        day = CalendarDay.parsed(date)
      }
    } else {
      report("\(at): error: the record has no 'date'")
      ok = false
    }
    var startDay: CalendarDay?
    if let start {
      if let problem = CalendarDay.problem(with: start) {
        report("\(at): error: 'start': \(problem)")
        ok = false
      } else {
        startDay = CalendarDay.parsed(start)
      }
    }
    if let timeZone, TimeZone(identifier: timeZone) == nil {
      report(
        "\(at): error: '\(timeZone)' is not a time zone; use an IANA name such as Europe/Berlin or America/New_York")
      ok = false
    }
    var changes: [TimeZoneChange]?
    if let timeZoneChanges {
      switch ZoneHistory.read(timeZoneChanges) {
      case .success(let read): changes = read
      case .failure(let problem):
        report("\(at): error: \(problem.message)")
        ok = false
      }
    }
    if let calendar, (try? UserCalendar(named: calendar)) == nil {
      report("\(at): error: 'calendar': \(UserCalendar.unknownMessage(calendar))")
      ok = false
    }
    var dayStart: DayStart?
    if let dayStartsAt {
      dayStart = DayStart(dayStartsAt)
      if dayStart == nil {
        report("\(at): error: \(DayStart.problem("day_starts_at", found: dayStartsAt))")
        ok = false
      }
    }
    var pauseList: [Pause]?
    if let pauses {
      switch Self.pauses(pauses) {
      case .success(let read): pauseList = read
      case .failure(let problem):
        report("\(at): error: 'pauses': \(problem.message)")
        ok = false
      }
    }
    var valid: ValidRecord?
    switch catalog.schema.record(inputs) {
    case .success(let record): valid = record
    case .failure(let problems):
      for problem in problems.problems { report("\(at): error: \(problem.message)") }
      ok = false
    }
    guard ok, let validUser, let day, let valid else { return }
    if startDay != nil || timeZone != nil || changes != nil || calendar != nil || dayStart != nil || pauseList != nil {
      noteUser(
        ImportUser(
          user: validUser, start: startDay, timeZone: timeZone, timeZoneChanges: changes, calendar: calendar,
          dayStartsAt: dayStart, pauses: pauseList))
    }
    keep(
      ImportRecord(user: validUser, date: day, record: valid.text, encoded: catalog.encoded(valid)),
      file: files.count - 1, line: line)
  }

  private mutating func noteUser(_ user: ImportUser) {
    if let index = userIndex[UserID.Key(user.user)] {
      if let start = user.start { users[index].start = start }
      if let zone = user.timeZone { users[index].timeZone = zone }
      if let changes = user.timeZoneChanges { users[index].timeZoneChanges = changes }
      if let calendar = user.calendar { users[index].calendar = calendar }
      if let dayStart = user.dayStartsAt { users[index].dayStartsAt = dayStart }
      if let pauses = user.pauses { users[index].pauses = pauses }
    } else {
      userIndex[UserID.Key(user.user)] = users.count
      users.append(user)
    }
  }

  /// Keeps a record read at line `line` of `files[file]`, or reports it: dated after the
  /// import's date, or a (user, date) read already.
  private mutating func keep(_ record: ImportRecord, file: Int, line: Int) {
    if let problem = self.date?.problem(record.date) {
      report("\(files[file]):\(line): error: \(problem)")
      return
    }
    let user = UserID.Key(record.user)
    let slot: Int
    if let last = lastUser, last.id == user {
      slot = last.slot
    } else if let known = recordUsers[user] {
      slot = known
    } else {
      slot = latest.count
      recordUsers[user] = slot
      latest.append(Int.min)
    }
    lastUser = (user, slot)
    let origin = Origin(file: Int32(truncatingIfNeeded: file), line: Int32(truncatingIfNeeded: line))
    if seen == nil, record.date.number <= latest[slot] {
      var all: [Key: Origin] = [:]
      for (index, kept) in records.enumerated() {
        all[Key(user: UserID.Key(kept.user), day: kept.date.number)] = origins[index]
      }
      seen = all
    }
    if seen != nil {
      let key = Key(user: user, day: record.date.number)
      if let first = seen?[key] {
        report(
          "\(files[file]):\(line): error: \(record.user) has a record for \(record.date) already "
            + "(\(files[Int(first.file)]):\(first.line)); keep one record per day")
        return
      }
      seen?[key] = origin
    }
    latest[slot] = max(latest[slot], record.date.number)
    records.append(record)
    origins.append(origin)
  }

  /// What is wrong with an import line's `pauses`.
  struct PausesProblem: Error {
    var message: String
  }

  /// An import line's `pauses`: a list of `{"from": DATE, "to": DATE}`, none overlapping, none
  /// ending before it starts; in date order.
  static func pauses(_ value: JSONValue) -> Result<[Pause], PausesProblem> {
    let pause = #"{"from": "YYYY-MM-DD", "to": "YYYY-MM-DD"}"#
    guard case .array(let items) = value else {
      return .failure(PausesProblem(message: "must be a list of \(pause); found \(value.kindDescription)"))
    }
    var pauses: [Pause] = []
    for (index, item) in items.enumerated() {
      guard case .object(let pairs) = item, pairs.count == 2,
        case .string(let from)? = pairs.first(where: { $0.0 == "from" })?.1,
        case .string(let to)? = pairs.first(where: { $0.0 == "to" })?.1
      else { return .failure(PausesProblem(message: "pause \(index + 1) must be \(pause)")) }
      for text in [from, to] where CalendarDay.problem(with: text) != nil {
        return .failure(PausesProblem(message: "pause \(index + 1): \(CalendarDay.problem(with: text)!)"))
      }
      pauses.append(Pause(from: CalendarDay.parsed(from)!, to: CalendarDay.parsed(to)!))
    }
    if let problem = PauseList.problem(count: pauses.count) { return .failure(PausesProblem(message: problem)) }
    if let problem = Pause.problem(pauses, at: { "pause \($0 + 1)" }) {
      return .failure(PausesProblem(message: problem))
    }
    return .success(pauses.sorted())
  }
}

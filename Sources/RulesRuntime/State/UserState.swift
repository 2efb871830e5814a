import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// What the engine keeps of one user between checks: unlocked badges with their dates, the
/// streaks, the history sums and windows (`CountedState`, saved by name, so a catalog that
/// gains a badge or a streak still reads it), digests of the last 90 counted records (to
/// notice a record that changed), the records of the days not counted yet (the day in
/// progress), and unlocks of badges the catalog no longer has (kept, never dropped). Its size
/// does not grow with the history. Save `json()`; read it back with `init(json:for:)`. The
/// JSON is the state file of `rules eval --state` (docs/evaluation.md).
public struct UserState: Sendable {
  /// The `format` of the JSON.
  public static let formatName = "rules-state"
  /// The `format_version` of the JSON this version writes (and the newest it reads).
  public static let formatVersion = 1
  /// Counted records whose digests are kept, to notice a past record that changed.
  public static let digestDays = 90

  /// The compiled catalog the state is keyed to.
  package let program: Program
  /// The catalog version the state was written with (the engine's once checked).
  var catalogVersion: Int
  /// The user the state belongs to, when known.
  public internal(set) var user: String?
  /// The date of the last check.
  public internal(set) var date: CalendarDay?
  /// What is counted through `counted.countedThrough`.
  var counted: CountedState
  /// Digests of the last counted records, by day number.
  var digests: [Int: String] = [:]
  /// Unlocks of badges the catalog does not have (any more), kept as they were.
  var otherUnlocks: [(id: String, date: CalendarDay)] = []
  /// The records of the days after `counted.countedThrough` (the day in progress, and any
  /// later day already recorded), in date order: the next check counts them.
  package var pending: [EncodedRecord] = []
  /// The milestone streak as the last check reported it (`milestones.new` of the next check
  /// holds the milestones passed since); nil before the first check.
  var milestoneMark: MilestoneMark?
  /// What reading the state noticed (another catalog version...): the next check reports it.
  var warnings: [EngineWarning] = []

  /// A new user's state.
  package init(program: Program, user: String?) {
    self.program = program
    self.catalogVersion = program.catalog.catalog.version
    self.user = user
    self.counted = CountedState(for: program.catalog)
  }

  /// The last day counted into the streaks and sums (the day before the last check).
  public var countedThrough: CalendarDay? { counted.countedThrough.map(CalendarDay.init(number:)) }

  /// Every unlocked badge with its date, in the order they unlocked (badges the catalog no
  /// longer has included); a repeating badge once for each earning, with its period.
  public var unlocks: [Evaluation.Unlock] {
    var unlocks: [Evaluation.Unlock] = []
    for (index, day) in counted.unlocked.enumerated() {
      let id = program.catalog.badges[index].badge.id
      if let kind = program.badgeRepeats[index] {
        for earned in counted.earnings[index] {
          unlocks.append(
            Evaluation.Unlock(
              id: id, date: CalendarDay(number: earned), repeats: kind.rawValue,
              period: program.periodID(kind, ofDay: earned)))
        }
      } else if let day {
        unlocks.append(Evaluation.Unlock(id: id, date: CalendarDay(number: day)))
      }
    }
    unlocks += otherUnlocks.map { Evaluation.Unlock(id: $0.id, date: $0.date) }
    return unlocks.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
  }

  // MARK: - JSON

  /// The state as JSON (UTF-8, keys in a fixed order, one unlock per line, ending with a
  /// newline): what to save.
  public func json() throws(EngineError) -> Data {
    Data((jsonValue.serialized() + "\n").utf8)
  }

  /// The state as a JSON value, keys in a fixed order.
  var jsonValue: JSONValue {
    let catalog = program.catalog
    var unlocks: [(CalendarDay, String)] = []
    var periods: [Int: String] = [:]
    for (index, day) in counted.unlocked.enumerated() {
      if let kind = program.badgeRepeats[index] {
        // Each earning of a repeating badge, with its period.
        for earned in counted.earnings[index] {
          unlocks.append((CalendarDay(number: earned), catalog.badges[index].badge.id))
          periods[unlocks.count - 1] = program.periodID(kind, ofDay: earned)
        }
      } else if let day {
        unlocks.append((CalendarDay(number: day), catalog.badges[index].badge.id))
      }
    }
    let withPeriods = unlocks.indices.map { (unlocks[$0], periods[$0]) }
    let others: [((CalendarDay, String), String?)] = otherUnlocks.map { (($0.date, $0.id), nil) }
    let sorted = (withPeriods + others).sorted { ($0.0.0, $0.0.1) < ($1.0.0, $1.0.1) }
    var streaks: [(String, JSONValue)] = []
    for index in catalog.streaks.indices {
      let streak = counted.streaks[index]
      var fields: [(String, JSONValue)] = [
        ("current", .int(streak.current)), ("best", .int(streak.best)),
        ("freezes", .int(streak.freezes)), ("progress", .int(streak.progress)),
        ("day0", streak.anchor.map { .string(CalendarDay(number: $0).description) } ?? .null),
        ("last_protected", streak.lastProtected.map { .string(CalendarDay(number: $0).description) } ?? .null),
      ]
      if catalog.streaks[index].streak.periodic != nil {
        // A periodic streak's current period: its first day, the days counted, whether it met its goal.
        let tally = PeriodTally(counted.streaks[PeriodTally.slot(of: index, in: catalog)])
        fields += [
          ("period_start", tally.start.map { .string(CalendarDay(number: $0).description) } ?? .null),
          ("period_count", .int(tally.count)), ("period_met", .bool(tally.met)),
        ]
      }
      streaks.append((catalog.streaks[index].streak.name, .object(fields)))
    }
    var sums: [(String, JSONValue)] = []
    var windows: [(String, JSONValue)] = []
    for (index, aggregate) in catalog.aggregates.enumerated() {
      let key = program.aggregateKeys[index]
      let isNumber = aggregate.type == .number
      if let window = counted.windows[index] {
        // Oldest first, so the file reads in date order.
        let order = (0..<window.days).map { (window.head + $0) % window.days }
        let values: [JSONValue] =
          isNumber ? order.map { .number(window.nums[$0]) } : order.map { .int(window.ints[$0]) }
        windows.append((key, .array(values)))
      } else {
        sums.append((key, isNumber ? .number(counted.numSums[index]) : .int(counted.intSums[index])))
      }
    }
    let day: (Int?) -> JSONValue = { $0.map { .string(CalendarDay(number: $0).description) } ?? .null }
    return .object([
      ("format", .string(Self.formatName)),
      ("format_version", .int(Self.formatVersion)),
      ("catalog", .string(catalog.catalog.id)),
      ("catalog_version", .int(catalogVersion)),
      ("user", user.map(JSONValue.string) ?? .null),
      ("date", date.map { .string($0.description) } ?? .null),
      ("counted_through", day(counted.countedThrough)),
      ("last_check", day(counted.lastCheck)),
      ("origin", day(counted.origin)),
      (
        "milestone_check",
        milestoneMark.map { mark -> JSONValue in
          .object([("current", .int(mark.current)), ("start", day(mark.start))])
        } ?? .null
      ),
      (
        "unlocks",
        .array(
          sorted.map { unlock, period in
            .object(
              [("id", .string(unlock.1)), ("date", .string(unlock.0.description))]
                + (period.map { [("period", JSONValue.string($0))] } ?? []))
          })
      ),
      ("streaks", .object(streaks)),
      ("sums", .object(sums)),
      ("windows", .object(windows)),
      (
        "records",
        .object(digests.keys.sorted().map { (CalendarDay(number: $0).description, .string(digests[$0]!)) })
      ),
      (
        "pending",
        .object(
          pending.map { record in
            // A catalog whose streaks read which inputs a record names (`final_once_reported`)
            // keeps those alone; any other, every input's value.
            let named = program.tracksReported ? record.reported : nil
            return (
              record.date.description,
              .object(
                zip(catalog.inputs, record.values).enumerated().compactMap { index, pair in
                  if let named, !named.contains(index) { return nil }
                  return (pair.0.name, pair.0.decode(pair.1).json)
                })
            )
          })
      ),
    ])
  }

  /// The `pending` records as literals (read with `JSONDecoder`, which tells booleans from
  /// numbers and integers from fractions).
  private struct PendingRecords: Decodable {
    var pending: [String: [String: DayRecord.Value]]?
  }

  /// The warning for a number sum an older version wrote as null (it had overflowed).
  static func nullWarning(_ key: String) -> EngineWarning {
    EngineWarning(
      .overflowedSum,
      "\(key) is null in the state (an overflow written by an older rules); it is read as the largest number")
  }

  /// How an aggregate is named in the file: its kind and what it sums.
  static func key(_ aggregate: Aggregate) -> String {
    switch aggregate.kind {
    case .total: "total(\(aggregate.argument.canonical))"
    case .last(let days): "last(\(days), \(aggregate.argument.canonical))"
    case .period(let period): "\(period.rawValue)(\(aggregate.argument.canonical))"
    }
  }

  package static func decode(_ data: Data, for program: Program) throws(EngineError) -> UserState {
    let catalog = program.catalog
    func fail(_ message: String) -> EngineError {
      EngineError(.badState, "the state is not usable: \(message)")
    }
    let object: [String: Any]
    do {
      let value = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
      guard let parsed = value as? [String: Any] else {
        let found =
          switch value {
          case is NSNull: "null"
          case is [Any]: "a list"
          case is String: "a string"
          default: "a number"
          }
        throw fail("it holds \(found), not a JSON object")
      }
      object = parsed
    } catch let error as EngineError {
      throw error
    } catch {
      throw fail("it is not valid JSON (is it truncated or corrupt?)")
    }
    guard object["format"] as? String == formatName else {
      throw fail("it is not a rules state file (no \"format\": \"\(formatName)\")")
    }
    guard let formatVersion = object["format_version"] as? Int else {
      throw fail("it has no \"format_version\" (a whole number)")
    }
    guard formatVersion <= Self.formatVersion else {
      throw fail("it was written by a newer version of rules (format_version \(formatVersion))")
    }
    guard let catalogID = object["catalog"] as? String else { throw fail("it names no catalog") }
    guard catalogID == catalog.catalog.id else {
      throw EngineError(.badState, "this state belongs to the catalog '\(catalogID)', not '\(catalog.catalog.id)'")
    }
    let savedUser = object["user"] as? String
    var warnings: [EngineWarning] = []
    let version = object["catalog_version"] as? Int ?? 1
    if version != catalog.catalog.version {
      warnings.append(
        EngineWarning(
          .catalogVersionChanged,
          "the state was written with version \(version) of the catalog '\(catalogID)'; this is version \(catalog.catalog.version)"
        ))
    }
    func day(_ key: String, in dictionary: [String: Any] = object) throws(EngineError) -> Int? {
      guard let value = dictionary[key], !(value is NSNull) else { return nil }
      guard let text = value as? String, let day = try? CalendarDay(text) else {
        throw fail("'\(key)' is not a date")
      }
      return day.number
    }

    var state = UserState(program: program, user: savedUser)
    state.counted.countedThrough = try day("counted_through")
    state.counted.lastCheck = try day("last_check")
    state.counted.origin = try day("origin")
    state.date = try day("date").map(CalendarDay.init(number:))
    // The days before the state's date are counted, never that date or later: a hand-edited
    // 'counted_through' would skip days and give wrong totals.
    if let counted = state.counted.countedThrough, let date = state.date, counted >= date.number {
      throw fail(
        "'counted_through' (\(CalendarDay(number: counted))) is not before its 'date' (\(date)); "
          + "the days up to the day before 'date' are counted")
    }

    if let mark = object["milestone_check"], !(mark is NSNull) {
      guard let fields = mark as? [String: Any], let current = fields["current"] as? Int else {
        throw fail("'milestone_check' is malformed")
      }
      state.milestoneMark = MilestoneMark(current: current, start: try day("start", in: fields))
    }
    guard let unlocks = object["unlocks"] as? [[String: Any]] else { throw fail("'unlocks' is missing") }
    for unlock in unlocks {
      guard let id = unlock["id"] as? String, let date = try day("date", in: unlock) else {
        throw fail("an unlock has no id or date")
      }
      if let index = program.badgePositions[id] {
        if program.badgeRepeats[index] != nil {
          state.counted.earnings[index].append(date)
          continue
        }
        let earlier = state.counted.unlocked[index].map { min($0, date) } ?? date
        state.counted.unlocked[index] = earlier
      } else {
        state.otherUnlocks.append((id, CalendarDay(number: date)))
      }
    }
    state.counted.settleEarnings(program, on: state.date?.number)

    let streaks = object["streaks"] as? [String: Any] ?? [:]
    for (index, streak) in catalog.streaks.enumerated() {
      guard let saved = streaks[streak.streak.name] else {
        if state.counted.countedThrough != nil {
          warnings.append(
            EngineWarning(
              .newSinceState,
              "the streak '\(streak.streak.name)' is new since the state was written; it counts from today"))
        }
        continue
      }
      guard let fields = saved as? [String: Any], let current = fields["current"] as? Int,
        let best = fields["best"] as? Int, let freezes = fields["freezes"] as? Int,
        current >= 0, best >= 0, freezes >= 0
      else { throw fail("the streak '\(streak.streak.name)' is malformed") }
      state.counted.streaks[index] = StreakState(
        current: current, best: best, freezes: freezes, progress: fields["progress"] as? Int ?? 0,
        anchor: try day("day0", in: fields), lastProtected: try day("last_protected", in: fields))
      if streak.streak.periodic != nil {
        let count = fields["period_count"] as? Int ?? 0
        guard count >= 0 else { throw fail("the streak '\(streak.streak.name)' is malformed") }
        state.counted.streaks[PeriodTally.slot(of: index, in: catalog)] =
          PeriodTally(
            start: try day("period_start", in: fields), count: count, met: fields["period_met"] as? Bool ?? false
          ).slot
      }
    }

    let sums = object["sums"] as? [String: Any] ?? [:]
    let windows = object["windows"] as? [String: Any] ?? [:]
    for (index, aggregate) in catalog.aggregates.enumerated() {
      let key = program.aggregateKeys[index]
      let isNumber = aggregate.type == .number
      if var window = state.counted.windows[index] {
        guard let values = windows[key] as? [Any] else {
          if state.counted.countedThrough != nil {
            warnings.append(
              EngineWarning(.newSinceState, "\(key) is new since the state was written; it counts from today"))
          }
          continue
        }
        guard values.count == window.days else { throw fail("the window \(key) has the wrong length") }
        for (position, value) in values.enumerated() {
          if isNumber, value is NSNull {
            // An older rules wrote an overflowed (infinite) number as null.
            warnings.append(Self.nullWarning(key))
            window.nums[position] = .greatestFiniteMagnitude
            window.numSum = .greatestFiniteMagnitude
            continue
          }
          guard let number = value as? NSNumber else { throw fail("the window \(key) holds a non-number") }
          if isNumber {
            window.nums[position] = Arithmetic.finite(number.doubleValue)
            window.numSum = Arithmetic.add(window.numSum, window.nums[position])
          } else {
            window.ints[position] = number.intValue
            window.intSum = Arithmetic.add(window.intSum, number.intValue)
          }
        }
        window.head = 0
        state.counted.windows[index] = window
      } else {
        guard let value = sums[key] else {
          if state.counted.countedThrough != nil {
            warnings.append(
              EngineWarning(.newSinceState, "\(key) is new since the state was written; it counts from today"))
          }
          continue
        }
        if isNumber, value is NSNull {
          warnings.append(Self.nullWarning(key))
          state.counted.numSums[index] = .greatestFiniteMagnitude
          continue
        }
        guard let number = value as? NSNumber else { throw fail("the sum \(key) is not a number") }
        if isNumber {
          state.counted.numSums[index] = Arithmetic.finite(number.doubleValue)
        } else {
          state.counted.intSums[index] = number.intValue
        }
      }
    }

    for (text, digest) in object["records"] as? [String: Any] ?? [:] {
      guard let digest = digest as? String else { throw fail("'records' is malformed") }
      guard let day = try? CalendarDay(text) else {
        // A day before 1900 was written by versions that let the window of a user's first
        // days reach back past the years the engine handles: no record can be there.
        let first = CalendarDay.years.lowerBound
        if text.hasPrefix("\(first - 1)-"), (try? CalendarDay("\(first)" + text.dropFirst(4))) != nil { continue }
        throw fail("'records' is malformed")
      }
      state.digests[day.number] = digest
    }

    let pending: [String: [String: DayRecord.Value]]
    do {
      pending = try JSONDecoder().decode(PendingRecords.self, from: data).pending ?? [:]
    } catch {
      throw fail("'pending' is malformed")
    }
    for text in pending.keys.sorted() {
      guard let day = try? CalendarDay(text), let fields = pending[text] else {
        throw fail("'pending' is malformed")
      }
      var values = catalog.inputs.map { $0.encode($0.defaultValue) }
      // For a catalog that reads them, the inputs the record names are those it holds.
      var named: [Int]? = program.tracksReported ? [] : nil
      for (index, input) in catalog.inputs.enumerated() {
        // Inputs the catalog no longer has are left out; new ones take their defaults.
        guard let field = fields[input.name] else { continue }
        do {
          let value = try input.value(of: field, found: field.kindDescription)
          values[index] = input.encode(value)
          named?.append(index)
        } catch {
          throw fail("the pending record of \(text) is malformed (\(error.message))")
        }
      }
      state.pending.append(EncodedRecord(date: day, values: values, reported: named))
    }
    state.warnings = warnings
    return state
  }
}

import Foundation
import RulesSource

/// Why a state file cannot be used. The file is never changed when this happens.
public struct StateError: Error, Sendable, CustomStringConvertible {
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): error: \(message)" }
}

/// A user's state as the state file keeps it: the catalog and user it belongs to, the date
/// evaluated up to, the engine state keyed by names (so a catalog that gains a badge or a
/// streak still reads it), digests of the last counted records, the records of the days not
/// counted yet (the day in progress), and unlocks of badges the catalog no longer has (kept,
/// never dropped).
public struct SavedState: Sendable {
  public static let formatName = "rules-state"
  public static let formatVersion = 1
  /// Counted records whose digests are kept, to notice a past record that changed.
  public static let digestDays = 90

  public var catalog: String
  public var version: Int
  public var user: String?
  /// The date of the last evaluation.
  public var date: CalendarDay?
  public var engine: EngineState
  /// Digests of the last counted records, by day number.
  public var digests: [Int: String] = [:]
  /// Unlocks of badges the catalog does not have (any more), kept as they were.
  public var otherUnlocks: [(id: String, date: CalendarDay)] = []
  /// The records of the days after `engine.countedThrough` (the day in progress, and any later
  /// day already recorded), in date order: the next check counts them.
  public var pending: [EncodedRecord] = []

  public init(catalog: CheckedCatalog, user: String?, engine: EngineState) {
    self.catalog = catalog.catalog.id
    self.version = catalog.catalog.version
    self.user = user
    self.engine = engine
  }

  // MARK: - JSON

  /// The state as JSON, keys in a fixed order, one unlock per line for easy reading.
  public func json(for catalog: CheckedCatalog) -> JSONValue {
    var unlocks: [(CalendarDay, String)] = []
    for (index, day) in engine.unlocked.enumerated() {
      if let day { unlocks.append((CalendarDay(number: day), catalog.badges[index].badge.id)) }
    }
    unlocks += otherUnlocks.map { ($0.date, $0.id) }
    unlocks.sort { ($0.0, $0.1) < ($1.0, $1.1) }
    var streaks: [(String, JSONValue)] = []
    for (index, streak) in engine.streaks.enumerated() {
      streaks.append(
        (
          catalog.streaks[index].streak.name,
          .object([
            ("current", .int(streak.current)), ("best", .int(streak.best)),
            ("freezes", .int(streak.freezes)), ("progress", .int(streak.progress)),
            ("day0", streak.anchor.map { .string(CalendarDay(number: $0).description) } ?? .null),
          ])
        ))
    }
    var sums: [(String, JSONValue)] = []
    var windows: [(String, JSONValue)] = []
    for (index, aggregate) in catalog.aggregates.enumerated() {
      let key = Self.key(aggregate)
      let isNumber = aggregate.type == .number
      if let window = engine.windows[index] {
        // Oldest first, so the file reads in date order.
        let order = (0..<window.days).map { (window.head + $0) % window.days }
        let values: [JSONValue] =
          isNumber ? order.map { .number(window.nums[$0]) } : order.map { .int(window.ints[$0]) }
        windows.append((key, .array(values)))
      } else {
        sums.append((key, isNumber ? .number(engine.numSums[index]) : .int(engine.intSums[index])))
      }
    }
    let day: (Int?) -> JSONValue = { $0.map { .string(CalendarDay(number: $0).description) } ?? .null }
    return .object([
      ("format", .string(Self.formatName)),
      ("format_version", .int(Self.formatVersion)),
      ("catalog", .string(self.catalog)),
      ("catalog_version", .int(version)),
      ("user", user.map(JSONValue.string) ?? .null),
      ("date", date.map { .string($0.description) } ?? .null),
      ("counted_through", day(engine.countedThrough)),
      ("last_check", day(engine.lastCheck)),
      ("origin", day(engine.origin)),
      ("unlocks", .array(unlocks.map { .object([("id", .string($0.1)), ("date", .string($0.0.description))]) })),
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
            (
              record.date.description,
              .object(zip(catalog.inputs, record.values).map { input, raw in (input.name, input.decode(raw).json) })
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

  /// How an aggregate is named in the file: its kind and what it sums.
  static func key(_ aggregate: Aggregate) -> String {
    switch aggregate.kind {
    case .total: "total(\(aggregate.argument.canonical))"
    case .last(let days): "last(\(days), \(aggregate.argument.canonical))"
    }
  }

  /// Reads a state file's bytes for `catalog`. Anything unexpected is an error that names the
  /// problem; parts the catalog has that the file lacks start fresh (with a warning).
  public static func decode(
    _ data: Data, path: String, for catalog: CheckedCatalog, user: String?
  ) throws(StateError) -> (SavedState, warnings: [EngineWarning]) {
    func fail(_ message: String) -> StateError {
      StateError(path: path, message: "the state file is not usable: \(message); it was left as it is")
    }
    let object: [String: Any]
    do {
      guard let parsed = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw fail("it is not a JSON object")
      }
      object = parsed
    } catch let error as StateError {
      throw error
    } catch {
      throw fail("it is not valid JSON (is it truncated or corrupt?)")
    }
    guard object["format"] as? String == formatName else {
      throw fail("it is not a rules state file (no \"format\": \"\(formatName)\")")
    }
    guard let formatVersion = object["format_version"] as? Int, formatVersion <= Self.formatVersion else {
      throw fail("it was written by a newer version of rules")
    }
    guard let catalogID = object["catalog"] as? String else { throw fail("it names no catalog") }
    guard catalogID == catalog.catalog.id else {
      throw StateError(
        path: path,
        message: "this state belongs to the catalog '\(catalogID)', not '\(catalog.catalog.id)'; it was left as it is")
    }
    let savedUser = object["user"] as? String
    if let savedUser, let user, savedUser != user {
      throw StateError(
        path: path,
        message: "this state belongs to the user '\(savedUser)', not '\(user)'; it was left as it is")
    }
    var warnings: [EngineWarning] = []
    let version = object["catalog_version"] as? Int ?? 1
    if version != catalog.catalog.version {
      warnings.append(
        EngineWarning(
          .catalogVersionChanged,
          "the state was written with version \(version) of the catalog '\(catalogID)'; this is version \(catalog.catalog.version)"
        ))
    }
    func day(_ key: String, in dictionary: [String: Any] = object) throws(StateError) -> Int? {
      guard let value = dictionary[key], !(value is NSNull) else { return nil }
      guard let text = value as? String, let day = try? CalendarDay(text) else {
        throw fail("'\(key)' is not a date")
      }
      return day.number
    }

    var engine = EngineState(for: catalog)
    engine.countedThrough = try day("counted_through")
    engine.lastCheck = try day("last_check")
    engine.origin = try day("origin")
    var state = SavedState(catalog: catalog, user: savedUser ?? user, engine: engine)
    state.version = catalog.catalog.version
    state.date = try day("date").map(CalendarDay.init(number:))

    guard let unlocks = object["unlocks"] as? [[String: Any]] else { throw fail("'unlocks' is missing") }
    for unlock in unlocks {
      guard let id = unlock["id"] as? String, let date = try day("date", in: unlock) else {
        throw fail("an unlock has no id or date")
      }
      if let index = catalog.badges.firstIndex(where: { $0.badge.id == id }) {
        let earlier = state.engine.unlocked[index].map { min($0, date) } ?? date
        state.engine.unlocked[index] = earlier
      } else {
        state.otherUnlocks.append((id, CalendarDay(number: date)))
      }
    }
    state.engine.badgeCount = state.engine.unlocked.count { $0 != nil }
    state.engine.badgeXP = state.engine.unlocked.indices.reduce(0) {
      $0 + (state.engine.unlocked[$1] == nil ? 0 : catalog.badges[$1].badge.xp)
    }

    let streaks = object["streaks"] as? [String: Any] ?? [:]
    for (index, streak) in catalog.streaks.enumerated() {
      guard let saved = streaks[streak.streak.name] else {
        if state.engine.countedThrough != nil {
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
      state.engine.streaks[index] = StreakState(
        current: current, best: best, freezes: freezes, progress: fields["progress"] as? Int ?? 0,
        anchor: try day("day0", in: fields))
    }

    let sums = object["sums"] as? [String: Any] ?? [:]
    let windows = object["windows"] as? [String: Any] ?? [:]
    for (index, aggregate) in catalog.aggregates.enumerated() {
      let key = Self.key(aggregate)
      let isNumber = aggregate.type == .number
      if var window = state.engine.windows[index] {
        guard let values = windows[key] as? [Any] else {
          if state.engine.countedThrough != nil {
            warnings.append(
              EngineWarning(.newSinceState, "\(key) is new since the state was written; it counts from today"))
          }
          continue
        }
        guard values.count == window.days else { throw fail("the window \(key) has the wrong length") }
        for (position, value) in values.enumerated() {
          guard let number = value as? NSNumber else { throw fail("the window \(key) holds a non-number") }
          if isNumber {
            window.nums[position] = number.doubleValue
            window.numSum += number.doubleValue
          } else {
            window.ints[position] = number.intValue
            window.intSum = Arithmetic.add(window.intSum, number.intValue)
          }
        }
        window.head = 0
        state.engine.windows[index] = window
      } else {
        guard let value = sums[key] else {
          if state.engine.countedThrough != nil {
            warnings.append(
              EngineWarning(.newSinceState, "\(key) is new since the state was written; it counts from today"))
          }
          continue
        }
        guard let number = value as? NSNumber else { throw fail("the sum \(key) is not a number") }
        if isNumber {
          state.engine.numSums[index] = number.doubleValue
        } else {
          state.engine.intSums[index] = number.intValue
        }
      }
    }

    for (text, digest) in object["records"] as? [String: Any] ?? [:] {
      guard let day = try? CalendarDay(text), let digest = digest as? String else {
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
      for (index, input) in catalog.inputs.enumerated() {
        // Inputs the catalog no longer has are left out; new ones take their defaults.
        guard let field = fields[input.name] else { continue }
        do {
          let value = try input.value(of: field, found: field.kindDescription)
          values[index] = input.encode(value)
        } catch {
          throw fail("the pending record of \(text) is malformed (\(error.message))")
        }
      }
      state.pending.append(EncodedRecord(date: day, values: values))
    }
    return (state, warnings)
  }
}

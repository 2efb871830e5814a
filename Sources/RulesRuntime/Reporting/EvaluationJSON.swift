@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The JSON of `rules eval --format json`, with the keys and layout PRODUCT.md documents.
/// Sections a catalog does not use are empty or null, never missing. `JSONEncoder` writes the
/// same keys and values (`encode(to:)` writes `json`), so there is one definition of the format.
extension Evaluation: Codable {
  /// The evaluation as JSON, keys in the documented order.
  public var json: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("catalog", .string(catalog)),
      ("user", user.map(JSONValue.string) ?? .null),
      ("date", .string(date.description)),
      ("locale", .string(locale)),
      (
        "streaks",
        .object(
          streaks.map { streak in
            var fields: [(String, JSONValue)] = [
              ("current", .int(streak.current)), ("best", .int(streak.best)),
              ("freezes", .int(streak.freezes)), ("start", Self.day(streak.start)),
              ("last_protected", Self.day(streak.lastProtected)),
              ("new_protected", .array(streak.newProtected.map { .string($0.description) })),
            ]
            // Only for a periodic streak: its current period, the days counted in it, its goal.
            if let period = streak.period {
              fields += [
                ("period", .string(period.id)), ("period_count", .int(period.count)), ("goal", .int(period.goal)),
              ]
            }
            return (streak.name, .object(fields))
          })
      ),
      ("metrics", .object(metrics.map { ($0.name, $0.value.json) })),
      (
        "progress",
        .object(
          progress.map {
            (
              $0.name,
              .object([("current", $0.current.json), ("target", $0.target.json), ("progress", .number($0.progress))])
            )
          })
      ),
      (
        "milestones",
        .object([
          ("streak", milestones.streak.map(JSONValue.string) ?? .null),
          ("reached", .array(milestones.reached.map(JSONValue.string))),
          ("today", milestones.today.map(JSONValue.string) ?? .null),
          ("new", .array(milestones.new.map(JSONValue.string))),
          (
            "next",
            milestones.next.map { next -> JSONValue in
              .object([
                ("id", .string(next.id)), ("day", .int(next.day)), ("date", Self.day(next.date)),
                ("days_until", next.daysUntil.map(JSONValue.int) ?? .null),
              ])
            } ?? .null
          ),
        ])
      ),
    ]
    fields.append(("badges", badges.json))
    fields += [
      (
        "quote",
        quote.map { quote -> JSONValue in
          .object([
            ("id", .string(quote.id)), ("text", .string(quote.text)),
            ("arabic", quote.arabic.map(JSONValue.string) ?? .null),
            ("source", quote.source.map(JSONValue.string) ?? .null),
            ("category", quote.category.map(JSONValue.string) ?? .null),
          ])
        } ?? .null
      ),
      (
        "message",
        message.map { message -> JSONValue in
          .object([
            ("id", .string(message.id)),
            ("title", message.title.map(JSONValue.string) ?? .null),
            ("text", .string(message.text)),
            ("action", message.action.map(JSONValue.string) ?? .null),
            ("icon", message.icon.map(JSONValue.string) ?? .null),
            ("color", message.color.map(JSONValue.string) ?? .null),
            ("tags", .array(message.tags.map(JSONValue.string))),
            ("extra", message.extra ?? .null),
          ])
        } ?? .null
      ),
    ]
    // Only for a catalog that declares leaderboards, so every other evaluation is unchanged.
    if !leaderboards.isEmpty {
      fields.append(
        (
          "leaderboards",
          .object(leaderboards.map { ($0.id, .object([("period", .string($0.period)), ("value", $0.value.json)])) })
        ))
    }
    return .object(fields)
  }

  /// A date, or null.
  static func day(_ day: CalendarDay?) -> JSONValue {
    day.map { .string($0.description) } ?? .null
  }

  /// Writes `json`.
  public func encode(to encoder: any Encoder) throws {
    try json.encode(to: encoder)
  }

  /// Reads what `encode(to:)` writes (an enum member's value comes back as a `.string`;
  /// streaks and metrics come back sorted by name, as JSON objects keep no order).
  public init(from decoder: any Decoder) throws {
    let root = try decoder.container(keyedBy: JSONKey.self)
    self.init(
      catalog: try root.decode(String.self, forKey: "catalog"),
      user: try root.decodeIfPresent(String.self, forKey: "user"),
      date: try root.decode(CalendarDay.self, forKey: "date"))
    locale = try root.decodeIfPresent(String.self, forKey: "locale") ?? locale
    let streakFields = try root.nestedContainer(keyedBy: JSONKey.self, forKey: "streaks")
    streaks = try streakFields.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
      let fields = try streakFields.nestedContainer(keyedBy: JSONKey.self, forKey: key)
      return StreakReport(
        name: key.stringValue, current: try fields.decode(Int.self, forKey: "current"),
        best: try fields.decode(Int.self, forKey: "best"), freezes: try fields.decode(Int.self, forKey: "freezes"),
        start: try fields.decodeIfPresent(CalendarDay.self, forKey: "start"),
        lastProtected: try fields.decodeIfPresent(CalendarDay.self, forKey: "last_protected"),
        newProtected: try fields.decodeIfPresent([CalendarDay].self, forKey: "new_protected") ?? [],
        period: try fields.decodeIfPresent(String.self, forKey: "period").map { id in
          StreakReport.PeriodReport(
            id: id, count: try fields.decode(Int.self, forKey: "period_count"),
            goal: try fields.decode(Int.self, forKey: "goal"))
        })
    }
    let metricFields = try root.nestedContainer(keyedBy: JSONKey.self, forKey: "metrics")
    metrics = try metricFields.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
      MetricReport(name: key.stringValue, value: try metricFields.decode(Value.self, forKey: key))
    }
    let progressFields = try root.nestedContainer(keyedBy: JSONKey.self, forKey: "progress")
    progress = try progressFields.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
      let fields = try progressFields.nestedContainer(keyedBy: JSONKey.self, forKey: key)
      return MetricProgress(
        name: key.stringValue, current: try fields.decode(Value.self, forKey: "current"),
        target: try fields.decode(Value.self, forKey: "target"),
        progress: try fields.decode(Double.self, forKey: "progress"))
    }
    let milestoneFields = try root.nestedContainer(keyedBy: JSONKey.self, forKey: "milestones")
    milestones.streak = try milestoneFields.decodeIfPresent(String.self, forKey: "streak")
    milestones.reached = try milestoneFields.decode([String].self, forKey: "reached")
    milestones.today = try milestoneFields.decodeIfPresent(String.self, forKey: "today")
    milestones.new = try milestoneFields.decode([String].self, forKey: "new")
    if try !milestoneFields.decodeNil(forKey: "next") {
      let next = try milestoneFields.nestedContainer(keyedBy: JSONKey.self, forKey: "next")
      milestones.next = MilestoneReport.Next(
        id: try next.decode(String.self, forKey: "id"), day: try next.decode(Int.self, forKey: "day"),
        date: try next.decodeIfPresent(CalendarDay.self, forKey: "date"),
        daysUntil: try next.decodeIfPresent(Int.self, forKey: "days_until"))
    }
    let badgeFields = try root.nestedContainer(keyedBy: JSONKey.self, forKey: "badges")
    var unlockedItems = try badgeFields.nestedUnkeyedContainer(forKey: "unlocked")
    while !unlockedItems.isAtEnd {
      let unlock = try unlockedItems.nestedContainer(keyedBy: JSONKey.self)
      badges.unlocked.append(
        Unlock(
          id: try unlock.decode(String.self, forKey: "id"), date: try unlock.decode(CalendarDay.self, forKey: "date"),
          display: try BadgeDisplay(from: unlock), repeats: try unlock.decodeIfPresent(String.self, forKey: "repeats"),
          period: try unlock.decodeIfPresent(String.self, forKey: "period"),
          times: try unlock.decodeIfPresent(Int.self, forKey: "times") ?? 1))
    }
    badges.new = try badgeFields.decode([String].self, forKey: "new")
    if badgeFields.contains("new_earnings") {
      var items = try badgeFields.nestedUnkeyedContainer(forKey: "new_earnings")
      while !items.isAtEnd {
        let item = try items.nestedContainer(keyedBy: JSONKey.self)
        badges.newEarnings.append(
          NewEarning(id: try item.decode(String.self, forKey: "id"), earning: try Earning(from: item)))
      }
    }
    var lockedItems = try badgeFields.nestedUnkeyedContainer(forKey: "locked")
    while !lockedItems.isAtEnd {
      badges.locked.append(try LockedBadge(from: try lockedItems.nestedContainer(keyedBy: JSONKey.self)))
    }
    if try !badgeFields.decodeNil(forKey: "next") {
      badges.next = try LockedBadge(from: try badgeFields.nestedContainer(keyedBy: JSONKey.self, forKey: "next"))
    }
    if try !root.decodeNil(forKey: "quote") {
      let fields = try root.nestedContainer(keyedBy: JSONKey.self, forKey: "quote")
      quote = QuoteReport(
        id: try fields.decode(String.self, forKey: "id"), text: try fields.decode(String.self, forKey: "text"),
        arabic: try fields.decodeIfPresent(String.self, forKey: "arabic"),
        source: try fields.decodeIfPresent(String.self, forKey: "source"),
        category: try fields.decodeIfPresent(String.self, forKey: "category"))
    }
    if try !root.decodeNil(forKey: "message") {
      let fields = try root.nestedContainer(keyedBy: JSONKey.self, forKey: "message")
      message = MessageReport(
        id: try fields.decode(String.self, forKey: "id"),
        title: try fields.decodeIfPresent(String.self, forKey: "title"),
        text: try fields.decode(String.self, forKey: "text"),
        action: try fields.decodeIfPresent(String.self, forKey: "action"),
        icon: try fields.decodeIfPresent(String.self, forKey: "icon"),
        color: try fields.decodeIfPresent(String.self, forKey: "color"),
        tags: try fields.decode([String].self, forKey: "tags"),
        extra: try fields.decodeNil(forKey: "extra") ? nil : try fields.decode(JSONValue.self, forKey: "extra"))
    }
    if root.contains("leaderboards") {
      let boards = try root.nestedContainer(keyedBy: JSONKey.self, forKey: "leaderboards")
      leaderboards = try boards.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
        let fields = try boards.nestedContainer(keyedBy: JSONKey.self, forKey: key)
        return LeaderboardReport(
          id: key.stringValue, period: try fields.decode(String.self, forKey: "period"),
          value: try fields.decode(Value.self, forKey: "value"))
      }
    }
  }
}

extension Evaluation.BadgeReport {
  /// The badges as JSON: `new_earnings` only when an earning of a repeating badge is new.
  var json: JSONValue {
    var fields: [(String, JSONValue)] = [
      (
        "unlocked",
        .array(
          unlocked.map {
            .object(
              [("id", .string($0.id)), ("date", .string($0.date.description))] + $0.repeatFields
                + $0.display.jsonFields)
          })
      ),
      ("new", .array(new.map(JSONValue.string))),
    ]
    if !newEarnings.isEmpty {
      fields.append(
        (
          "new_earnings",
          .array(
            newEarnings.map {
              .object([
                ("id", .string($0.id)), ("period", .string($0.earning.period)),
                ("date", .string($0.earning.date.description)),
              ])
            })
        ))
    }
    fields += [("locked", .array(locked.map(\.json))), ("next", next?.json ?? .null)]
    return .object(fields)
  }
}

extension Evaluation.Earning {
  var json: JSONValue { .object([("period", .string(period)), ("date", .string(date.description))]) }

  init(from fields: KeyedDecodingContainer<JSONKey>) throws {
    self.init(
      period: try fields.decode(String.self, forKey: "period"),
      date: try fields.decode(CalendarDay.self, forKey: "date"))
  }
}

extension Evaluation.Unlock {
  /// A repeating badge's keys (none for a badge earned once): the period it repeats in, this
  /// earning's period, how many times it was earned, that it is earned in the current period.
  var repeatFields: [(String, JSONValue)] {
    guard let repeats else { return [] }
    return [
      ("repeats", .string(repeats)), ("period", period.map(JSONValue.string) ?? .null), ("times", .int(times)),
      ("earned_this_period", .bool(true)),
    ]
  }
}

extension Evaluation.LockedBadge {
  /// The badge as JSON: its progress, whether it waits for the next check, a repeating badge's
  /// earnings, its display fields.
  var json: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("id", .string(id)),
      ("current", current?.json ?? .null),
      ("target", target?.json ?? .null),
      ("progress", progress.map(JSONValue.number) ?? .null),
      ("waiting", .bool(waiting)),
    ]
    if let repeats {
      fields += [
        ("repeats", .string(repeats)), ("times", .int(times)), ("earned_this_period", .bool(false)),
        ("last_earned", lastEarned?.json ?? .null),
      ]
    }
    // Only for a badge with prerequisites: the ids still locked.
    if let requires { fields.append(("requires", .array(requires.map(JSONValue.string)))) }
    return .object(fields + display.jsonFields)
  }

  /// Reads what `json` writes.
  init(from fields: KeyedDecodingContainer<JSONKey>) throws {
    var lastEarned: Evaluation.Earning?
    if fields.contains("last_earned"), try !fields.decodeNil(forKey: "last_earned") {
      lastEarned = try Evaluation.Earning(
        from: try fields.nestedContainer(keyedBy: JSONKey.self, forKey: "last_earned"))
    }
    self.init(
      id: try fields.decode(String.self, forKey: "id"),
      current: try fields.decodeIfPresent(Value.self, forKey: "current"),
      target: try fields.decodeIfPresent(Value.self, forKey: "target"),
      progress: try fields.decodeIfPresent(Double.self, forKey: "progress"),
      waiting: try fields.decode(Bool.self, forKey: "waiting"),
      display: try Evaluation.BadgeDisplay(from: fields),
      repeats: try fields.decodeIfPresent(String.self, forKey: "repeats"),
      times: try fields.decodeIfPresent(Int.self, forKey: "times") ?? 0,
      lastEarned: lastEarned, requires: try fields.decodeIfPresent([String].self, forKey: "requires"))
  }
}

extension Value: Codable {
  /// Writes the value as `json` does.
  public func encode(to encoder: any Encoder) throws {
    try json.encode(to: encoder)
  }

  /// Reads a JSON boolean, integer, number or string (an enum member comes back as `.string`).
  public init(from decoder: any Decoder) throws {
    switch try JSONValue.scalar(in: decoder.singleValueContainer()) {
    case .bool(let flag): self = .bool(flag)
    case .int(let number): self = .int(number)
    case .number(let number): self = .number(number)
    case .string(let text): self = .string(text)
    case .null, .array, .object: self = .string("")  // `scalar` gives none of these
    }
  }
}

extension CalendarDay: Codable {
  /// Writes `YYYY-MM-DD`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// Reads `YYYY-MM-DD` (an impossible date is a decoding error naming the problem).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      try self.init(text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
    }
  }
}

extension Value {
  /// Bools, numbers and strings as JSON; enum values as their names.
  public var json: JSONValue {
    switch self {
    case .bool(let value): .bool(value)
    case .int(let value): .int(value)
    case .number(let value): .number(value)
    case .string(let value): .string(value)
    case .member: .string(description)
    }
  }
}

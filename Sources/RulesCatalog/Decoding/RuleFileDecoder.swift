@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// A file with no document, or one that is neither a catalog nor a module.
  package static let notACatalog: DiagnosticID = "not-a-catalog"
  /// An input whose type, values, default or bounds do not fit together.
  package static let invalidInput: DiagnosticID = "invalid-input"
  /// A streak whose keys do not fit its type.
  package static let invalidStreak: DiagnosticID = "invalid-streak"
}

/// Decodes one file's node tree into a `RuleFile`, reporting every problem with its place.
/// The shapes (unknown keys, missing keys, wrong kinds) are checked by `ShapeValidator`
/// against `CatalogSchema`; this adds what shapes cannot say (an input's default must have
/// the input's type, a streak's keys must fit its type...) and builds the model, skipping
/// entries too broken to build.
package struct RuleFileDecoder {
  let file: String
  private(set) var diagnostics: [Diagnostic] = []

  private init(file: String) {
    self.file = file
  }

  /// Decodes `root` (nil for a file without a document) read from `file`.
  package static func decode(_ root: Node?, file: String) -> (RuleFile?, [Diagnostic]) {
    var decoder = RuleFileDecoder(file: file)
    let result = decoder.decode(root)
    return (result, decoder.diagnostics)
  }

  private mutating func decode(_ root: Node?) -> RuleFile? {
    guard let root, root.tag != .null else {
      report(
        .start, .notACatalog,
        "the file is empty; a catalog starts with 'catalog: ID' (a rule module with 'module: ID')")
      return nil
    }
    guard root.pairs != nil else {
      report(
        root.mark, .notACatalog,
        "a catalog is a mapping of keys ('catalog', 'badges', ...); this file holds \(root.kindDescription)")
      return nil
    }
    let kind: RuleFile.Kind
    let schema: ObjectSchema
    if root["catalog"] != nil {
      (kind, schema) = (.catalog, CatalogSchema.catalog)
    } else if root["module"] != nil {
      (kind, schema) = (.module, CatalogSchema.module)
    } else {
      report(
        root.mark, .missingKey,
        "a catalog needs the key 'catalog' with its id (a rule module needs 'module')")
      return nil
    }
    var validator = ShapeValidator(file: file)
    validator.validate(root, .object(schema), what: schema.title)
    diagnostics += validator.diagnostics

    let id = Self.text(root[kind == .catalog ? "catalog" : "module"]) ?? ""
    var result = RuleFile(kind: kind, file: file, id: id)
    result.version = Self.int(root["version"]) ?? 1
    result.name = Self.text(root["name"])
    result.description = Self.text(root["description"])
    if let node = root["default_locale"], let locale = Self.text(node) { result.defaultLocale = (locale, origin(node)) }
    for item in root["imports"]?.items ?? [] {
      if let path = Self.text(item) { result.imports.append((path, origin(item))) }
    }
    for pair in root["requires"]?.pairs ?? [] {
      guard let name = pair.key.text, let typeName = pair.value.text else { continue }
      let type: ValueType =
        switch typeName {
        case "bool": .bool
        case "int": .int
        default: .number
        }
      result.requirements.append(Requirement(name: name, type: type, origin: origin(pair.key)))
    }
    for pair in root["inputs"]?.pairs ?? [] {
      if let input = decodeInput(pair) { result.inputs.append(input) }
    }
    for pair in root["streaks"]?.pairs ?? [] {
      if let streak = decodeStreak(pair) { result.streaks.append(streak) }
    }
    for pair in root["metrics"]?.pairs ?? [] {
      if let metric = decodeMetric(pair) { result.metrics.append(metric) }
    }
    for node in root["groups"]?.items ?? [] {
      if let group = decodeGroup(node) { result.groups.append(group) }
    }
    for node in root["badges"]?.items ?? [] {
      if let badge = decodeBadge(node) { result.badges.append(badge) }
    }
    if let node = root["milestones"] { result.milestones = decodeMilestones(node) }
    if let node = root["quotes"] { result.quotes = decodeQuotes(node) }
    if let node = root["unlocks"] { result.unlocks = decodeUnlocks(node) }
    if let node = root["next_badge"] {
      result.nextBadge = NextBadgeRule(
        ties: Self.text(node["ties"]).flatMap(NextBadgeRule.Ties.init(rawValue:)) ?? .progress, origin: origin(node))
    }
    for node in root["messages"]?.items ?? [] {
      if let message = decodeMessage(node) { result.messages.append(message) }
    }
    result.weekStarts = Self.text(root["week_starts"]).flatMap(WeekStart.init(rawValue:))
    result.dayStartsAt = Self.text(root["day_starts_at"]).flatMap(DayStart.init)
    if let node = root["pauses"], node.pairs != nil {
      result.pauses = PausePolicy(
        maxDays: Self.int(node["max_days"]).flatMap { $0 >= 0 ? $0 : nil },
        per: Self.text(node["per"]).flatMap(PausePolicy.Period.init(rawValue:)) ?? .year,
        backdateDays: Self.int(node["backdate_days"]).map { max($0, 0) } ?? 0)
    }
    for node in root["leaderboards"]?.items ?? [] {
      guard let id = Self.text(node["id"]), let value = expression(node["value"]),
        let period = Self.text(node["period"]).flatMap(DeclaredLeaderboard.Period.init(rawValue:))
      else { continue }
      result.leaderboards.append(DeclaredLeaderboard(id: id, origin: origin(node), value: value, period: period))
    }
    return result
  }

  // MARK: - Sections

  private mutating func decodeInput(_ pair: Pair) -> Input? {
    guard let name = pair.key.text, Names.isName(name), pair.value.pairs != nil,
      let typeName = Self.text(pair.value["type"])
    else { return nil }
    let node = pair.value
    let kind: Input.Kind
    switch typeName {
    case "bool": kind = .bool
    case "int": kind = .int
    case "number": kind = .number
    case "enum":
      guard let valuesNode = node["values"], let items = valuesNode.items else {
        report(node.mark, .invalidInput, "the enum input '\(name)' needs 'values', the list of its values")
        return nil
      }
      var values: [String] = []
      for item in items {
        guard let value = Self.text(item) else { continue }
        if values.contains(value) {
          report(item.mark, .invalidInput, "the value '\(value)' of '\(name)' is listed twice")
        }
        values.append(value)
      }
      if values.isEmpty {
        report(valuesNode.mark, .invalidInput, "the enum input '\(name)' needs at least one value")
        return nil
      }
      kind = .enumeration(values)
    default:
      return nil
    }
    if let values = node["values"], typeName != "enum" {
      report(
        values.mark, .invalidInput,
        "'values' only applies to enum inputs; '\(name)' is \(typeName)")
    }
    var input = Input(
      name: name, origin: origin(pair.key), kind: kind,
      defaultValue: Input.implicitDefault(of: kind, name: name),
      description: Self.text(node["description"]))
    if let defaultNode = node["default"], let value = inputValue(defaultNode, of: input, what: "the default") {
      input.defaultValue = value
    }
    for key in ["min", "max"] {
      guard let bound = node[key] else { continue }
      guard kind == .int || kind == .number else {
        report(bound.mark, .invalidInput, "'\(key)' only applies to int and number inputs; '\(name)' is \(typeName)")
        continue
      }
      guard let value = inputValue(bound, of: input, what: "'\(key)'") else { continue }
      if key == "min" { input.min = value.asDouble } else { input.max = value.asDouble }
    }
    if let min = input.min, let max = input.max, min > max {
      report(node["max"]!.mark, .invalidInput, "'max' of '\(name)' is less than its 'min'")
    }
    if let min = input.min, input.defaultValue.asDouble < min {
      report((node["default"] ?? node).mark, .invalidInput, "the default of '\(name)' is less than its 'min'")
    } else if let max = input.max, input.defaultValue.asDouble > max {
      report((node["default"] ?? node).mark, .invalidInput, "the default of '\(name)' is more than its 'max'")
    }
    return input
  }

  /// A value written for an input (default, min, max), checked against its type.
  private mutating func inputValue(_ node: Node, of input: Input, what: String) -> Value? {
    let expected = input.type
    switch (input.kind, node.scalar) {
    case (.bool, .bool(let value)?): return .bool(value)
    case (.int, .int(let value)?): return .int(value)
    case (.number, .int(let value)?): return .number(Double(value))
    case (.number, .float(let value)?) where value.isFinite: return .number(value)
    case (.number, .float?):
      report(
        node.mark, .invalidInput,
        "\(what) of '\(input.name)' must be a finite number; found \(node.nonFiniteDescription)")
      return nil
    case (.enumeration(let values), .string(let text)?):
      if let index = values.firstIndex(of: text) {
        return .member(index, EnumType(name: input.name, values: values))
      }
      report(
        node.mark, .invalidInput,
        "\(what) of '\(input.name)' must be one of its values (\(values.joined(separator: ", "))); found '\(text)'"
          + Suggestion.hint(for: text, in: values))
      return nil
    default:
      let found = node.tag == .null ? "nothing" : node.kindDescription
      let wanted = expected == .bool ? "true or false" : "\(expected)"
      report(node.mark, .wrongType, "\(what) of '\(input.name)' must be \(wanted); found \(found)")
      return nil
    }
  }

  private mutating func decodeStreak(_ pair: Pair) -> Streak? {
    guard let name = pair.key.text, Names.isName(name), pair.value.pairs != nil else { return nil }
    let node = pair.value
    let type = Self.text(node["type"]) ?? "consecutive"
    let kind: Streak.Kind
    if type != "periodic" {
      for key in ["period", "goal"] {
        if let misplaced = node[key] {
          report(
            misplaced.mark, .invalidStreak,
            "'\(key)' applies to periodic streaks (type: periodic); the \(type == "elapsed" ? "elapsed" : "consecutive") streak '\(name)' counts days"
          )
        }
      }
    }
    if type == "periodic" {
      guard let periodic = decodePeriodic(name, node) else { return nil }
      kind = periodic
    } else if type == "elapsed" {
      for key in ["counts", "skips", "freezes", "max_days", "pausable"] {
        if let misplaced = node[key] {
          report(
            misplaced.mark, .invalidStreak,
            "'\(key)' applies to consecutive streaks; the elapsed streak '\(name)' counts days since its start or last reset (use 'resets')"
          )
        }
      }
      kind = .elapsed(resets: expression(node["resets"]))
    } else {
      if let misplaced = node["resets"] {
        report(
          misplaced.mark, .invalidStreak,
          "'resets' applies to elapsed streaks (type: elapsed); a consecutive streak breaks on days that neither count nor skip"
        )
      }
      guard let counts = expression(node["counts"]) else {
        if node["counts"] == nil {
          report(node.mark, .missingKey, "the consecutive streak '\(name)' needs 'counts', the days that extend it")
        }
        return nil
      }
      kind = .consecutive(counts: counts, skips: expression(node["skips"]), freezes: freezes(node))
    }
    var today = Self.text(node["today"]).flatMap(Streak.Today.init(rawValue:)) ?? .inProgress
    if type == "periodic" { today = .inProgress }
    if type != "periodic", let reported = node["today"]?["final_once_reported"] {
      if type == "elapsed" {
        report(
          reported.mark, .invalidStreak,
          "'final_once_reported' applies to consecutive streaks; the elapsed streak '\(name)' applies a reset on the evaluated day at once"
        )
      }
      // A name, or a list of names (the shape check reports anything else).
      let names = reported.items ?? [reported]
      today = .finalOnceReported(
        names.compactMap { item in Self.text(item).map { Streak.ReportedInput(name: $0, origin: origin(item)) } })
    }
    var streak = Streak(
      name: name, origin: origin(pair.key), kind: kind,
      needsStart: Self.bool(node["needs_start"]) ?? false, today: today,
      displayName: Self.text(node["name"]), description: Self.text(node["description"]))
    if type == "consecutive", let maxDays = Self.int(node["max_days"]), maxDays >= 1 { streak.maxDays = maxDays }
    if let repairs = node["repairs"] {
      if type == "elapsed" || type == "periodic" {
        let why =
          type == "elapsed"
          ? "the elapsed streak '\(name)' counts days since its start or last reset"
          : "the periodic streak '\(name)' counts periods, which a day does not break"
        report(repairs.mark, .invalidStreak, "'repairs' applies to consecutive streaks; \(why)")
      } else if let within = Self.int(repairs["within_days"]), (1...365).contains(within),
        let max = Self.int(repairs["max"]), max >= 1,
        let per = Self.text(repairs["per"]).flatMap(RepairPolicy.Period.init(rawValue:))
      {
        streak.repairs = RepairPolicy(withinDays: within, max: max, per: per)
      }
    }
    if type != "elapsed" { streak.pausable = Self.bool(node["pausable"]) ?? false }
    return streak
  }

  /// A streak's freezes (`earn_every`, `max`, `progress`), if it has readable ones.
  private func freezes(_ node: Node) -> FreezeRule? {
    guard let freezeNode = node["freezes"], let every = Self.int(freezeNode["earn_every"]), every >= 1 else {
      return nil
    }
    return FreezeRule(
      earnEvery: every, max: Self.int(freezeNode["max"]), overall: Self.text(freezeNode["progress"]) == "overall")
  }

  /// A periodic streak's kind (`type: periodic`): `counts`, `period` and `goal` (1 to the
  /// period's longest length), and the keys of the other types refused at their lines (the
  /// current period never breaks before it ends: no `today`; a day that does not count adds
  /// nothing: no `skips`; no `max_days`, no `resets`). Nil when one it needs is missing or bad.
  private mutating func decodePeriodic(_ name: String, _ node: Node) -> Streak.Kind? {
    let reasons = [
      "today": "the current period never breaks before it ends, whatever today says",
      "max_days": "it counts periods, not days", "skips": "a day that does not count simply adds nothing",
      "resets": "it breaks when a period ends below its goal",
    ]
    for key in ["today", "max_days", "skips", "resets"] {
      guard let misplaced = node[key] else { continue }
      report(
        misplaced.mark, .invalidStreak,
        "'\(key)' does not apply to the periodic streak '\(name)': \(reasons[key]!)")
    }
    var missing: [String] = []
    for key in ["counts", "period", "goal"] where node[key] == nil { missing.append("'\(key)'") }
    if !missing.isEmpty {
      report(
        node.mark, .missingKey,
        "the periodic streak '\(name)' needs \(missing.joined(separator: " and ")): the days that count (counts), the period (week, month or hijri_month) and the days a period must count (goal)"
      )
    }
    guard let counts = expression(node["counts"]),
      let period = Self.text(node["period"]).flatMap(PeriodSum.init(rawValue:)),
      let goalNode = node["goal"], let goal = Self.int(goalNode)
    else { return nil }
    guard goal >= 1 else { return nil }  // the shape check reports it
    guard goal <= period.longest else {
      let words = [
        "week": "a week has 7 days", "month": "a month has at most 31 days",
        "hijri_month": "a Hijri month has at most 30 days",
      ]
      report(
        goalNode.mark, .invalidStreak,
        "the goal of the periodic streak '\(name)' is more days than its period has (\(words[period.rawValue]!)): 'goal' must be from 1 to \(period.longest); found \(goal)"
      )
      return nil
    }
    return .periodic(counts: counts, period: period, goal: goal, freezes: freezes(node))
  }

  private func decodeMetric(_ pair: Pair) -> Metric? {
    guard let name = pair.key.text, Names.isName(name) else { return nil }
    let node = pair.value
    if node.pairs != nil {
      guard let value = expression(node["value"]) else { return nil }
      var progress: (ExpressionSource, ExpressionSource)?
      if let progressNode = node["progress"], let current = expression(progressNode["current"]),
        let target = expression(progressNode["target"])
      {
        progress = (current, target)
      }
      return Metric(
        name: name, origin: origin(pair.key), expression: value,
        displayName: Self.text(node["name"]), description: Self.text(node["description"]), progress: progress)
    }
    guard let value = expression(node) else { return nil }
    return Metric(name: name, origin: origin(pair.key), expression: value)
  }

  private func decodeUnlocks(_ node: Node) -> UnlockRule {
    UnlockRule(
      at: Self.text(node["at"]).flatMap(UnlockRule.Timing.init(rawValue:)) ?? .earned,
      perCheck: Self.int(node["per_check"]), perGroup: Self.int(node["per_group"]), origin: origin(node))
  }

  private func decodeGroup(_ node: Node) -> BadgeGroup? {
    guard let id = Self.text(node["id"]) else { return nil }
    return BadgeGroup(
      id: id, origin: origin(node), name: Self.text(node["name"]),
      description: Self.text(node["description"]),
      progressive: Self.bool(node["progressive"]) ?? false,
      display: display(node, keys: ["icon"]))
  }

  /// A badge, its keys read through `Badge.keys` (as the fast path reads them): each value by
  /// its key's shape, leniently (`ShapeValidator` reports what is wrong with it); nil without
  /// an `id`, a `name` or a `when` it can read (`when` may be left out when `requires` is
  /// given: the criterion is then `true`). A key written twice counts once, the first.
  private mutating func decodeBadge(_ node: Node) -> Badge? {
    guard let pairs = node.pairs else { return nil }
    var badge = Badge(draftAt: origin(node))
    var seen = [Bool](repeating: false, count: Badge.keys.count)
    var read = seen
    for pair in pairs {
      guard let name = pair.key.text, let index = Badge.keyIndex[name], !seen[index] else { continue }
      seen[index] = true
      let key = Badge.keys[index]
      guard let value = value(pair.value, shape: key.schema.shape) else { continue }
      key.set(&badge, value, pair.value.mark)
      if name == "requires" { badge.requiresOrigin = origin(pair.key) }
      read[index] = true
    }
    for (index, key) in Badge.keys.enumerated() where key.schema.required && !read[index] { return nil }
    if let when = Badge.keyIndex["when"], !read[when] {
      // `when` is required unless `requires` is given (the shapes cannot say so): reported
      // here as the shape check reports a missing key, unless `when` is written but unreadable
      // (the shape check reports that) or a misspelt key is its suggestion.
      let requires = Badge.keyIndex["requires"].map { seen[$0] } ?? false
      guard requires, !seen[when] else {
        let known = CatalogSchema.badge.keys.map(\.name)
        let misspelt = pairs.contains { pair in
          guard let text = pair.key.text, Badge.keyIndex[text] == nil else { return false }
          return Suggestion.closest(to: text, in: known) == "when"
        }
        if !seen[when] && !misspelt {
          report(
            node.mark, .missingKey,
            "\(ShapeValidator.label(of: node, schema: CatalogSchema.badge)) is missing the required key 'when' (a badge with 'requires' may leave it out)"
          )
        }
        // Kept (the catalog is refused anyway), so that a badge requiring it is not told it is
        // unknown.
        badge.when = ExpressionSource(text: "false", origin: badge.origin)
        return badge
      }
      badge.when = ExpressionSource(text: "true", origin: badge.requiresOrigin ?? badge.origin)
      badge.whenWritten = false
    }
    return badge
  }

  /// A badge key's value, read from `node` as its shape says; nil for one it cannot read.
  private func value(_ node: Node, shape: Shape) -> BadgeKeyValue? {
    switch shape {
    case .text, .id, .name, .keyword: return Self.text(node).map { .text($0) }
    case .expression, .template: return expression(node).map { .expression($0) }
    case .integer(let min, let max):
      guard let value = Self.int(node) else { return nil }
      return .integer(Swift.min(Swift.max(min ?? .min, value), max ?? .max))
    case .list:
      return node.items.map { items in .located(items.compactMap { item in Self.text(item).map { ($0, item.mark) } }) }
    case .object(let object):
      var values: [ExpressionSource] = []
      for key in object.keys {
        guard let value = expression(node[key.name]) else { return nil }
        values.append(value)
      }
      return .expressions(values)
    case .anything: return .json(JSONValue(node))
    default: return nil
    }
  }

  private func decodeMilestones(_ node: Node) -> MilestoneTrack? {
    guard let streakNode = node["streak"], let streak = Self.text(streakNode) else { return nil }
    var milestones: [Milestone] = []
    for item in node["list"]?.items ?? [] {
      guard let id = Self.text(item["id"]), let dayNode = item["day"], let day = Self.int(dayNode)
      else { continue }
      milestones.append(
        Milestone(
          id: id, origin: origin(item), day: day, dayOrigin: origin(dayNode),
          tags: Self.tags(item["tags"]),
          display: display(
            item, keys: ["title", "name", "meaning", "description", "verse", "icon", "color"])))
    }
    var track = MilestoneTrack(streak: streak, streakOrigin: origin(streakNode), milestones: milestones)
    track.writtenCount = node["list"]?.items?.count ?? 0
    return track
  }

  private func decodeQuotes(_ node: Node) -> QuoteRotation? {
    guard node.pairs != nil else { return nil }
    let rule = Self.text(node["rotation"]).flatMap(QuoteRotation.Rule.init(rawValue:)) ?? .dayOfYear
    var quotes: [Quote] = []
    for item in node["list"]?.items ?? [] {
      guard let id = Self.text(item["id"]), let text = Self.text(item["text"]) else { continue }
      quotes.append(
        Quote(
          id: id, origin: origin(item), text: text, arabic: Self.text(item["arabic"]),
          source: Self.text(item["source"]), category: Self.text(item["category"]),
          tags: Self.tags(item["tags"])))
    }
    var rotation = QuoteRotation(rule: rule, quotes: quotes, listOrigin: node["list"].map(origin))
    rotation.writtenCount = node["list"]?.items?.count ?? 0
    return rotation
  }

  private func decodeMessage(_ node: Node) -> Message? {
    guard let id = Self.text(node["id"]), let textNode = node["text"] else { return nil }
    var variants: [TextVariant] = []
    if let items = textNode.items {
      for item in items {
        guard let text = expression(item["text"]) else { continue }
        variants.append(TextVariant(when: expression(item["when"]), text: text))
      }
    } else if let text = expression(textNode) {
      variants.append(TextVariant(text: text))
    }
    guard !variants.isEmpty else { return nil }
    return Message(
      id: id, origin: origin(node), when: expression(node["when"]),
      title: expression(node["title"]), text: variants, action: expression(node["action"]),
      tags: Self.tags(node["tags"]), display: display(node, keys: ["icon", "color"]))
  }

  // MARK: - Values

  private func origin(_ node: Node) -> Origin { Origin(file: file, mark: node.mark) }

  /// A scalar holding an expression or a template.
  private func expression(_ node: Node?) -> ExpressionSource? {
    guard let node, let text = Self.text(node) else { return nil }
    return ExpressionSource(text: text, origin: origin(node), style: node.style)
  }

  private func display(_ node: Node, keys: Set<String>) -> Display {
    var fields: [(key: String, value: String)] = []
    for pair in node.pairs ?? [] {
      guard let key = pair.key.text, keys.contains(key), let value = Self.text(pair.value) else {
        continue
      }
      fields.append((key, value))
    }
    return Display(fields: fields, extra: node["extra"].map(JSONValue.init))
  }

  static func text(_ node: Node?) -> String? {
    guard let node, node.tag != .null, let text = node.text else { return nil }
    return text
  }

  static func int(_ node: Node?) -> Int? {
    if case .int(let value)? = node?.scalar, node?.tag == .int { return value }
    return nil
  }

  static func bool(_ node: Node?) -> Bool? {
    if case .bool(let value)? = node?.scalar { return value }
    return nil
  }

  static func tags(_ node: Node?) -> [String] {
    node?.items?.compactMap { text($0) } ?? []
  }

  private mutating func report(_ mark: Mark, _ id: DiagnosticID, _ message: String) {
    diagnostics.append(Diagnostic(file: file, mark: mark, id: id, message: message))
  }
}

@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A validated catalog as JSON (`rules export`): the catalog format with imports merged and
/// every default written out, so an app can load it without libyaml (see `ExportedCatalog`).
///
/// The layout is the YAML format's, with two differences: the document starts with
/// `"format": "rules-catalog"` and `"format_version"`, and `inputs`, `streaks` and `metrics`
/// are lists in catalog order whose entries carry their name as `key` (JSON readers do not
/// keep the order of an object's keys). docs/export.md describes it.
package enum CatalogExport {
  /// The `format` of an exported catalog.
  package static let format = "rules-catalog"
  /// The `format_version` this version writes and reads.
  package static let formatVersion = 1

  /// The catalog as exported JSON, keys in a fixed order.
  package static func json(_ validated: ValidatedCatalog) -> JSONValue {
    let catalog = validated.catalog
    var root: [(String, JSONValue)] = [
      ("format", .string(format)),
      ("format_version", .int(formatVersion)),
      ("catalog", .string(catalog.id)),
      ("version", .int(catalog.version)),
      ("default_locale", .string(catalog.defaultLocale)),
    ]
    root.add("name", catalog.name)
    root.add("description", catalog.description)
    root.append(("inputs", .array(catalog.inputs.map(input))))
    root.append(("streaks", .array(catalog.streaks.map(streak))))
    root.append(("metrics", .array(catalog.metrics.map(metric))))
    root.append(("milestones", catalog.milestones.map(milestones) ?? .null))
    root.append(("groups", .array(catalog.groups.map(group))))
    root.append(("badges", .array(catalog.badges.map(badge))))
    root.append(("quotes", catalog.quotes.map(quotes) ?? .null))
    root.append(("messages", .array(catalog.messages.map(message))))
    // Written when the catalog sets it, so the export of a catalog that does not is unchanged.
    if !catalog.unlocks.isDefault { root.append(("unlocks", unlocks(catalog.unlocks))) }
    if !catalog.nextBadge.isDefault {
      root.append(("next_badge", .object([("ties", .string(catalog.nextBadge.ties.rawValue))])))
    }
    if catalog.weekStarts != .monday { root.append(("week_starts", .string(catalog.weekStarts.rawValue))) }
    if catalog.dayStartsAt != .midnight { root.append(("day_starts_at", .string(catalog.dayStartsAt.description))) }
    if catalog.pauses != PausePolicy() {
      var pauses: [(String, JSONValue)] = []
      if let maxDays = catalog.pauses.maxDays { pauses.append(("max_days", .int(maxDays))) }
      pauses.append(("per", .string(catalog.pauses.per.rawValue)))
      pauses.append(("backdate_days", .int(catalog.pauses.backdateDays)))
      root.append(("pauses", .object(pauses)))
    }
    if !catalog.leaderboards.isEmpty {
      root.append(
        (
          "leaderboards",
          .array(
            catalog.leaderboards.map {
              .object([
                ("id", .string($0.id)), ("value", .string($0.value.text)), ("period", .string($0.period.rawValue)),
              ])
            })
        ))
    }
    root.append(("locales", locales(catalog.translations)))
    return .object(root)
  }

  /// Every language's texts, by locale, each shaped as its locale file is.
  static func locales(_ translations: Translations) -> JSONValue {
    .object(
      translations.locales.map { locale in
        let texts = translations.languages[locale]!.texts.sorted { $0.key < $1.key }
        var top: [(String, JSONValue)] = []
        var sections: [(String, [(String, [(String, JSONValue)])])] = []
        for (key, text) in texts {
          if key.kind == .catalog {
            top.append((key.field, .string(text.text)))
            continue
          }
          if sections.last?.0 != key.kind.rawValue { sections.append((key.kind.rawValue, [])) }
          var entries = sections[sections.count - 1].1
          if entries.last?.0 != key.id { entries.append((key.id, [])) }
          var fields = entries[entries.count - 1].1
          if key.wording != nil {
            if fields.last?.0 == key.field, case .array(let items) = fields.last!.1 {
              fields[fields.count - 1].1 = .array(items + [.string(text.text)])
            } else {
              fields.append((key.field, .array([.string(text.text)])))
            }
          } else {
            fields.append((key.field, .string(text.text)))
          }
          entries[entries.count - 1].1 = fields
          sections[sections.count - 1].1 = entries
        }
        let body = top + sections.map { ($0.0, JSONValue.object($0.1.map { ($0.0, JSONValue.object($0.1)) })) }
        return (locale, JSONValue.object(body))
      })
  }

  static func input(_ input: Input) -> JSONValue {
    var fields: [(String, JSONValue)] = [("key", .string(input.name))]
    switch input.kind {
    case .bool: fields.append(("type", .string("bool")))
    case .int: fields.append(("type", .string("int")))
    case .number: fields.append(("type", .string("number")))
    case .enumeration(let values):
      fields.append(("type", .string("enum")))
      fields.append(("values", .array(values.map(JSONValue.string))))
    }
    fields.append(("default", value(input.defaultValue)))
    for (key, bound) in [("min", input.min), ("max", input.max)] {
      guard let bound else { continue }
      fields.append((key, input.kind == .int ? .int(Int(bound)) : .number(bound)))
    }
    fields.add("description", input.description)
    return .object(fields)
  }

  static func streak(_ streak: Streak) -> JSONValue {
    var fields: [(String, JSONValue)] = [("key", .string(streak.name))]
    switch streak.kind {
    case .consecutive(let counts, let skips, let freezes):
      fields.append(("type", .string("consecutive")))
      fields.append(("counts", .string(counts.text)))
      fields.add("skips", skips?.text)
      if let freezes { fields.append(("freezes", Self.freezes(freezes))) }
      // Written when set, so the export of a streak without it is unchanged.
      if let maxDays = streak.maxDays { fields.append(("max_days", .int(maxDays))) }
      if streak.pausable { fields.append(("pausable", .bool(true))) }
      if let repairs = streak.repairs {
        fields.append(
          (
            "repairs",
            .object([
              ("within_days", .int(repairs.withinDays)), ("max", .int(repairs.max)),
              ("per", .string(repairs.per.rawValue)),
            ])
          ))
      }
    case .elapsed(let resets):
      fields.append(("type", .string("elapsed")))
      fields.add("resets", resets?.text)
    case .periodic(let counts, let period, let goal, let freezes):
      fields.append(("type", .string("periodic")))
      fields.append(("counts", .string(counts.text)))
      fields.append(("period", .string(period.rawValue)))
      fields.append(("goal", .int(goal)))
      if let freezes { fields.append(("freezes", Self.freezes(freezes))) }
      if streak.pausable { fields.append(("pausable", .bool(true))) }
    }
    fields.append(("needs_start", .bool(streak.needsStart)))
    if streak.periodic != nil {
      // A periodic streak has no `today` (its period never breaks before it ends).
    } else if let keyword = streak.today.keyword {
      fields.append(("today", .string(keyword)))
    } else {
      let names = streak.today.reportedInputs.map { JSONValue.string($0.name) }
      fields.append(("today", .object([("final_once_reported", .array(names))])))
    }
    fields.add("name", streak.displayName)
    fields.add("description", streak.description)
    return .object(fields)
  }

  /// A streak's freezes.
  static func freezes(_ freezes: FreezeRule) -> JSONValue {
    var rule: [(String, JSONValue)] = [("earn_every", .int(freezes.earnEvery))]
    if let max = freezes.max { rule.append(("max", .int(max))) }
    // Written when set, so the export of a streak without it is unchanged.
    if freezes.overall { rule.append(("progress", .string("overall"))) }
    return .object(rule)
  }

  static func metric(_ metric: Metric) -> JSONValue {
    var fields: [(String, JSONValue)] = [("key", .string(metric.name)), ("value", .string(metric.expression.text))]
    fields.add("name", metric.displayName)
    fields.add("description", metric.description)
    if let progress = metric.progress {
      fields.append(
        ("progress", .object([("current", .string(progress.current.text)), ("target", .string(progress.target.text))])))
    }
    return .object(fields)
  }

  static func milestones(_ track: MilestoneTrack) -> JSONValue {
    .object([
      ("streak", .string(track.streak)),
      (
        "list",
        .array(
          track.milestones.map(milestone))
      ),
    ])
  }

  /// One milestone as the export (and `rules list --format json`) writes it.
  package static func milestone(_ milestone: Milestone) -> JSONValue {
    var fields: [(String, JSONValue)] = [("id", .string(milestone.id)), ("day", .int(milestone.day))]
    fields.add(milestone.display)
    fields.add(tags: milestone.tags)
    return .object(fields)
  }

  static func group(_ group: BadgeGroup) -> JSONValue {
    var fields: [(String, JSONValue)] = [("id", .string(group.id))]
    fields.add("name", group.name)
    fields.add("description", group.description)
    fields.append(("progressive", .bool(group.progressive)))
    fields.add(group.display)
    return .object(fields)
  }

  /// One badge as the export (and `rules list --format json`) writes it.
  package static func badge(_ badge: Badge) -> JSONValue {
    var fields: [(String, JSONValue)] = [("id", .string(badge.id)), ("name", .string(badge.name))]
    // A badge with `requires` may leave `when` out (it is then `true`, and its progress counts
    // its prerequisites): the export leaves it out too.
    if badge.whenWritten { fields.append(("when", .string(badge.when.text))) }
    fields.add("description", badge.description)
    fields.add("category", badge.category)
    if let progress = badge.progress {
      fields.append(
        ("progress", .object([("current", .string(progress.current.text)), ("target", .string(progress.target.text))])))
    }
    fields.append(("xp", .int(badge.xp)))
    fields.add("group", badge.group)
    fields.add("repeats", badge.repeats?.rawValue)
    // Written when set, so the export of a badge without it is unchanged.
    if !badge.requires.isEmpty { fields.append(("requires", .array(badge.requires.map { .string($0.id) }))) }
    fields.add(badge.display)
    fields.add(tags: badge.tags)
    return .object(fields)
  }

  static func unlocks(_ rule: UnlockRule) -> JSONValue {
    var fields: [(String, JSONValue)] = [("at", .string(rule.at.rawValue))]
    if let perCheck = rule.perCheck { fields.append(("per_check", .int(perCheck))) }
    if let perGroup = rule.perGroup { fields.append(("per_group", .int(perGroup))) }
    return .object(fields)
  }

  static func quotes(_ rotation: QuoteRotation) -> JSONValue {
    .object([
      ("rotation", .string(rotation.rule.rawValue)),
      (
        "list",
        .array(
          rotation.quotes.map(quote))
      ),
    ])
  }

  /// One quote as the export (and `rules list --format json`) writes it.
  package static func quote(_ quote: Quote) -> JSONValue {
    var fields: [(String, JSONValue)] = [("id", .string(quote.id)), ("text", .string(quote.text))]
    fields.add("arabic", quote.arabic)
    fields.add("source", quote.source)
    fields.add("category", quote.category)
    fields.add(tags: quote.tags)
    return .object(fields)
  }

  /// One message as the export (and `rules list --format json`) writes it.
  package static func message(_ message: Message) -> JSONValue {
    var fields: [(String, JSONValue)] = [("id", .string(message.id))]
    fields.add("when", message.when?.text)
    fields.add("title", message.title?.text)
    if message.text.count == 1, message.text[0].when == nil {
      fields.append(("text", .string(message.text[0].text.text)))
    } else {
      fields.append(
        (
          "text",
          .array(
            message.text.map { variant in
              var wording: [(String, JSONValue)] = [("text", .string(variant.text.text))]
              wording.add("when", variant.when?.text)
              return .object(wording)
            })
        ))
    }
    fields.add("action", message.action?.text)
    fields.add(message.display)
    fields.add(tags: message.tags)
    return .object(fields)
  }

  static func value(_ value: Value) -> JSONValue {
    switch value {
    case .bool(let value): .bool(value)
    case .int(let value): .int(value)
    case .number(let value): .number(value)
    case .string(let value): .string(value)
    case .member: .string(value.description)
    }
  }
}

extension [(String, JSONValue)] {
  fileprivate mutating func add(_ key: String, _ text: String?) {
    if let text { append((key, .string(text))) }
  }

  /// Display fields in the order of their names: JSON readers lose the written order, so
  /// an export of a loaded export is the same text.
  fileprivate mutating func add(_ display: Display) {
    for (key, value) in display.fields.sorted(by: { $0.key < $1.key }) { append((key, .string(value))) }
    if let extra = display.extra { append(("extra", extra)) }
  }

  fileprivate mutating func add(tags: [String]) {
    if !tags.isEmpty { append(("tags", .array(tags.map(JSONValue.string)))) }
  }
}

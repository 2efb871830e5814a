@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

extension Catalog {
  /// Every display text of the catalog in its default language, in catalog order, with where
  /// its element is defined: what a locale file translates.
  package var texts: [(key: TextKey, text: String, origin: Origin)] {
    var result: [(key: TextKey, text: String, origin: Origin)] = []
    func add(
      _ kind: TextKey.Kind, _ id: String, _ field: String, _ text: String?, _ origin: Origin, wording: Int? = nil
    ) {
      if let text { result.append((TextKey(kind, id, field, wording: wording), text, origin)) }
    }
    let top = Origin(file: file, mark: .start)
    add(.catalog, "", "name", name, top)
    add(.catalog, "", "description", description, top)
    for streak in streaks {
      add(.streaks, streak.name, "name", streak.displayName, streak.origin)
      add(.streaks, streak.name, "description", streak.description, streak.origin)
    }
    for metric in metrics {
      add(.metrics, metric.name, "name", metric.displayName, metric.origin)
      add(.metrics, metric.name, "description", metric.description, metric.origin)
    }
    for group in groups {
      add(.groups, group.id, "name", group.name, group.origin)
      add(.groups, group.id, "description", group.description, group.origin)
    }
    for badge in badges {
      add(.badges, badge.id, "name", badge.name, badge.origin)
      add(.badges, badge.id, "description", badge.description, badge.origin)
    }
    for milestone in milestones?.milestones ?? [] {
      for field in TextKey.Kind.milestones.fields {
        add(.milestones, milestone.id, field, milestone.display[field], milestone.origin)
      }
    }
    for quote in quotes?.quotes ?? [] {
      add(.quotes, quote.id, "text", quote.text, quote.origin)
      add(.quotes, quote.id, "source", quote.source, quote.origin)
    }
    for message in messages {
      add(.messages, message.id, "title", message.title?.text, message.origin)
      if message.text.count == 1 && message.text[0].when == nil {
        add(.messages, message.id, "text", message.text[0].text.text, message.origin)
      } else {
        for (index, variant) in message.text.enumerated() {
          add(.messages, message.id, "text", variant.text.text, message.origin, wording: index)
        }
      }
      add(.messages, message.id, "action", message.action?.text, message.origin)
    }
    return result
  }

  /// Whether `key` names a field a message holds as a template (placeholders, plurals).
  static func isTemplate(_ key: TextKey) -> Bool { key.kind == .messages }

  /// The catalog with its display texts in `locale` where a language of its chain
  /// (`LocaleChain.chain`) has them, and in the default language elsewhere.
  package func localized(to locale: String) -> Catalog {
    let chain = Array(LocaleChain.chain(locale, defaultLocale: defaultLocale).dropLast())
    guard chain.contains(where: { translations.languages[$0] != nil }) else { return self }
    var copy = self
    func text(_ kind: TextKey.Kind, _ id: String, _ field: String) -> String? {
      translations.text(TextKey(kind, id, field), for: chain)
    }
    copy.name = text(.catalog, "", "name") ?? name
    copy.description = text(.catalog, "", "description") ?? description
    for index in copy.streaks.indices {
      let id = streaks[index].name
      copy.streaks[index].displayName = text(.streaks, id, "name") ?? streaks[index].displayName
      copy.streaks[index].description = text(.streaks, id, "description") ?? streaks[index].description
    }
    for index in copy.metrics.indices {
      let id = metrics[index].name
      copy.metrics[index].displayName = text(.metrics, id, "name") ?? metrics[index].displayName
      copy.metrics[index].description = text(.metrics, id, "description") ?? metrics[index].description
    }
    for index in copy.groups.indices {
      let id = groups[index].id
      copy.groups[index].name = text(.groups, id, "name") ?? groups[index].name
      copy.groups[index].description = text(.groups, id, "description") ?? groups[index].description
    }
    for index in copy.badges.indices {
      let id = badges[index].id
      copy.badges[index].name = text(.badges, id, "name") ?? badges[index].name
      copy.badges[index].description = text(.badges, id, "description") ?? badges[index].description
    }
    if let track = milestones {
      for index in track.milestones.indices {
        let milestone = track.milestones[index]
        copy.milestones!.milestones[index].display.fields = milestone.display.fields.map { field in
          (field.key, text(.milestones, milestone.id, field.key) ?? field.value)
        }
      }
    }
    if let rotation = quotes {
      for index in rotation.quotes.indices {
        let quote = rotation.quotes[index]
        copy.quotes!.quotes[index].text = text(.quotes, quote.id, "text") ?? quote.text
        copy.quotes!.quotes[index].source = text(.quotes, quote.id, "source") ?? quote.source
      }
    }
    for index in copy.messages.indices {
      let message = messages[index]
      if let title = text(.messages, message.id, "title") { copy.messages[index].title?.text = title }
      if let action = text(.messages, message.id, "action") { copy.messages[index].action?.text = action }
      let single = message.text.count == 1 && message.text[0].when == nil
      for wording in message.text.indices {
        let key = TextKey(.messages, message.id, "text", wording: single ? nil : wording)
        if let translated = translations.text(key, for: chain) {
          copy.messages[index].text[wording].text.text = translated
        }
      }
    }
    return copy
  }
}

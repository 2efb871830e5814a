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
    func add<Element: TranslatedElement>(_ kind: TextKey.Kind, _ elements: [Element]) {
      for element in elements {
        for (field, text) in Element.translatedFields {
          add(kind, element.textID, field, element[keyPath: text], element.origin)
        }
      }
    }
    add(.streaks, streaks)
    add(.metrics, metrics)
    add(.groups, groups)
    add(.badges, badges)
    for milestone in milestones?.milestones ?? [] {
      for field in TextKey.Kind.milestones.fields {
        add(.milestones, milestone.id, field, milestone.display[field], milestone.origin)
      }
    }
    add(.quotes, quotes?.quotes ?? [])
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
    func localize<Element: TranslatedElement>(_ kind: TextKey.Kind, _ elements: inout [Element]) {
      for index in elements.indices {
        for (field, path) in Element.translatedFields {
          if let translated = text(kind, elements[index].textID, field) { elements[index][keyPath: path] = translated }
        }
      }
    }
    localize(.streaks, &copy.streaks)
    localize(.metrics, &copy.metrics)
    localize(.groups, &copy.groups)
    localize(.badges, &copy.badges)
    if let track = milestones {
      for index in track.milestones.indices {
        let milestone = track.milestones[index]
        copy.milestones!.milestones[index].display.fields = milestone.display.fields.map { field in
          (field.key, text(.milestones, milestone.id, field.key) ?? field.value)
        }
      }
    }
    if copy.quotes != nil { localize(.quotes, &copy.quotes!.quotes) }
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

@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Writes evaluations of a catalog in one language: badge names and descriptions, the quote
/// and the message, with the fallback of `LocaleChain` (`ar-EG` → `ar` → the catalog's
/// default) for each text. A message is written again from the values its templates saw, in
/// the digits and plural rules of the locale asked for (or of the default locale, for a text
/// only the default language has).
public struct Localizer: Sendable {
  /// The locale asked for, normalized.
  public let locale: String
  /// The locale the texts are written in: `locale` when the catalog has texts in it or in
  /// its language (the default language included), else the catalog's default.
  public let written: String
  /// The catalog with its texts in that locale where it has them.
  package let catalog: Catalog
  private let messages: [String: LocalizedMessage]

  /// A message's templates, each with the locale to write it in.
  private struct LocalizedMessage: Sendable {
    var title: (Template, TextLocale)?
    var wordings: [(Template, TextLocale)]
    var action: (Template, TextLocale)?
  }

  /// A localizer of `catalog` to `locale`.
  package init(catalog: Catalog, locale: String) {
    let requested = LocaleChain.normalize(locale)
    self.locale = requested
    let own = LocaleChain.normalize(catalog.defaultLocale)
    written =
      LocaleChain.chain(requested, defaultLocale: requested).contains {
        catalog.translations.languages[$0] != nil || $0 == own
      } ? requested : catalog.defaultLocale
    self.catalog = catalog.localized(to: requested)
    let chain = LocaleChain.chain(requested, defaultLocale: catalog.defaultLocale)
    let translatedChain = Array(chain.dropLast())
    let asked = TextLocale.named(requested)
    let fallback = TextLocale.named(catalog.defaultLocale)
    let language = requested.split(separator: "-").first.map(String.init) ?? requested
    /// The template of a translated text (in the locale asked for) or of the default text.
    func template(_ key: TextKey, _ original: String) -> (Template, TextLocale) {
      if let text = catalog.translations.text(key, for: translatedChain) {
        let (parsed, errors) = Template.parse(text)
        if errors.isEmpty { return (parsed, asked) }
      }
      let defaultLanguage = catalog.defaultLocale.split(separator: "-").first.map(String.init)
      return (Template.parse(original).0, defaultLanguage == language ? asked : fallback)
    }
    var messages: [String: LocalizedMessage] = [:]
    for message in catalog.messages {
      let single = message.text.count == 1 && message.text[0].when == nil
      messages[message.id] = LocalizedMessage(
        title: message.title.map { template(TextKey(.messages, message.id, "title"), $0.text) },
        wordings: message.text.indices.map { index in
          template(TextKey(.messages, message.id, "text", wording: single ? nil : index), message.text[index].text.text)
        },
        action: message.action.map { template(TextKey(.messages, message.id, "action"), $0.text) })
    }
    self.messages = messages
  }

  /// `evaluation` (of this catalog, in its default language) in the locale.
  public func localize(_ evaluation: Evaluation) -> Evaluation {
    var result = evaluation
    result.locale = written
    let badges = Dictionary(catalog.badges.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    func display(_ id: String, _ display: Evaluation.BadgeDisplay) -> Evaluation.BadgeDisplay {
      guard let badge = badges[id] else { return display }
      var localized = display
      localized.name = badge.name
      localized.description = badge.description
      return localized
    }
    for index in result.badges.unlocked.indices {
      result.badges.unlocked[index].display = display(
        result.badges.unlocked[index].id, result.badges.unlocked[index].display)
    }
    for index in result.badges.locked.indices {
      result.badges.locked[index].display = display(result.badges.locked[index].id, result.badges.locked[index].display)
    }
    if let next = result.badges.next { result.badges.next!.display = display(next.id, next.display) }
    if let quote = result.quote, let localized = catalog.quotes?.quotes.first(where: { $0.id == quote.id }) {
      result.quote!.text = localized.text
      result.quote!.source = localized.source
    }
    if let report = result.message, let rendering = report.rendering, let message = messages[report.id],
      message.wordings.indices.contains(rendering.wording)
    {
      func render(_ template: (Template, TextLocale)) -> String { template.0.render(rendering.values, in: template.1) }
      result.message!.title = message.title.map(render)
      result.message!.text = render(message.wordings[rendering.wording])
      result.message!.action = message.action.map(render)
    }
    return result
  }
}

extension ValidatedCatalog {
  /// The catalog with its display texts in `locale` (see `Catalog.localized(to:)`), for
  /// listings and text reports; its expressions are the same.
  package func localized(to locale: String) -> ValidatedCatalog {
    let translated = catalog.localized(to: locale)
    var localized = ValidatedCatalog(
      catalog: translated,
      streaks: zip(streaks, translated.streaks).map {
        ValidatedStreak(streak: $1, counts: $0.counts, skips: $0.skips, resets: $0.resets)
      },
      metrics: metrics, metricProgress: metricProgress, aggregates: aggregates, order: order,
      badges: badges.indices.map {
        ValidatedBadge(
          badges: translated.badges, index: $0, when: badges[$0].when, progress: badges[$0].progress,
          group: badges[$0].group)
      },
      messages: zip(messages, translated.messages).map {
        ValidatedMessage(message: $1, when: $0.when, title: $0.title, variants: $0.variants, action: $0.action)
      },
      milestoneStreak: milestoneStreak, badgeDependentMetrics: badgeDependentMetrics,
      badgeReads: badgeReads)
    localized.leaderboards = leaderboards
    return localized
  }
}

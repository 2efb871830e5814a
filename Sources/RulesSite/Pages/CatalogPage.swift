@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesReach

/// A catalog as an app shows it, in one language: the milestones on a timeline, the badge grid,
/// the quotes and the messages; states as a new user (no days) sees them on the page's date.
package struct CatalogPage: Sendable {
  package struct Milestone: Sendable {
    package var id: String
    package var day: Int
    /// `reached`, `today` or `locked` (`data-state`).
    package var state: String
    package var name: String
    /// The name in the other language of the pages, when it differs.
    package var otherName: String?
    package var title: String?
    package var meaning: String?
    /// What `rules reach` says (see `BadgeCard`).
    package var reachStatus: String?
    package var fromDay: Int?
    package var witnessHref: String?
    package var reachFlag: String?
    package var reachWhy: String?
  }

  package struct Quote: Sendable {
    package var id: String
    package var text: String
    package var arabic: String?
    package var source: String?
  }

  /// A message: its title and each wording as the engine writes them (`MessageSamples`).
  package struct Message: Sendable {
    package var id: String
    package var when: String
    package var title: String?
    package var wordings: [Wording]
  }

  /// One wording of a message, with the condition it is used under (of a message with one
  /// wording: nil; the last of several without one: `otherwise`).
  package struct Wording: Sendable {
    package var index: Int
    package var condition: String?
    package var otherwise: Bool
    package var samples: MessageSamples
  }

  package struct Streak: Sendable {
    package var name: String
    package var about: String?
  }

  package var chrome: Chrome
  package var words: SiteText
  package var id: String
  package var name: String
  package var version: Int
  package var description: String?
  package var date: String
  package var languages: [Link]
  package var streaks: [Streak]
  package var milestones: [Milestone]
  /// Stored, as every field a template reads (templates see stored properties only).
  package var hasMilestones = false
  package var badges: [BadgeCard]
  package var quotes: [Quote]
  package var messages: [Message]
  package var users: [Link]

  /// The page of `validated` in `locale` (nil: its default language), as of `date`; with
  /// `reach`, each badge and milestone shows its fewest days, a link to its witness's journey,
  /// and a flag when no user can reach it or every user has it.
  package init(
    _ validated: ValidatedCatalog, locale: String?, date: CalendarDay, route: SiteRoute, users: [Link] = [],
    reach: ReachReport? = nil
  ) throws {
    let own = validated.catalog
    let language = locale ?? own.defaultLocale
    let localized = locale.map { validated.localized(to: $0) } ?? validated
    let catalog = localized.catalog
    let words = SiteText.of(language)
    self.words = words
    let engine = Engine(validated)
    let evaluation = try engine.check(
      user: nil, start: nil, on: date, records: [], state: nil, locale: locale
    ).evaluation
    chrome = Chrome(
      title: "\(catalog.name ?? own.id) — \(own.id)", lang: language, home: SiteRoute.index.href(from: route))
    id = own.id
    name = catalog.name ?? own.id
    version = own.version
    description = catalog.description
    self.date = date.description
    var locales = engine.locales
    for extra in ["en", "ar"] where !locales.contains(extra) { locales.append(extra) }
    languages = locales.map { code in
      let target = SiteRoute.catalog(id: own.id, locale: code == own.defaultLocale ? nil : code)
      return Link(label: SiteText.name(code), href: target.href(from: route), current: target == route)
    }
    streaks = catalog.streaks.map { streak in
      // A periodic streak says what a period must count: "3 days a week, weeks in a row".
      guard let periodic = streak.periodic else { return Streak(name: streak.name, about: streak.description) }
      let unit = ["week": "week", "month": "month", "hijri_month": "Hijri month"][periodic.period.rawValue] ?? "period"
      let rule = "\(periodic.goal) day\(periodic.goal == 1 ? "" : "s") a \(unit), \(unit)s in a row"
      return Streak(name: streak.name, about: streak.description.map { "\($0) (\(rule))" } ?? rule)
    }
    let other = (language.hasPrefix("ar") ? own.defaultLocale == "ar" ? "en" : own.defaultLocale : "ar")
    let otherTrack = validated.localized(to: other).catalog.milestones?.milestones ?? []
    let reached = Set(evaluation.milestones.reached)
    milestones = (catalog.milestones?.milestones ?? []).map { milestone in
      let name = milestone.display["name"] ?? milestone.display["title"] ?? milestone.id
      let otherName = otherTrack.first { $0.id == milestone.id }.flatMap { $0.display["name"] ?? $0.display["title"] }
      return Milestone(
        id: milestone.id, day: milestone.day,
        state: evaluation.milestones.today == milestone.id
          ? "today" : reached.contains(milestone.id) ? "reached" : "locked",
        name: name, otherName: otherName == name ? nil : otherName,
        title: milestone.display["name"] == nil ? nil : milestone.display["title"],
        meaning: milestone.display["meaning"])
    }
    hasMilestones = !milestones.isEmpty
    badges = BadgeCard.cards(localized, evaluation: evaluation, text: words)
    if let reach {
      func href(_ item: ReachReport.Item) -> String? {
        guard item.witness != nil, item.status == .reachable || item.status == .always else { return nil }
        return SiteRoute.witness(catalog: own.id, item: item.fileName).href(from: route)
      }
      func flag(_ item: ReachReport.Item) -> String? {
        switch item.status {
        case .unreachable: words.neverFlag
        case .always: words.alwaysFlag
        default: nil
        }
      }
      let items = Dictionary(reach.items.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
      for index in badges.indices {
        guard let item = items["badge/\(badges[index].id)"] else { continue }
        badges[index].reachStatus = item.status.rawValue
        badges[index].fromDay = item.fewestDays
        badges[index].fromDayText = words.fromDay
        badges[index].witnessHref = href(item)
        badges[index].witnessText = words.journeyThere
        badges[index].reachFlag = flag(item)
        badges[index].reachWhy = item.status == .unreachable ? item.reason : nil
      }
      for index in milestones.indices {
        guard let item = items["milestone/\(milestones[index].id)"] else { continue }
        milestones[index].reachStatus = item.status.rawValue
        milestones[index].fromDay = item.fewestDays
        milestones[index].witnessHref = href(item)
        milestones[index].reachFlag = flag(item)
        milestones[index].reachWhy = item.status == .unreachable ? item.reason : nil
      }
    }
    quotes = (catalog.quotes?.quotes ?? []).map {
      Quote(id: $0.id, text: $0.text, arabic: $0.arabic, source: $0.source)
    }
    // A text the catalog has in the page's language is written in its locale; one it has only
    // in its default language, in that language's (as `rules eval --locale` does).
    let defaultLanguage = own.defaultLocale.split(separator: "-").first.map(String.init)
    let pageLanguage = language.split(separator: "-").first.map(String.init)
    func samples(_ text: String, original: String?) -> MessageSamples {
      let translated = text != original || defaultLanguage == pageLanguage
      return MessageSamples(text, locale: translated ? language : own.defaultLocale)
    }
    let originals = Dictionary(own.messages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    messages = catalog.messages.map { message in
      let original = originals[message.id]
      return Message(
        id: message.id, when: message.when?.text ?? words.always,
        title: message.title.map { samples($0.text, original: original?.title?.text).first },
        wordings: message.text.enumerated().map { index, wording in
          let source = original.flatMap { $0.text.indices.contains(index) ? $0.text[index].text.text : nil }
          return Wording(
            index: index, condition: message.text.count > 1 ? wording.when?.text : nil,
            otherwise: message.text.count > 1 && wording.when == nil,
            samples: samples(wording.text.text, original: source))
        })
    }
    self.users = users
  }
}

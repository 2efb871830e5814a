@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A once-only achievement.
package struct Badge: Sendable {
  /// The badge's id, unique in the catalog.
  package var id: String
  /// Where the badge is defined.
  package var origin: Origin
  /// The badge's name, for people.
  package var name: String
  /// What the badge is for.
  package var description: String? = nil
  /// The badge's category.
  package var category: String? = nil
  /// The criterion: the badge unlocks on the first day (or check, in a progressive group)
  /// where it holds.
  package var when: ExpressionSource
  /// An explicit progress measure; without it progress is inferred from `when`.
  package var progress: (current: ExpressionSource, target: ExpressionSource)? = nil
  /// The xp the badge gives when it unlocks.
  package var xp: Int = 0
  /// The id of the badge's group, if it is in one.
  package var group: String? = nil
  /// Where the group is named.
  package var groupOrigin: Origin? = nil
  /// Tags, for listings.
  package var tags: [String] = []
  /// Display fields (emoji, icon...), passed through to apps.
  package var display = Display()
  /// The period in which the badge can be earned again (`repeats`): once in each week, month
  /// or Hijri month; nil for a badge earned once.
  package var repeats: PeriodSum? = nil
  /// Where `repeats` is written.
  package var repeatsOrigin: Origin? = nil
  /// The badges that must be unlocked first (`requires`), each id with where it is written:
  /// the badge unlocks only at a check where its criterion holds and every one of them is
  /// unlocked (earlier, or earlier in the same check). Empty for most badges.
  package var requires: [Prerequisite] = []
  /// Where `requires` is written.
  package var requiresOrigin: Origin? = nil
  /// Whether the catalog wrote `when`: a badge with `requires` may leave it out, and its
  /// criterion is then `true` (its progress counts its prerequisites).
  package var whenWritten = true

  /// A badge at `origin` with nothing read yet, every other field its default, for a decoder
  /// to fill through `keys`. Built from the fields' defaults, it is made where it goes: the initializer below, given
  /// them as arguments, made the badge aside and then copied it (its dozen fields retained)
  /// and destroyed the original, 3.6 M instructions of 5,000 badges' load.
  package init(draftAt origin: Origin) {
    id = ""
    self.origin = origin
    name = ""
    when = ExpressionSource(text: "", origin: origin)
  }

  /// A badge. Inlinable, so that a decoder in another module builds the badge in place instead
  /// of copying it out of the initializer (a dozen references retained and released).
  @inlinable
  package init(
    id: String, origin: Origin, name: String, description: String? = nil,
    category: String? = nil, when: ExpressionSource,
    progress: (current: ExpressionSource, target: ExpressionSource)? = nil, xp: Int = 0,
    group: String? = nil, groupOrigin: Origin? = nil, tags: [String] = [],
    display: Display = Display()
  ) {
    self.id = id
    self.origin = origin
    self.name = name
    self.description = description
    self.category = category
    self.when = when
    self.progress = progress
    self.xp = xp
    self.group = group
    self.groupOrigin = groupOrigin
    self.tags = tags
    self.display = display
  }
}

/// One id of a badge's `requires`, with where it is written.
package struct Prerequisite: Sendable, Equatable {
  /// The id of the badge required.
  package var id: String
  /// Where the id is written in the list.
  package var origin: Origin

  /// A prerequisite.
  package init(id: String, origin: Origin) {
    self.id = id
    self.origin = origin
  }
}

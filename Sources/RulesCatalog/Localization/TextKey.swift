@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Which display text of a catalog a translation is for: the kind of element, its id (its
/// name, for streaks and metrics), the field and, for a message's wordings, which one.
package struct TextKey: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The kinds of elements that have display text, named as the sections of a locale file.
  package enum Kind: String, Sendable, CaseIterable, Comparable {
    case catalog, streaks, metrics, groups, badges, milestones, quotes, messages

    /// The fields of this kind a locale file may translate.
    package var fields: [String] {
      switch self {
      case .catalog: ["name", "description"]
      case .streaks, .metrics, .groups, .badges: ["name", "description"]
      case .milestones: ["title", "name", "meaning", "description", "verse"]
      case .quotes: ["text", "source"]
      case .messages: ["title", "text", "action"]
      }
    }

    /// One element of this kind, for messages: "badge", "message".
    package var singular: String {
      switch self {
      case .catalog: "catalog"
      case .streaks: "streak"
      case .metrics: "metric"
      case .groups: "group"
      case .badges: "badge"
      case .milestones: "milestone"
      case .quotes: "quote"
      case .messages: "message"
      }
    }

    /// Catalog order.
    package static func < (lhs: Kind, rhs: Kind) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
  }

  /// The kind of element.
  package var kind: Kind
  /// The element's id or name (empty for the catalog itself).
  package var id: String
  /// The field: `name`, `text`...
  package var field: String
  /// Which of a message's wordings (from 0), for a message's `text` written as a list.
  package var wording: Int?

  /// A key.
  package init(_ kind: Kind, _ id: String, _ field: String, wording: Int? = nil) {
    self.kind = kind
    self.id = id
    self.field = field
    self.wording = wording
  }

  /// As a locale file nests it: `badges.first-step.name`, `messages.not-started.text[1]`.
  package var description: String {
    let path = kind == .catalog ? field : "\(kind.rawValue).\(id).\(field)"
    return wording.map { "\(path)[\($0)]" } ?? path
  }

  /// Keys in the order of their sections; within one, by id, field and wording.
  package static func < (lhs: TextKey, rhs: TextKey) -> Bool {
    (lhs.kind, lhs.id, lhs.field, lhs.wording ?? -1) < (rhs.kind, rhs.id, rhs.field, rhs.wording ?? -1)
  }
}

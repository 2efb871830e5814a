@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// What changed between two versions of a catalog, by id: each section's entries added,
/// removed, changed (with the fields that changed) and renamed (the same content under a new
/// id), each locale's texts, and whether the version was bumped where ids changed. Compared on
/// the catalogs as `rules export` writes them: imports merged, defaults written, so a change
/// of a module or of a default shows as the change it makes.
package struct CatalogDiff: Sendable {
  /// One entry's change.
  package struct Change: Sendable, Equatable {
    /// inputs, streaks, metrics, milestones, groups, badges, quotes, messages or locales.
    package var section: String
    /// The entry's id (a locale's code in `locales`).
    package var id: String
    /// added, removed, changed or renamed.
    package var change: String
    /// The fields that changed (`changed`), in the entry's order; a locale's as `section.id.field`.
    package var fields: [String] = []
    /// The old id of a renamed entry.
    package var from: String?
  }

  /// The sections compared, in the order they are reported, with the key that names an entry.
  static let sections: [(name: String, key: String)] = [
    ("inputs", "key"), ("streaks", "key"), ("metrics", "key"), ("milestones", "id"), ("groups", "id"),
    ("badges", "id"), ("quotes", "id"), ("messages", "id"),
  ]
  /// Sections whose order means something: a group's badges unlock in order, the first
  /// message that holds is shown, quotes rotate by position, inputs are encoded by position.
  static let ordered: Set<String> = ["badges", "quotes", "messages"]

  package let old: (catalog: String, version: Int)
  package let new: (catalog: String, version: Int)
  package private(set) var changes: [Change] = []
  /// The catalog's own fields that changed (name, description, default_locale, the quotes'
  /// rotation, the milestones' streak, unlocks, next_badge).
  package private(set) var catalogFields: [String] = []
  package private(set) var warnings: [String] = []

  package init(old: ValidatedCatalog, new: ValidatedCatalog) {
    self.init(old: CatalogExport.json(old), new: CatalogExport.json(new))
  }

  /// The difference of two exported catalogs.
  package init(old: JSONValue, new: JSONValue) {
    self.old = (old["catalog"]?.text ?? "", old["version"]?.integer ?? 0)
    self.new = (new["catalog"]?.text ?? "", new["version"]?.integer ?? 0)
    for field in ["name", "description", "default_locale", "version"] where old[field] != new[field] {
      catalogFields.append(field)
    }
    if old["quotes"]?["rotation"] != new["quotes"]?["rotation"] { catalogFields.append("quotes.rotation") }
    if old["milestones"]?["streak"] != new["milestones"]?["streak"] { catalogFields.append("milestones.streak") }
    for field in ["unlocks", "next_badge", "week_starts", "day_starts_at", "pauses", "leaderboards"]
    where old[field] != new[field] {
      catalogFields.append(field)
    }
    for (section, key) in Self.sections {
      compare(section, key: key, Self.entries(old, section), Self.entries(new, section))
    }
    compareLocales(old["locales"], new["locales"])
    let idsChanged = changes.contains { ["removed", "renamed"].contains($0.change) && $0.section != "locales" }
    if idsChanged && self.old.version == self.new.version {
      warnings.append("ids were removed or renamed but version is still \(self.new.version)")
    }
  }

  /// Whether anything differs.
  package var isEmpty: Bool { changes.isEmpty && catalogFields.isEmpty }

  /// A section's entries in catalog order (quotes and milestones are lists inside an object).
  static func entries(_ catalog: JSONValue, _ section: String) -> [JSONValue] {
    let value = ["quotes", "milestones"].contains(section) ? catalog[section]?["list"] : catalog[section]
    if case .array(let items) = value { return items }
    return []
  }

  private mutating func compare(_ section: String, key: String, _ before: [JSONValue], _ after: [JSONValue]) {
    func id(_ entry: JSONValue) -> String { entry[key]?.text ?? "" }
    let oldByID = Dictionary(before.map { (id($0), $0) }, uniquingKeysWith: { first, _ in first })
    let newByID = Dictionary(after.map { (id($0), $0) }, uniquingKeysWith: { first, _ in first })
    let oldOrder = before.map(id).filter { newByID[$0] != nil }
    let newOrder = after.map(id).filter { oldByID[$0] != nil }
    var removed = before.map(id).filter { newByID[$0] == nil }
    for entry in after {
      let name = id(entry)
      if let previous = oldByID[name] {
        var fields = Self.changedFields(previous, entry)
        if Self.ordered.contains(section), oldOrder.firstIndex(of: name) != newOrder.firstIndex(of: name) {
          fields.append("order")
        }
        if !fields.isEmpty { changes.append(Change(section: section, id: name, change: "changed", fields: fields)) }
      } else if let index = removed.firstIndex(where: { Self.content(oldByID[$0]!, key) == Self.content(entry, key) }) {
        changes.append(Change(section: section, id: name, change: "renamed", from: removed[index]))
        removed.remove(at: index)
      } else {
        changes.append(Change(section: section, id: name, change: "added"))
      }
    }
    for name in removed { changes.append(Change(section: section, id: name, change: "removed")) }
  }

  /// An entry without its id, to find the same content under another id.
  static func content(_ entry: JSONValue, _ key: String) -> JSONValue {
    guard case .object(let pairs) = entry else { return entry }
    return .object(pairs.filter { $0.0 != key })
  }

  /// The fields of two entries that differ, in the order the new one has them (then the old's).
  static func changedFields(_ before: JSONValue, _ after: JSONValue) -> [String] {
    guard case .object(let old) = before, case .object(let new) = after else { return before == after ? [] : ["value"] }
    var names = new.map(\.0)
    for (name, _) in old where !names.contains(name) { names.append(name) }
    return names.filter { before[$0] != after[$0] }
  }

  /// Each locale's texts: a locale added or removed, or the texts that changed as
  /// `section.id.field` (`badges.first-step.name`).
  private mutating func compareLocales(_ before: JSONValue?, _ after: JSONValue?) {
    let oldLocales = Self.pairs(before)
    let newLocales = Self.pairs(after)
    for (locale, texts) in newLocales {
      guard let previous = oldLocales.first(where: { $0.0 == locale })?.1 else {
        changes.append(Change(section: "locales", id: locale, change: "added"))
        continue
      }
      let fields = Self.leaves(previous).merging(Self.leaves(texts)) { a, _ in a }.keys.filter {
        Self.leaves(previous)[$0] != Self.leaves(texts)[$0]
      }.sorted()
      if !fields.isEmpty { changes.append(Change(section: "locales", id: locale, change: "changed", fields: fields)) }
    }
    for (locale, _) in oldLocales where !newLocales.contains(where: { $0.0 == locale }) {
      changes.append(Change(section: "locales", id: locale, change: "removed"))
    }
  }

  static func pairs(_ value: JSONValue?) -> [(String, JSONValue)] {
    if case .object(let pairs) = value { return pairs }
    return []
  }

  /// A locale's texts by dotted path.
  static func leaves(_ value: JSONValue, prefix: String = "") -> [String: JSONValue] {
    guard case .object(let pairs) = value else { return [prefix: value] }
    var result: [String: JSONValue] = [:]
    for (key, child) in pairs {
      result.merge(leaves(child, prefix: prefix.isEmpty ? key : prefix + "." + key)) { a, _ in a }
    }
    return result
  }
}

extension JSONValue {
  var text: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  var integer: Int? {
    if case .int(let value) = self { return value }
    return nil
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

/// Every kind of diagnostic, with what it means: the source of docs/diagnostics.md.
package enum DiagnosticIndex {
  package struct Entry: Sendable {
    package var id: DiagnosticID
    package var area: String
    package var summary: String
  }

  package static let entries: [Entry] = [
    Entry(id: .fileUnreadable, area: "files", summary: "The file does not exist, is a folder or cannot be read."),
    Entry(id: .fileTooLarge, area: "files", summary: "The file is larger than the reader's limit (16 MiB by default)."),
    Entry(id: .yamlSyntax, area: "YAML", summary: "The text is not YAML, as libyaml reports it (with its context)."),
    Entry(
      id: .yamlEncoding, area: "YAML",
      summary: "The text is not UTF-8: UTF-16 or UTF-32, invalid bytes, control characters."),
    Entry(id: .yamlTooDeep, area: "YAML", summary: "Lists and mappings nest deeper than the limit (64 by default)."),
    Entry(
      id: .yamlAliasBudget, area: "YAML",
      summary: "Aliases expand to more nodes or more bytes of text than the limits (an alias bomb)."),
    Entry(
      id: .yamlBadAlias, area: "YAML", summary: "An alias without an anchor before it, or inside the node it names."),
    Entry(
      id: .yamlDuplicateKey, area: "YAML", summary: "The same key twice in one mapping (YAML 1.2 keys are unique)."),
    Entry(id: .yamlMultipleDocuments, area: "YAML", summary: "More than one document in a file."),
    Entry(id: .yamlUnsupportedTag, area: "YAML", summary: "A tag outside the core schema, such as !!python/object."),
    Entry(
      id: .yamlInvalidValue, area: "YAML",
      summary: "A value that does not fit its tag (!!int ten), or an integer out of range."),
    Entry(id: .notACatalog, area: "format", summary: "An empty file, or one that is not a mapping."),
    Entry(
      id: .badLocaleFile, area: "format",
      summary:
        "A locale file with a key, section, field or value it cannot hold (docs/catalog-format.md, Translations)."),
    Entry(id: .unknownKey, area: "format", summary: "A key the format does not have; a close known key is suggested."),
    Entry(id: .missingKey, area: "format", summary: "A required key is not there."),
    Entry(id: .wrongType, area: "format", summary: "A value of the wrong kind (text for a number, yes for true...)."),
    Entry(
      id: .invalidValue, area: "format",
      summary: "A malformed id or name, a number out of bounds, a word not among the allowed."),
    Entry(
      id: .invalidInput, area: "format", summary: "An input whose type, values, default and bounds do not fit together."
    ),
    Entry(
      id: .invalidStreak, area: "format",
      summary: "A streak whose keys do not fit its type (counts on an elapsed streak...)."),
    Entry(id: .badImport, area: "imports", summary: "An import that cannot be read or is not a rule module."),
    Entry(
      id: .importCycle, area: "imports",
      summary: "Files that import each other in a circle; reported at every import of it."),
    Entry(
      id: .nameClash, area: "imports",
      summary: "A name or id defined both in a file and in a module it imports; reported at both."),
    Entry(
      id: .unmetRequirement, area: "imports",
      summary: "A module requires a name the catalog does not define, or defines with another type."),
    Entry(id: .duplicateID, area: "rules", summary: DuplicateIDRule.summary),
    Entry(id: .duplicateName, area: "rules", summary: DuplicateNameRule.summary),
    Entry(id: .milestoneDay, area: "rules", summary: MilestoneDayRule.summary),
    Entry(id: .unknownStreak, area: "rules", summary: MilestoneStreakRule.summary),
    Entry(id: .unknownGroup, area: "rules", summary: BadgeGroupRule.summary),
    Entry(id: .badgeRequires, area: "rules", summary: BadgeRequiresRule.summary),
    Entry(id: .reportedInput, area: "rules", summary: ReportedInputRule.summary),
    Entry(id: .unreachableMessage, area: "rules", summary: ShadowedMessageRule.summary),
    Entry(id: .emptySection, area: "rules", summary: EmptySectionRule.summary),
    Entry(id: .constantOverflow, area: "rules", summary: OverflowRule.summary),
    Entry(id: .inputWithoutMax, area: "rules", summary: InputMaxRule.summary),
    Entry(id: .unknownTranslation, area: "rules", summary: UnknownTranslationRule.summary),
    Entry(id: .translationPlaceholders, area: "rules", summary: TranslationPlaceholderRule.summary),
    Entry(id: .missingTranslation, area: "rules", summary: MissingTranslationRule.summary),
    Entry(id: .directionMarks, area: "rules", summary: DirectionMarkRule.summary),
    Entry(id: .pluralCategory, area: "rules", summary: PluralCategoryRule.summary),
    Entry(id: .versionNotBumped, area: "rules", summary: VersionBumpRule.summary),
    Entry(id: .duplicateCatalog, area: "rules", summary: DuplicateCatalogRule.summary),
    // What `rules reach` proves, warned of by `rules check` (RulesReach, docs/reach.md).
    Entry(
      id: "unreachable", area: "reach",
      summary:
        "A badge or milestone no history can reach, proved by the bounds of every value (a warning, at its `when` or `day`): the reason names the bound that stops it (docs/reach.md)."
    ),
    Entry(
      id: "always-true", area: "reach",
      summary: "A badge every new user has at their first check, whatever they report (a warning, at its `when`)."),
    Entry(
      id: "group-order", area: "reach",
      summary:
        "A badge of a progressive group whose criterion holds in fewer days than an earlier badge of the group can unlock: it always waits behind it (a warning, at its `when`)."
    ),
    Entry(id: .expressionSyntax, area: "expressions", summary: "An expression that does not parse."),
    Entry(
      id: .templateSyntax, area: "expressions", summary: "A '{' without its '}' (or the reverse) in a message text."),
    Entry(
      id: .unknownName, area: "expressions",
      summary: "A name that is not an input, a metric, a streak field or a built-in."),
    Entry(id: .unknownFunction, area: "expressions", summary: "A function the language does not have."),
    Entry(id: .wrongArity, area: "expressions", summary: "A function called with the wrong number of arguments."),
    Entry(
      id: .typeMismatch, area: "expressions",
      summary: "Operands or arguments of the wrong type, or a result of the wrong type."),
    Entry(
      id: .unknownEnumValue, area: "expressions",
      summary: "A string compared with an enum input that has no such value."),
    Entry(
      id: .dependencyCycle, area: "expressions",
      summary: "Metrics or streaks that depend on themselves; the chain is named."),
    Entry(
      id: .badgeDependency, area: "expressions",
      summary: "A streak or a history sum that reads badges.count or badges.xp."),
    Entry(
      id: .badgeRepeats, area: "expressions",
      summary:
        "A badge with `repeats` whose criterion reads no sum of its period (`week(x)`...), or that is in a progressive group."
    ),
    Entry(
      id: .invalidLeaderboard, area: "expressions",
      summary:
        "A declared leaderboard (`leaderboards`) whose id is a metric's name (the all-time leaderboard of that metric has it), or whose value is an expression of its own rather than a metric, an input, a streak's field or a sum."
    ),
    Entry(
      id: .notAHistory, area: "histories", summary: "An empty history file, or one with none of the keys of a history."),
    Entry(id: .unknownInput, area: "histories", summary: "A day's value for an input the catalog does not have."),
    Entry(
      id: .badValue, area: "histories",
      summary: "A day's value the input does not allow (type, enum value, min, max), or a bad time zone."),
    Entry(
      id: .badDate, area: "histories", summary: "A malformed or impossible date, or a date repeated or out of order."),
    Entry(
      id: .badCatalog, area: "the Swift API",
      summary:
        "`Engine(exportedCatalog:)` was given a catalog that cannot be used; the error's `diagnostics` hold each problem."
    ),
    Entry(
      id: .badState, area: "the Swift API",
      summary:
        "`UserState(json:for:)` was given JSON that is not a state of this catalog, or a check was given the state of another user."
    ),
    Entry(
      id: .wrongCatalog, area: "the Swift API",
      summary: "A `DayRecord` made with the engine of another catalog was given to a check."),
    Entry(
      id: .repairRefused, area: "the Swift API",
      summary:
        "`Engine.repair` was asked for a repair no streak takes: `too-late`, `over-budget` or `nothing-broken` (`repairProblem` gives the reason as a value)."
    ),
    Entry(
      id: .badScenario, area: "scenarios",
      summary:
        "A scenario that names a streak, metric, badge, milestone, quote or message its catalog does not have, a date outside its history, or a catalog that cannot be used."
    ),
    Entry(
      id: .expectationFailed, area: "scenarios",
      summary: "What a scenario expects on a date differs from what the check of that date shows (`rules test`)."),
  ]

  /// docs/diagnostics.md.
  package static func markdown() -> String {
    var lines = [
      "# Diagnostics",
      "",
      "Every problem `rules check` (or `eval`, for a history) reports carries one of these ids, in",
      "brackets after the message. Tools can rely on them; `--format json` gives them as `id`.",
      "This page is generated from the code (`DiagnosticIndex`); a test keeps it current.",
      "",
    ]
    var area = ""
    for entry in entries {
      if entry.area != area {
        area = entry.area
        lines += ["## \(area.prefix(1).uppercased())\(area.dropFirst())", "", "| id | meaning |", "| --- | --- |"]
      }
      lines.append("| `\(entry.id.rawValue)` | \(entry.summary.replacingOccurrences(of: "|", with: "\\|")) |")
      if entries.last(where: { $0.area == area })?.id == entry.id { lines.append("") }
    }
    lines += [
      "## Examples",
      "",
      "Each rule's own examples, as its tests run them (`line:column: severity: message`):",
      "",
    ]
    for rule in CatalogRules.all {
      lines += ["### `\(rule.id.rawValue)`", "", rule.summary, ""]
      for example in rule.examples {
        lines += ["```yaml", example.yaml, "```", ""]
        for (path, text) in example.modules.sorted(by: { $0.key < $1.key }) {
          lines += ["`\(path)`:", "", "```yaml", text, "```", ""]
        }
        if example.expected.isEmpty {
          lines += ["passes.", ""]
        } else {
          lines += ["```"] + example.expected + ["```", ""]
        }
      }
    }
    return lines.joined(separator: "\n")
  }
}

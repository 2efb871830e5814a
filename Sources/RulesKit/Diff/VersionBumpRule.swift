@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

extension DiagnosticID {
  /// Ids removed or renamed since a git revision without a version bump (`rules check --against`).
  package static let versionNotBumped: DiagnosticID = "version-not-bumped"
}

/// `rules check --against REV`: a catalog whose badges, milestones, quotes, messages, streaks,
/// metrics, inputs or groups lost or changed ids since the revision must bump its `version`
/// (states and unlocks are keyed by id; the version tells apps and states that they changed).
package enum VersionBumpRule {
  package static let summary =
    "Ids were removed or renamed since the revision given to `rules check --against` but `version` was not bumped."

  /// The diagnostic for `catalog` (read from `source`) against its file as of `revision`; nil
  /// when the ids kept, the version was bumped, or the revision has no such file (a new catalog).
  package static func check(_ catalog: ValidatedCatalog, source: SourceFile?, against revision: String)
    throws(CatalogRevision.Failure) -> Diagnostic?
  {
    let file = catalog.catalog.file
    let previous: CatalogValidation
    do {
      previous = try CatalogRevision.validate(revision: revision, path: file)
    } catch {
      if error.description.hasSuffix("the revision has no such file") { return nil }
      throw error
    }
    guard let old = previous.validated else { return nil }
    let diff = CatalogDiff(old: old, new: catalog)
    guard !diff.warnings.isEmpty else { return nil }
    let changed = diff.changes.filter { $0.section != "locales" && ["removed", "renamed"].contains($0.change) }
    let named = changed.map { $0.change == "renamed" ? "\($0.from ?? "") → \($0.id)" : "\($0.id) removed" }
    return Diagnostic(
      file: file, mark: versionMark(source), id: .versionNotBumped,
      message:
        "ids changed since \(revision) (\(named.joined(separator: ", "))) but version is still \(diff.new.version); bump it, so that apps and saved states know"
    )
  }

  /// Where `version:` is written at the top level of the file (else its start).
  static func versionMark(_ source: SourceFile?) -> Mark {
    guard let source else { return .start }
    var line = 1
    while let text = source.lineText(line) {
      if text.hasPrefix("version:") { return Mark(line: line, column: 1) }
      line += 1
    }
    return .start
  }
}

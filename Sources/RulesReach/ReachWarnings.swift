@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// A badge or milestone no history reaches (proved).
  package static let unreachable: DiagnosticID = "unreachable"
  /// A badge every new user has at the first check.
  package static let alwaysTrue: DiagnosticID = "always-true"
  /// A progressive group's later badge reached in fewer days than one before it.
  package static let groupOrder: DiagnosticID = "group-order"
}

/// The warnings `rules check` gives from what reach proves, each at the badge's `when` (or the
/// milestone's `day`): `unreachable`, `always-true`, `group-order`.
package enum ReachWarnings {
  /// The warnings of `catalog` (already valid): the proofs, and for progressive groups the
  /// searches their order needs.
  package static func diagnostics(_ catalog: ValidatedCatalog, horizon: Int = 400) -> [Diagnostic] {
    let report = Reach.analyse(catalog, limits: Reach.Limits(horizon: horizon), search: false)
    var found: [Diagnostic] = []
    let badgeWhens = Dictionary(catalog.badges.map { ($0.id, $0.badge.when.origin) }, uniquingKeysWith: { a, _ in a })
    let milestoneDays = Dictionary(
      (catalog.catalog.milestones?.milestones ?? []).map { ($0.id, $0.dayOrigin) }, uniquingKeysWith: { a, _ in a })
    for item in report.items {
      let origin = item.kind == .badge ? badgeWhens[item.id] : milestoneDays[item.id]
      guard let origin else { continue }
      switch item.status {
      case .unreachable:
        found.append(
          Diagnostic(
            file: origin.file, mark: origin.mark, severity: .warning, id: .unreachable,
            message:
              "no user can \(item.kind == .badge ? "unlock the badge" : "reach the milestone") '\(item.id)': \(item.reason ?? "")"
          ))
      case .always:
        found.append(
          Diagnostic(
            file: origin.file, mark: origin.mark, severity: .warning, id: .alwaysTrue,
            message:
              "every new user unlocks the badge '\(item.id)' at their first check, whatever they report (or with no record at all)"
          ))
      default: break
      }
    }
    for order in report.groupOrders {
      guard let origin = badgeWhens[order.later] else { continue }
      found.append(
        Diagnostic(file: origin.file, mark: origin.mark, severity: .warning, id: .groupOrder, message: order.sentence))
    }
    return found
  }
}

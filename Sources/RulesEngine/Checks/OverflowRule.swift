import RulesSource

extension DiagnosticID {
  public static let constantOverflow: DiagnosticID = "constant-overflow"
}

/// The catalog's own constants must fit together: the badges' `xp` add up to `badges.xp`,
/// which would pass the largest integer. The engine saturates there (it never traps), but
/// the total would be wrong, so `check` warns.
public enum OverflowRule: CatalogRule {
  public static let id = DiagnosticID.constantOverflow
  public static let summary =
    "The badges' `xp` add up to at most 9223372036854775807 (the total saturates there)."
  public static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      badges:
        - {id: a, name: A, when: done, xp: 9223372036854775807}
        - {id: b, name: B, when: done, xp: 1}
      """,
      expected: [
        "5:5: warning: the badges' xp add up past 9223372036854775807 with 'b'; badges.xp stops at that limit"
      ]),
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      badges:
        - {id: a, name: A, when: done, xp: 9223372036854775806}
        - {id: b, name: B, when: done, xp: 1}
      """),
  ]

  public static func check(_ catalog: Catalog, into report: inout RuleReport) {
    var total = 0
    for badge in catalog.badges {
      let (sum, overflow) = total.addingReportingOverflow(badge.xp)
      if overflow {
        report.warning(
          badge.origin,
          "the badges' xp add up past \(Int.max) with '\(badge.id)'; badges.xp stops at that limit")
        return
      }
      total = sum
    }
  }
}

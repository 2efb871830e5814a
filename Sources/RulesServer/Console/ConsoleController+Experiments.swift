import Foundation
import Hummingbird
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesExperiments
import RulesSite
import RulesStore

/// The console's experiment pages: the experiments of each catalog served, and one
/// experiment's report as charts (the figures of `GET /v1/admin/experiments/{name}`; viewing
/// the page applies no guardrail).
extension ConsoleController {
  var experimentRoutes: [Route] {
    [
      Route(.get, "/console/experiments", .admin) { request, _ in
        try await page(request) { try await experiments(request) }
      },
      Route(.get, "/console/experiments/{name}", .admin) { request, context in
        try await page(request) { try await experiment(request, context) }
      },
    ]
  }

  func experiments(_ request: Request) async throws -> Response {
    var catalogs: [ExperimentPage.CatalogList] = []
    for id in api.served.set.order {
      let found = try await api.stored { try await api.store.experiments(catalog: id) }
      catalogs.append(
        ExperimentPage.CatalogList(
          catalog: id,
          experiments: found.map {
            ExperimentPage.listed(
              name: $0.name, status: $0.status, share: Share(basisPoints: $0.share)?.description ?? "\($0.share)",
              started: $0.startedAt, ended: $0.endedAt)
          }))
    }
    return ConsolePages.page(
      ExperimentPage.list(catalogs, csrf: sessions.csrf(of: request)), "console-experiments")
  }

  func experiment(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let raw = context.parameters.get("name") ?? ""
    let name = raw.removingPercentEncoding ?? raw
    let query = ConsoleForm.query(request)
    var asked: CalendarDay?
    if let text = query["date"], !text.isEmpty { asked = try api.day(text) }
    let control = ExperimentControl(store: api.store)
    let api = api
    let day = asked
    let (stored, report) = try await ExperimentsController(api: api).answering {
      let date = try ExperimentControl.reportDate(day)
      let stored = try await control.experiment(name)
      let report = try await control.report(stored, control: api.served.set.byID[stored.catalog], date: date)
      return (stored, report)
    }
    func estimate(_ interval: Interval?) -> ExperimentPage.Estimate? {
      interval.map { ExperimentPage.Estimate(estimate: $0.estimate, lower: $0.lower, upper: $0.upper) }
    }
    func share(_ proportion: Proportion) -> ExperimentPage.ArmShare {
      ExperimentPage.ArmShare(hits: proportion.hits, users: proportion.users, interval: estimate(proportion.interval))
    }
    func mean(_ mean: Mean) -> ExperimentPage.ArmMean {
      ExperimentPage.ArmMean(users: mean.users, interval: estimate(mean.interval))
    }
    var means = [
      (
        metric: "active_days_per_week", control: mean(report.control.activeDaysPerWeek),
        variant: mean(report.variant.activeDaysPerWeek)
      )
    ]
    for (mine, theirs) in zip(report.control.currentStreaks, report.variant.currentStreaks) {
      means.append((metric: "streak.\(mine.name)", control: mean(mine.mean), variant: mean(theirs.mean)))
    }
    let page = ExperimentPage(
      name: stored.name, catalog: stored.catalog,
      share: Share(basisPoints: stored.share)?.description ?? "\(stored.share)", status: stored.status,
      started: stored.startedAt, ended: stored.endedAt, date: report.date.description,
      controlUsers: report.control.users, variantUsers: report.variant.users,
      retention: zip(report.control.retention, report.variant.retention).map {
        (day: $0.day, control: share($0.share), variant: share($1.share))
      },
      badges: zip(report.control.badges, report.variant.badges).map {
        (badge: $0.badge, control: share($0.share), variant: share($1.share))
      },
      means: means, differences: report.differences.map { (metric: $0.metric, interval: estimate($0.interval)) },
      csrf: sessions.csrf(of: request))
    return ConsolePages.page(page, "console-experiment")
  }
}

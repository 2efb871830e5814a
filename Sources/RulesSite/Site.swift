import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesReach

/// The studio's pages for a folder of catalogs and histories: which pages there are, and each
/// page's HTML. `rules site` writes every page; `rules-server studio` renders the one asked for,
/// reading the files again for each request.
package struct Site: Sendable {
  package let workspace: SiteWorkspace
  /// The catalogs as of `--against`, by id, for those that changed since.
  package private(set) var previous: [String: ValidatedCatalog] = [:]
  /// What the pages could not show (a catalog the revision lacks, a revision git refuses).
  package private(set) var notes: [String] = []
  /// What `rules reach` says of each catalog, made when a page first needs it.
  private let reaches = ReachCache()

  /// Reads `input`'s catalogs and histories (and, with `--against`, the catalogs as of it).
  package static func load(_ input: SiteInput) -> Site {
    var site = Site(workspace: SiteWorkspace.load(input))
    if let revision = input.against {
      for catalog in site.workspace.valid {
        do {
          let result = try CatalogRevision.validate(revision: revision, path: catalog.path)
          guard let old = result.validated else {
            site.notes.append("\(revision):\(catalog.path) is not a catalog that can be used")
            continue
          }
          if !CatalogDiff(old: old, new: catalog.validated).isEmpty { site.previous[catalog.id] = old }
        } catch {
          site.notes.append("--against \(revision): \(error.description)")
        }
      }
    }
    return site
  }

  /// Whether a catalog failed `rules check` (`rules site` then exits 1).
  package var failed: Bool { !workspace.broken.isEmpty }

  /// The date of the catalog and impact pages: `--date`, else today in UTC.
  var date: CalendarDay { workspace.input.date ?? CalendarDay.today(in: TimeZone(identifier: "UTC")!) }

  /// Every page, the index first.
  package var routes: [SiteRoute] {
    var routes: [SiteRoute] = [.index]
    for catalog in workspace.valid {
      routes += languages(of: catalog).map { .catalog(id: catalog.id, locale: $0) }
      for user in workspace.histories[catalog.id] ?? [] { routes.append(.user(catalog: catalog.id, name: user.name)) }
      if previous[catalog.id] != nil { routes.append(.impact(id: catalog.id)) }
      for item in reach(catalog).items
      where item.witness != nil && (item.status == .reachable || item.status == .always) {
        routes.append(.witness(catalog: catalog.id, item: item.fileName))
      }
    }
    for broken in workspace.broken { routes.append(.diagnostics(name: broken.name)) }
    return routes
  }

  /// The page at `path` (as `SiteRoute.path` writes it), if there is one.
  package func route(at path: String) -> SiteRoute? {
    let path = path.hasPrefix("/") ? String(path.dropFirst()) : path
    if path.isEmpty { return .index }
    // A witness's journey is found without analysing every catalog.
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 3, parts[0] == "witnesses", parts[2].hasSuffix(".html"),
      let catalog = workspace.catalog(String(parts[1]))
    {
      let item = String(parts[2].dropLast(".html".count))
      return reach(catalog).items.contains { $0.fileName == item && $0.witness != nil }
        ? .witness(catalog: catalog.id, item: item) : nil
    }
    return routes.first { $0.path == path }
  }

  /// The locales a catalog page is written in (nil: the default), English and Arabic at least.
  func languages(of catalog: SiteWorkspace.Valid) -> [String?] {
    // The locales `Engine.locales` gives, without compiling the catalog.
    let own = catalog.validated.catalog
    var locales = [own.defaultLocale] + own.translations.locales.filter { $0 != own.defaultLocale }
    for extra in ["en", "ar"] where !locales.contains(extra) { locales.append(extra) }
    return locales.map { $0 == own.defaultLocale ? nil : $0 }
  }

  /// The HTML of `route`.
  package func render(_ route: SiteRoute) -> String {
    do {
      switch route {
      case .index:
        return SiteTemplates.render(indexPage(), "index")
      case .catalog(let id, let locale):
        guard let catalog = workspace.catalog(id) else { return missing(route) }
        let users = (workspace.histories[id] ?? []).map {
          Link(label: $0.user, href: SiteRoute.user(catalog: id, name: $0.name).href(from: route))
        }
        let page = try CatalogPage(
          catalog.validated, locale: locale, date: date, route: route, users: users, reach: reach(catalog))
        return SiteTemplates.render(page, "catalog")
      case .diagnostics(let name):
        guard let broken = workspace.broken.first(where: { $0.name == name }) else { return missing(route) }
        let page = DiagnosticsPage(
          path: broken.path, diagnostics: broken.diagnostics, sources: broken.sources, route: route)
        return SiteTemplates.render(page, "diagnostics")
      case .user(let id, let name):
        guard let catalog = workspace.catalog(id),
          let user = workspace.histories[id]?.first(where: { $0.name == name })
        else { return missing(route) }
        let journey = try UserJourney.of(
          user.history, catalog: catalog.validated, user: user.user, date: workspace.input.date)
        let page = UserPage(
          journey, route: route, catalogHref: SiteRoute.catalog(id: id, locale: nil).href(from: route))
        return SiteTemplates.render(page, "user")
      case .witness(let id, let name):
        guard let catalog = workspace.catalog(id),
          let item = reach(catalog).items.first(where: { $0.fileName == name }), let witness = item.witness
        else { return missing(route) }
        let text = witness.yaml(catalog: catalog.validated, reaching: "the \(item.kind.rawValue) '\(item.id)'")
        let load = HistoryFiles.load(text: text, path: route.path, inputs: catalog.validated.inputs)
        guard let history = load.history else { return missing(route) }
        let journey = try UserJourney.of(
          history, catalog: catalog.validated, user: "the shortest way to \(item.kind.rawValue) \(item.id)",
          date: witness.last)
        let page = UserPage(
          journey, route: route, catalogHref: SiteRoute.catalog(id: id, locale: nil).href(from: route))
        return SiteTemplates.render(page, "user")
      case .impact(let id):
        guard let catalog = workspace.catalog(id), let old = previous[id] else { return missing(route) }
        let histories = (workspace.histories[id] ?? []).map(\.path)
        let impact = ImpactPage.impact(old: old, new: catalog.validated, histories: histories, date: date)
        let report = DiffReport(diff: CatalogDiff(old: old, new: catalog.validated), impact: impact)
        let page = ImpactPage(
          report: report, oldLabel: "\(workspace.input.against ?? "HEAD"):\(catalog.path)", newLabel: catalog.path,
          route: route)
        return SiteTemplates.render(page, "impact")
      }
    } catch {
      return SiteTemplates.render(
        ProblemPage(
          chrome: Chrome(title: "Cannot show \(route.path)", home: SiteRoute.index.href(from: route)),
          message: "\(error)"), "problem")
    }
  }

  private func missing(_ route: SiteRoute) -> String { missing(path: route.path) }

  /// What `rules reach` says of `catalog` (once per site).
  func reach(_ catalog: SiteWorkspace.Valid) -> ReachReport {
    reaches.report(for: catalog.id) { Reach.analyse(catalog.validated) }
  }

  /// The page that says there is no page at `path` (linking the index from the site's folder).
  package func missing(path: String) -> String {
    SiteTemplates.render(
      ProblemPage(chrome: Chrome(title: "No such page", home: "/index.html"), message: "There is no page \(path)."),
      "problem")
  }

  func indexPage() -> IndexPage {
    let route = SiteRoute.index
    let entries = workspace.valid.map { catalog in
      let own = catalog.validated.catalog
      return IndexPage.Entry(
        id: own.id, name: own.name ?? own.id, href: SiteRoute.catalog(id: own.id, locale: nil).href(from: route),
        version: own.version, badges: own.badges.count, milestones: own.milestones?.milestones.count ?? 0,
        languages: languages(of: catalog).map {
          Link(
            label: SiteText.name($0 ?? own.defaultLocale),
            href: SiteRoute.catalog(id: own.id, locale: $0).href(from: route))
        },
        users: (workspace.histories[own.id] ?? []).map {
          Link(label: $0.user, href: SiteRoute.user(catalog: own.id, name: $0.name).href(from: route))
        },
        impact: previous[own.id] == nil
          ? nil
          : Link(
            label: "Impact since \(workspace.input.against ?? "")", href: SiteRoute.impact(id: own.id).href(from: route)
          ))
    }
    return IndexPage(
      chrome: Chrome(title: "Catalogs of \(workspace.input.catalogs)", home: SiteRoute.index.href(from: route)),
      folder: workspace.input.catalogs, catalogs: entries,
      broken: workspace.broken.map {
        IndexPage.BrokenEntry(
          path: $0.path, href: SiteRoute.diagnostics(name: $0.name).href(from: route),
          errors: $0.diagnostics.errorCount)
      },
      unread: workspace.unread.map { IndexPage.UnreadEntry(path: $0.path, problems: $0.problems) }, notes: notes)
  }

  /// Writes every page under `folder`; returns the paths written.
  package func write(to folder: String) throws -> [String] {
    var written: [String] = []
    for route in routes {
      let url = URL(fileURLWithPath: folder).appendingPathComponent(route.path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(render(route).utf8).write(to: url)
      written.append(route.path)
    }
    return written
  }
}

/// The reach reports of a site's catalogs, each made once (pages of one site share them).
final class ReachCache: @unchecked Sendable {
  private let lock = NSLock()
  private var reports: [String: ReachReport] = [:]

  func report(for id: String, _ make: () -> ReachReport) -> ReachReport {
    lock.lock()
    defer { lock.unlock() }
    if let known = reports[id] { return known }
    let made = make()
    reports[id] = made
    return made
  }
}

/// A page that says what it cannot show.
package struct ProblemPage: Sendable {
  package var chrome: Chrome
  package var message: String

  package init(chrome: Chrome, message: String) {
    self.chrome = chrome
    self.message = message
  }
}

import Foundation

/// A page of the site, and the path it is written at (`rules site`) or served at (`rules-server
/// studio`): the same relative paths, so a page's links work from disk and over HTTP.
package enum SiteRoute: Sendable, Equatable, Hashable {
  /// `index.html`: every page.
  case index
  /// `catalogs/ID.html` (the default language) or `catalogs/ID.LOCALE.html`.
  case catalog(id: String, locale: String?)
  /// `catalogs/NAME.html`: a catalog that fails `rules check`, its diagnostics.
  case diagnostics(name: String)
  /// `users/CATALOG/NAME.html`: a history under one catalog.
  case user(catalog: String, name: String)
  /// `impact/ID.html`: what the change since `--against` does.
  case impact(id: String)
  /// `witnesses/CATALOG/ITEM.html`: the journey of the history `rules reach` found for an item
  /// (`badge-ID` or `milestone-ID`).
  case witness(catalog: String, item: String)

  /// The path, relative to the site's folder (file names as given: a path is percent-encoded
  /// only in links, `href`).
  package var path: String {
    switch self {
    case .index: "index.html"
    case .catalog(let id, nil): "catalogs/\(id).html"
    case .catalog(let id, let locale?): "catalogs/\(id).\(locale).html"
    case .diagnostics(let name): "catalogs/\(name).html"
    case .user(let catalog, let name): "users/\(catalog)/\(name).html"
    case .impact(let id): "impact/\(id).html"
    case .witness(let catalog, let item): "witnesses/\(catalog)/\(item).html"
    }
  }

  /// What leads from this page back to the site's folder (`../` per folder).
  package var root: String {
    String(repeating: "../", count: path.split(separator: "/").count - 1)
  }

  /// A link from `from` to this page, percent-encoded.
  package func href(from: SiteRoute) -> String {
    from.root
      + path.split(separator: "/").map {
        String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?", "#"]))
          ?? String($0)
      }.joined(separator: "/")
  }
}

/// What every console page has around its content: the studio's chrome with the console's
/// links, its sign-out form and a policy that lets its forms post and its feed poll the server
/// it came from (and nothing else).
package enum ConsoleChrome {
  /// The console's pages may send forms and fetch from their own origin only, and load nothing
  /// (the page's meta tag; the server's header adds that no other site may frame them, which a
  /// meta tag cannot say).
  package static let contentSecurityPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'self'"

  /// The console's header links, `current` the page's (by its label).
  static let sections = [
    ("Catalogs", "/console"), ("Events", "/console/events"), ("Candidate", "/console/candidate"),
    ("Experiments", "/console/experiments"),
  ]

  /// The chrome of a console page titled `title`; `csrf` the session's token for the sign-out
  /// form (nil on the sign-in page).
  package static func chrome(_ title: String, csrf: String?, current: String? = nil) -> Chrome {
    var chrome = Chrome(title: title, home: "/console")
    chrome.brand = "rules console"
    chrome.csp = contentSecurityPolicy
    chrome.style = SiteAssets.style + ConsoleAssets.style
    chrome.script = SiteAssets.script + ConsoleAssets.script
    chrome.signOut = csrf
    if csrf != nil {
      chrome.nav = sections.map { Link(label: $0.0, href: $0.1, current: $0.0 == current) }
    }
    return chrome
  }
}

/// What every page has around its content: the title, the language and direction, the way
/// back to the site's folder, the style and the script (inside the page: no request leaves
/// it, so a page opened from disk looks as it does served).
package struct Chrome: Sendable {
  package var title: String
  package var lang: String
  package var dir: String
  /// The site's index, relative to the page.
  package var home: String
  package var style = SiteAssets.style
  package var script = SiteAssets.script
  package var csp = SiteAssets.contentSecurityPolicy
  /// The name the header links home with.
  package var brand = "rules studio"
  /// The header's other links (the console's pages).
  package var nav: [Link] = []
  /// The console's sign-out form, with its CSRF token (nil: no form).
  package var signOut: String?
  /// The footer's words around `rules` and the skip link's, in the page's language.
  package var madeBy: String
  package var madeFrom: String
  package var skip: String

  package init(title: String, lang: String = "en", home: String) {
    self.title = title
    self.lang = lang
    self.dir = SiteText.isRightToLeft(lang) ? "rtl" : "ltr"
    self.home = home
    let words = SiteText.of(lang)
    madeBy = words.madeBy
    madeFrom = words.madeFrom
    skip = words.skip
  }
}

/// A link of a page.
package struct Link: Sendable {
  package var label: String
  package var href: String
  /// The page itself (`aria-current="page"`).
  package var current = false

  package init(label: String, href: String, current: Bool = false) {
    self.label = label
    self.href = href
    self.current = current
  }
}

@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// What a site is made of: the catalogs folder, the histories, the date the user pages open
/// at, and the git revision the impact pages compare with (`rules site`'s options; the
/// studio gives the first two).
package struct SiteInput: Sendable {
  /// A folder of catalogs (its `tests/` and `locales/` folders left out), or one catalog file.
  package var catalogs: String
  /// A history file, or a folder of them; nil: no user pages.
  package var history: String?
  /// The day the user pages open at (default: each history's last day) and the catalog
  /// pages are evaluated on (default: today, UTC).
  package var date: CalendarDay?
  /// A git revision: each catalog whose content changed since it gets an impact page.
  package var against: String?

  package init(catalogs: String, history: String? = nil, date: CalendarDay? = nil, against: String? = nil) {
    self.catalogs = catalogs
    self.history = history
    self.date = date
    self.against = against
  }
}

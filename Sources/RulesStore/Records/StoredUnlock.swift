@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// An unlock as the `unlocks` table keeps it.
package struct StoredUnlock: Sendable, Equatable {
  package var badge: String
  package var date: CalendarDay

  package init(badge: String, date: CalendarDay) {
    self.badge = badge
    self.date = date
  }
}

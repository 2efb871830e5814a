@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// An unlock as the `unlocks` table keeps it; an earning of a repeating badge as the
/// `earnings` table keeps it (with its period).
package struct StoredUnlock: Sendable, Equatable {
  package var badge: String
  package var date: CalendarDay
  /// The period of an earning of a repeating badge (`2026-W22`); nil for a badge earned once.
  package var period: String?

  package init(badge: String, date: CalendarDay, period: String? = nil) {
    self.badge = badge
    self.date = date
    self.period = period
  }
}

@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// An unlock as the `unlocks` table keeps it.
public struct StoredUnlock: Sendable, Equatable {
  public var badge: String
  public var date: CalendarDay

  public init(badge: String, date: CalendarDay) {
    self.badge = badge
    self.date = date
  }
}

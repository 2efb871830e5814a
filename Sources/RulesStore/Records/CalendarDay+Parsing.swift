@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension CalendarDay {
  /// `YYYY-MM-DD`, or nil when it is not a day of the years the engine handles (the
  /// engine's own parser: date arithmetic, no Foundation calendar, for the millions of dates
  /// an import or a batch reads).
  package static func parsed(_ text: String) -> CalendarDay? { try? CalendarDay(text) }
}

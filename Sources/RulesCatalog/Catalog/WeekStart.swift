/// The day a catalog's weeks begin (`week_starts`), for `week(x)`: Monday by default, as
/// ISO 8601; Saturday and Sunday as calendars in much of the Muslim world and the Americas
/// begin them.
@_spi(CompiledDay) public enum WeekStart: String, Sendable, Hashable, CaseIterable {
  case monday, saturday, sunday

  /// Days from the week's first day to the day `number` (days since 1970-01-01, a Thursday):
  /// 0 to 6.
  @inlinable @_spi(CompiledDay) public func daysSinceStart(ofDay number: Int) -> Int {
    let sinceMonday = ((number + 3) % 7 + 7) % 7
    let first =
      switch self {
      case .monday: 0
      case .saturday: 5
      case .sunday: 6
      }
    return (sinceMonday - first + 7) % 7
  }
}

/// When a user's day changes (`day_starts_at: "HH:MM"`, midnight by default): at 01:30 with a
/// day that starts at 04:00 it is still yesterday. It decides "today" wherever the engine or
/// the server picks the date from an instant; records stay dated by the day they count for.
public struct DayStart: Sendable, Hashable, CustomStringConvertible {
  /// Minutes after midnight, 0 to `latest`.
  package let minutes: Int

  /// Midnight: the day changes with the date.
  public static let midnight = DayStart(minutes: 0)

  /// The latest a day may start: noon (a later start is far more likely a mistake than a
  /// night shift).
  package static let latest = 12 * 60

  /// `minutes` after midnight, kept from 0 to `latest`.
  package init(minutes: Int) { self.minutes = Swift.min(Swift.max(minutes, 0), Self.latest) }

  /// `HH:MM` (two digits each, 00:00 to 12:00), or nil.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
      bytes.enumerated().allSatisfy({ $0.offset == 2 || (48...57).contains($0.element) })
    else { return nil }
    let hours = Int(bytes[0] - 48) * 10 + Int(bytes[1] - 48)
    let minutes = Int(bytes[3] - 48) * 10 + Int(bytes[4] - 48)
    guard hours < 24, minutes < 60, hours * 60 + minutes <= Self.latest else { return nil }
    self.minutes = hours * 60 + minutes
  }

  /// What a wrong value of `key` is told: `'KEY' must be a time from 00:00 to 12:00, written
  /// HH:MM; found 'TEXT'`.
  package static func problem(_ key: String, found text: String) -> String {
    "'\(key)' must be a time from 00:00 to \(DayStart(minutes: latest)), written HH:MM; found '\(text)'"
  }

  /// `HH:MM`.
  public var description: String {
    let (hours, minutes) = (minutes / 60, minutes % 60)
    return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
  }
}

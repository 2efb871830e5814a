import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The dates a time zone itself left out: a transition that moves its clocks forward by a
/// day or more jumps over a local date (Samoa, `Pacific/Apia`, went from UTC-10 to UTC+14 at
/// the end of 2011-12-29: 2011-12-30 was nobody's day there; Kiritimati skipped 1994-12-31).
/// DST moves clocks by an hour inside a day and skips no date. Each zone's transitions are read
/// from the system's time zone database once per process (about 260 for a zone with DST,
/// 1900–2100) and kept: a check looks the zone up, it does not scan it.
enum ZoneSkippedDates {
  /// One jump: the moment of the transition and the dates it left out (day numbers).
  struct Jump: Sendable, Equatable {
    let at: Date
    let days: Range<Int>
  }

  private static let cache = Cache()

  /// The jumps of `zone`, in time order (almost always none).
  static func jumps(of zone: TimeZone) -> [Jump] {
    if let known = cache.jumps(zone.identifier) { return known }
    let jumps = scan(zone)
    cache.keep(jumps, for: zone.identifier)
    return jumps
  }

  /// Every transition of `zone` from 1900 to 2100 whose local date after it is more than one
  /// day past the local date just before it.
  private static func scan(_ zone: TimeZone) -> [Jump] {
    var jumps: [Jump] = []
    var moment = Date(timeIntervalSince1970: -2_208_988_800)  // 1900-01-01T00:00:00Z
    let end = Date(timeIntervalSince1970: 4_102_444_800)  // 2100-01-01T00:00:00Z
    while let next = zone.nextDaylightSavingTimeTransition(after: moment), next < end, next > moment {
      let before = CalendarDay(next.addingTimeInterval(-1), in: zone).number
      let after = CalendarDay(next, in: zone).number
      if after > before + 1 { jumps.append(Jump(at: next, days: (before + 1)..<after)) }
      moment = next
    }
    return jumps
  }

  /// The jumps found so far, by zone identifier (shared by every thread).
  private final class Cache: @unchecked Sendable {
    /// Guards `known`, the jumps scanned per zone, held for a lookup or a store only (the scan
    /// runs outside it: two threads may scan one zone, and keep the same jumps).
    private let lock = NSLock()
    private var known: [String: [Jump]] = [:]

    func jumps(_ identifier: String) -> [Jump]? {
      lock.lock()
      defer { lock.unlock() }
      return known[identifier]
    }

    func keep(_ jumps: [Jump], for identifier: String) {
      lock.lock()
      defer { lock.unlock() }
      known[identifier] = jumps
    }
  }
}

@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog

/// A pause of a user's streaks: the days `from` through `to`, both included. On a paused day a
/// streak whose catalog entry says `pausable: true` neither extends nor breaks; everything else
/// (other streaks, metrics, badges) counts the day as it is.
public struct Pause: Sendable, Hashable, Comparable {
  /// The first paused day.
  public var from: CalendarDay
  /// The last paused day.
  public var to: CalendarDay

  /// The days `from` through `to`.
  public init(from: CalendarDay, to: CalendarDay) {
    self.from = from
    self.to = to
  }

  /// How many days it holds.
  public var days: Int { to.number - from.number + 1 }

  public static func < (lhs: Pause, rhs: Pause) -> Bool {
    (lhs.from.number, lhs.to.number) < (rhs.from.number, rhs.to.number)
  }

  /// Whether one of `pauses` (in date order, none overlapping) holds `day`.
  package static func holds(_ pauses: [Pause], day: Int) -> Bool {
    var low = 0
    var high = pauses.count
    while low < high {
      let middle = (low + high) / 2
      if pauses[middle].to.number < day { low = middle + 1 } else { high = middle }
    }
    return low < pauses.count && pauses[low].from.number <= day
  }

  /// What is wrong with a list of pauses, or nil: a pause that ends before it starts, or two
  /// that share a day (`at` names a pause for the message: its position or its line).
  package static func problem(_ pauses: [Pause], at: (Int) -> String) -> String? {
    for (index, pause) in pauses.enumerated() where pause.to < pause.from {
      return "\(at(index)) ends (\(pause.to)) before it starts (\(pause.from)); 'to' is the last paused day"
    }
    let order = pauses.indices.sorted { pauses[$0] < pauses[$1] }
    for (first, second) in zip(order, order.dropFirst()) where pauses[second].from <= pauses[first].to {
      let (a, b) = (min(first, second), max(first, second))
      return
        "\(at(b)) (\(pauses[b].from) to \(pauses[b].to)) overlaps \(at(a)) (\(pauses[a].from) to \(pauses[a].to)); a day is paused once"
    }
    return nil
  }

  /// The first period where `pauses` hold more days than `policy` allows, or nil: the period
  /// (`2026` or `2026-05`), the days paused in it, and the cap.
  package static func overCap(_ pauses: [Pause], policy: PausePolicy) -> (period: String, days: Int, cap: Int)? {
    guard let cap = policy.maxDays else { return nil }
    let used = daysPerPeriod(pauses, per: policy.per)
    return used.sorted { $0.key < $1.key }.first { $0.value > cap }.map { ($0.key, $0.value, cap) }
  }

  /// The paused days of each period (`2026`, or `2026-05`).
  package static func daysPerPeriod(_ pauses: [Pause], per: PausePolicy.Period) -> [String: Int] {
    var used: [String: Int] = [:]
    let length = per == .year ? 4 : 7
    for pause in pauses where pause.from <= pause.to {
      var day = pause.from
      while day <= pause.to {
        used[String(day.description.prefix(length)), default: 0] += 1
        day = day + 1
      }
    }
    return used
  }
}

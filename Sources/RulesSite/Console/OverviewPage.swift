import Foundation

/// A catalog's overview in the console: its users, those evaluated on the date, the unlocks of
/// each of the last 30 days and the lengths of current streaks as charts, the version served
/// and when it was loaded. Every number is given (the store's stats, as `GET
/// /v1/catalogs/{c}/stats` answers them); the page only draws them.
package struct OverviewPage: Sendable {
  /// One day's bar of the unlocks chart.
  package struct DayBar: Sendable {
    package var date: String
    package var count: Int
    package var x: Int
    package var y: Int
    package var height: Int
    /// The date under the bar (every seventh day), else nil.
    package var tick: String?
  }

  /// One streak's distribution of current lengths.
  package struct StreakChart: Sendable {
    package var name: String
    package var total: Int
    package var bars: [Bucket]
    package var height: Int
    package var chartLabel: String
  }

  package struct Bucket: Sendable {
    package var key: String
    package var label: String
    package var value: Int
    package var y: Int
    package var width: Int
    package var textX: Int
  }

  package var chrome: Chrome
  package var id: String
  package var name: String
  package var version: Int
  package var loaded: String
  package var date: String
  package var users: Int
  package var usersEvaluated: Int
  package var usersEvaluatedOnDate: Int
  package var days: [DayBar]
  package var unlocks30: Int
  package var daysLabel: String
  package var first: String
  package var streaks: [StreakChart]
  package var leaderboards: [Link]
  package var userAction: String

  /// `unlocks`: each of the last days, oldest first, with the users who unlocked a badge that
  /// day (each badge counted); `streaks`: per streak, the users per length bucket (`buckets`).
  package init(
    id: String, name: String, version: Int, loaded: String, date: String, users: Int, usersEvaluated: Int,
    usersEvaluatedOnDate: Int, unlocks: [(date: String, count: Int)], buckets: [(key: String, label: String)],
    streaks: [(name: String, counts: [Int])], leaderboards: [String], csrf: String
  ) {
    chrome = ConsoleChrome.chrome("\(name) — rules console", csrf: csrf, current: "Catalogs")
    self.id = id
    self.name = name
    self.version = version
    self.loaded = loaded
    self.date = date
    self.users = users
    self.usersEvaluated = usersEvaluated
    self.usersEvaluatedOnDate = usersEvaluatedOnDate
    let most = max(unlocks.map(\.count).max() ?? 0, 1)
    days = unlocks.enumerated().map { index, day in
      let height = day.count * 140 / most
      return DayBar(
        date: day.date, count: day.count, x: 40 + index * 20, y: 150 - max(height, day.count > 0 ? 2 : 0),
        height: max(height, day.count > 0 ? 2 : 0),
        tick: (unlocks.count - 1 - index) % 7 == 0 ? String(day.date.suffix(5)) : nil)
    }
    unlocks30 = unlocks.map(\.count).reduce(0, +)
    first = unlocks.first?.date ?? date
    daysLabel =
      "Unlocks per day from \(first) to \(date): "
      + unlocks.map { "\($0.date) \($0.count)" }.joined(separator: ", ")
    self.streaks = streaks.map { streak in
      let total = streak.counts.reduce(0, +)
      let scale = max(streak.counts.max() ?? 0, 1)
      let bars = zip(buckets, streak.counts).enumerated().map { index, pair in
        let width = pair.1 * 240 / scale
        return Bucket(
          key: pair.0.key, label: pair.0.label, value: pair.1, y: index * 22,
          width: max(width, pair.1 > 0 ? 2 : 0), textX: 110 + width + 6)
      }
      return StreakChart(
        name: streak.name, total: total, bars: bars, height: max(bars.count, 1) * 22,
        chartLabel: "\(streak.name): users by current length: "
          + bars.map { "\($0.label) \($0.value)" }.joined(separator: ", "))
    }
    self.leaderboards = leaderboards.map {
      Link(label: $0, href: "/console/catalogs/\(Self.segment(id))/leaderboards/\(Self.segment($0))")
    }
    userAction = "/console/catalogs/\(Self.segment(id))/user"
  }

  /// `text` as one segment of a path.
  package static func segment(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?", "#", ";", "%"])) ?? text
  }
}

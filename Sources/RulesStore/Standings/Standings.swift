import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// One number of a user's last evaluation that leaderboards rank and stats count: a streak's
/// current length (`STREAK.current`, with the days of its current run) or best
/// (`STREAK.best`), or a numeric metric's value (its id). Kept in the `standings` table, one row
/// per (catalog, user, name), written in the transaction that saves the user's state.
package struct Standing: Sendable, Equatable {
  /// `STREAK.current`, `STREAK.best` or a metric id.
  package var name: String
  package var value: Double
  /// `STREAK.current` of a running streak: the first and the last day of the current run
  /// (`current` days from its first); nil otherwise.
  package var since: CalendarDay?
  package var until: CalendarDay?

  package init(name: String, value: Double, since: CalendarDay? = nil, until: CalendarDay? = nil) {
    self.name = name
    self.value = value
    self.since = since
    self.until = until
  }
}

/// The standings' stats buckets and the schema that keeps them (what an evaluation puts in
/// them and the names a catalog ranks are the backend's: RulesBackend's `Standings.of`, `names`).
package enum Standings {
  /// The streak length buckets of `stats` (`streaks`), as their keys and bounds.
  package static let buckets: [(key: String, low: Int, high: Int)] = [
    ("1", 1, 1), ("2-6", 2, 6), ("7-29", 7, 29), ("30-99", 30, 99), ("100+", 100, Int(Int32.max)),
  ]

  /// Schema version 4: the standings (their rank index, and the runs of current streaks for
  /// `streak_days_on_date`), the catalogs whose standings were filled from the saved states
  /// (and by which catalog version), and the states by date (`users_evaluated_on_date`).
  static func schema(_ dialect: SQLDialect) -> [String] {
    let value = dialect.double
    // Ties are ranked by user id in byte order on both stores.
    let userID = "TEXT\(dialect.byteOrder)"
    return [
      """
      CREATE TABLE standings (
        catalog TEXT NOT NULL,
        user_id \(userID) NOT NULL,
        name TEXT NOT NULL,
        value \(value) NOT NULL,
        since TEXT,
        until TEXT,
        PRIMARY KEY (catalog, user_id, name)
      )
      """,
      "CREATE INDEX standings_rank ON standings (catalog, name, value DESC, user_id)",
      "CREATE INDEX standings_runs ON standings (catalog, name, until, since)",
      """
      CREATE TABLE standings_filled (
        catalog TEXT NOT NULL PRIMARY KEY,
        catalog_version INTEGER NOT NULL
      )
      """,
      "CREATE INDEX states_by_date ON states (catalog, date)",
    ]
  }
}

/// A leaderboard: the users ranked by one standing, greatest first; ties share a rank
/// (standard competition ranking: 1, 1, 3) and are listed by user id in byte order.
package struct Leaderboard: Sendable, Equatable {
  package struct Entry: Sendable, Equatable {
    package var rank: Int
    package var user: String
    package var value: Double

    package init(rank: Int, user: String, value: Double) {
      self.rank = rank
      self.user = user
      self.value = value
    }
  }

  package var catalog: String
  package var name: String
  package var entries: [Entry]
  /// A declared leaderboard's period: its id, first and last day (nil: an all-time board).
  package var period: (id: String, start: CalendarDay, end: CalendarDay)?

  package static func == (a: Leaderboard, b: Leaderboard) -> Bool { a.json == b.json }

  package init(catalog: String, name: String, entries: [Entry]) {
    self.catalog = catalog
    self.name = name
    self.entries = entries
  }

  /// `{"catalog": ..., "name": ..., "entries": [{"rank": 1, "user": ..., "value": ...}]}`;
  /// a whole value is written as an integer, every digit of it (`number`).
  package var json: String {
    let rows = entries.map { entry in
      #"{"rank":\#(entry.rank),"user":\#(JSONValue.string(entry.user).serialized(indent: nil)),"value":\#(Self.number(entry.value))}"#
    }
    let period =
      self.period.map {
        #","period":\#(JSONValue.string($0.id).serialized(indent: nil)),"start":"\#($0.start)","end":"\#($0.end)""#
      } ?? ""
    return
      #"{"catalog":\#(JSONValue.string(catalog).serialized(indent: nil)),"name":\#(JSONValue.string(name).serialized(indent: nil))\#(period),"entries":[\#(rows.joined(separator: ","))]}"#
  }

  /// A value as JSON: a whole one as an integer, however large (2^63 - 1 kept as a double is
  /// 9223372036854775808, never 9.223372036854776e+18), others as the shortest decimal that reads back.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }  // never stored: a non-finite value is left out
    if value == value.rounded() {
      if let whole = Int(exactly: value) { return String(whole) }
      return String(format: "%.0f", value)
    }
    return JSONValue.number(value).serialized(indent: nil)
  }

  /// Ranks `rows` (consecutive in the order value descending, user id ascending): the first's
  /// rank is one more than the users with a greater value (`greater`); then each value that
  /// differs from the one before has its position in the whole order (`before`: the users
  /// ordered before the first row).
  static func ranked(_ rows: [(user: String, value: Double)], greater: Int, before: Int) -> [Entry] {
    var entries: [Entry] = []
    entries.reserveCapacity(rows.count)
    for (index, row) in rows.enumerated() {
      let rank: Int
      if index == 0 {
        rank = greater + 1
      } else if row.value == rows[index - 1].value {
        rank = entries[index - 1].rank
      } else {
        rank = before + index + 1
      }
      entries.append(Entry(rank: rank, user: row.user, value: row.value))
    }
    return entries
  }

  /// What `StandingsSQL.around` read of one board around a user (its rows by part).
  struct AroundRows {
    var value: Double?
    var above: [(user: String, value: Double)] = []
    var tiedAfter: [(user: String, value: Double)] = []
    var lesser: [(user: String, value: Double)] = []
    var greater: [(user: String, value: Double)] = []
    var greaterCount = 0
    /// The user's value and the nearest values above it, closest first, with their users.
    var counts: [(value: Double, users: Int)] = []

    mutating func add(_ part: StandingsSQL.AroundPart, user: String?, value: Double?, users: Int) {
      switch part {
      case .value: self.value = value
      case .tiedBefore: above.append((user ?? "", value ?? 0))
      case .greater: greater.append((user ?? "", value ?? 0))
      case .tiedAfter: tiedAfter.append((user ?? "", value ?? 0))
      case .lesser: lesser.append((user ?? "", value ?? 0))
      case .greaterCount: greaterCount = users
      case .count: counts.append((value ?? 0, users))
      }
    }
  }

  /// The ranked window of `limit` around `user` from `rows` (nil: the user has no standing).
  /// A row's rank is one more than the users with a greater value than its own: the user's,
  /// `greaterCount`; a value above the user's, that less the counts of the values from the
  /// user's (excluded) to its own (included), all among the `limit - 1` nearest above since
  /// each has a row in the window; a value below, that plus the users of the user's value and
  /// the rows of the window between the two values (every row with a value in between is in
  /// the window). No position within a tie is needed, so no tie is counted row by row.
  static func around(_ user: String, _ rows: AroundRows, limit: Int) -> [Entry]? {
    guard let value = rows.value else { return nil }
    let wanted = limit - 1
    let above = Array((rows.above + rows.greater).prefix(wanted))
    let below = Array((rows.tiedAfter + rows.lesser).prefix(wanted))
    let window = Self.window(above: above, user: (user, value), below: below, limit: limit)
    let greater = rows.greaterCount
    let tied = rows.counts.first { $0.value == value }?.users ?? 1
    return window.map { row in
      let rank: Int
      if row.value > value {
        rank = greater + 1 - rows.counts.reduce(0) { $1.value > value && $1.value <= row.value ? $0 + $1.users : $0 }
      } else if row.value == value {
        rank = greater + 1
      } else {
        rank = greater + tied + 1 + window.count { $0.value > row.value && $0.value < value }
      }
      return Entry(rank: rank, user: row.user, value: row.value)
    }
  }

  /// The window of `limit` rows around a user: `above` ranked before them (closest first)
  /// and `below` after them (closest first), each fetched up to `limit - 1`. Up to
  /// (limit - 1) / 2 before the user; fewer before near the top and fewer after near the
  /// bottom leave their places to the other side.
  static func window(
    above: [(user: String, value: Double)], user: (user: String, value: Double),
    below: [(user: String, value: Double)], limit: Int
  ) -> [(user: String, value: Double)] {
    let (before, after) = sides(above: above.count, below: below.count, limit: limit)
    return above.prefix(before).reversed() + [user] + below.prefix(after)
  }

  /// How many rows of `window` are before and after the user, of `above` and `below` found.
  static func sides(above: Int, below: Int, limit: Int) -> (before: Int, after: Int) {
    let half = (limit - 1) / 2
    let before = min(above, max(half, limit - 1 - below))
    return (before, min(below, limit - 1 - before))
  }
}

/// A catalog's numbers across users (`GET /v1/catalogs/{c}/stats`), each user as of their
/// last evaluation. docs/store.md tells what each counts.
package struct CatalogStats: Sendable, Equatable {
  package var catalog: String
  /// The date the `_on_date` numbers are for (nil: no user evaluated yet, none asked).
  package var date: CalendarDay?
  /// The users of the catalog in the store (with records or details).
  package var users: Int
  /// Users with a saved state (evaluated at least once).
  package var usersEvaluated: Int
  /// Users whose last evaluation is as of `date`.
  package var usersEvaluatedOnDate: Int
  /// Users per badge unlocked (badges with at least one), all time and on `date`.
  package var unlocks: [(badge: String, users: Int)]
  package var unlocksOnDate: [(badge: String, users: Int)]
  /// Per streak (catalog order): users per bucket of the current length (`Standings.buckets`).
  package var streaks: [(streak: String, buckets: [Int])]
  /// Per streak: users whose current run counts `date`.
  package var streakDaysOnDate: [(streak: String, users: Int)]

  package init(catalog: String, date: CalendarDay?) {
    self.catalog = catalog
    self.date = date
    users = 0
    usersEvaluated = 0
    usersEvaluatedOnDate = 0
    unlocks = []
    unlocksOnDate = []
    streaks = []
    streakDaysOnDate = []
  }

  package static func == (lhs: CatalogStats, rhs: CatalogStats) -> Bool { lhs.json == rhs.json }

  package var json: String {
    JSONValue.object([
      ("catalog", .string(catalog)),
      ("date", date.map { .string($0.description) } ?? .null),
      ("users", .int(users)),
      ("users_evaluated", .int(usersEvaluated)),
      ("users_evaluated_on_date", .int(usersEvaluatedOnDate)),
      ("unlocks", .object(unlocks.map { ($0.badge, .int($0.users)) })),
      ("unlocks_on_date", .object(unlocksOnDate.map { ($0.badge, .int($0.users)) })),
      (
        "streaks",
        .object(
          streaks.map { streak in
            (streak.streak, .object(zip(Standings.buckets, streak.buckets).map { ($0.key, .int($1)) }))
          })
      ),
      ("streak_days_on_date", .object(streakDaysOnDate.map { ($0.streak, .int($0.users)) })),
    ]).serialized(indent: nil)
  }
}

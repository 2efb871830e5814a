import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import RulesTestSupport
import StoreTestSupport
import Testing

/// Ranks from the counts kept per value (`standings_counts`, issue 41) against a brute-force
/// ranking of random standings, on both stores: many ties, values that move up and down,
/// names a save leaves out, and every way the store writes standings (a locked save, a batch's
/// save of many users, a fill, a DELETE), checked after each round: the top and the window
/// around users at the top, in the middle, at the bottom and in ties, with odd and even limits.
@Suite struct StandingRanksTests {
  static let catalog = "ranks"
  static let names = ["a", "b"]
  /// Ids whose byte order differs from a case-blind one ("Zed" before "abe").
  static let users = (0..<40).map { ["abe", "Zed", "u-", "U-", "é"][$0 % 5] + String($0) }

  typealias Entry = (rank: Int, user: String, value: Double)

  /// What the store should hold: name, user, value.
  struct Model {
    var values: [String: [String: Double]] = [:]

    func ranking(_ name: String) -> [Entry] {
      let rows = (values[name] ?? [:]).map { ($0.key, $0.value) }
      let sorted = rows.sorted {
        $0.1 != $1.1 ? $0.1 > $1.1 : Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8))
      }
      return sorted.map { user, value in (rows.count { $0.1 > value } + 1, user, value) }
    }
  }

  /// Random standings of a user: each name given or left out; few distinct values (ties), some
  /// negative or with a fraction.
  static func standings(_ random: inout SplitMix64) -> [Standing] {
    names.compactMap { name in
      guard Int.random(in: 0..<5, using: &random) > 0 else { return nil }
      let pick = Int.random(in: 0..<8, using: &random)
      let value = pick == 7 ? -2.5 : pick == 6 ? 1.5 : Double(pick)
      return Standing(name: name, value: value)
    }
  }

  static func apply(_ standings: [Standing], of user: String, to model: inout Model) {
    for standing in standings { model.values[standing.name, default: [:]][user] = standing.value }
  }

  static func check(
    _ store: any StoreBackend, _ model: Model, _ random: inout SplitMix64, round: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for name in names {
      let ranking = model.ranking(name)
      let top = try await store.leaderboard(catalog: catalog, name: name, limit: 100, around: nil)
      #expect(
        top?.entries.map { "\($0.rank) \($0.user) \($0.value)" } == ranking.map { "\($0.rank) \($0.user) \($0.value)" },
        "round \(round), \(name): the top", sourceLocation: sourceLocation)
      guard !ranking.isEmpty else { continue }
      var positions = Set([0, ranking.count / 2, ranking.count - 1])
      for _ in 0..<4 { positions.insert(Int.random(in: 0..<ranking.count, using: &random)) }
      for position in positions {
        for limit in [1, 2, 5, 10, 100] {
          let read = try await store.leaderboard(
            catalog: catalog, name: name, limit: limit, around: ranking[position].user)
          let expected = window(ranking, around: position, limit: limit)
          #expect(
            read?.entries.map { "\($0.rank) \($0.user) \($0.value)" }
              == expected.map { "\($0.rank) \($0.user) \($0.value)" },
            "round \(round), \(name), around \(ranking[position].user) (\(position) of \(ranking.count)), limit \(limit)",
            sourceLocation: sourceLocation)
        }
      }
    }
    let missing = try await store.leaderboard(catalog: catalog, name: "a", limit: 5, around: "nobody")
    #expect(missing == nil, sourceLocation: sourceLocation)
  }

  /// The documented window of `limit` around the user at `position`.
  static func window(_ ranking: [Entry], around position: Int, limit: Int) -> [Entry] {
    let after = ranking.count - 1 - position
    let before = min(position, max((limit - 1) / 2, limit - 1 - after))
    let taken = min(after, limit - 1 - before)
    return Array(ranking[(position - before)...(position + taken)])
  }

  @Test("ranks from the counts equal a brute-force ranking after every kind of write", arguments: Backend.all)
  func ranksEqualBruteForce(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      var random = SplitMix64(seed: 41)
      var model = Model()
      let date = day("2026-05-01")
      var version = 1
      for round in 0..<12 {
        switch round % 4 {
        case 0:
          // Locked saves (a PUT's), one user at a time.
          for user in Self.users.shuffled(using: &random).prefix(15) {
            let standings = Self.standings(&random)
            try await store.withLockedUser(
              catalog: Self.catalog, user: user, put: StoredDay(date: date + round, record: "{}"), info: nil,
              allDays: false
            ) { loaded in
              let loaded = try #require(loaded)
              return (
                SavedCheck(
                  user: user, revision: loaded.revision, state: Data([1]), stateDate: date + round, new: [],
                  rebuilt: false, standings: standings), ()
              )
            }
            Self.apply(standings, of: user, to: &model)
          }
        case 1:
          // A batch's save: many users in one transaction.
          let loaded = try await store.loadUsers(catalog: Self.catalog, ids: Self.users)
          var checks: [SavedCheck] = []
          for user in loaded where Bool.random(using: &random) {
            let standings = Self.standings(&random)
            checks.append(
              SavedCheck(
                user: user.user, revision: user.revision, state: Data([2]), stateDate: date + round, new: [],
                rebuilt: false, standings: standings))
            Self.apply(standings, of: user.user, to: &model)
          }
          let saved = try await store.save(catalog: Self.catalog, checks: checks)
          #expect(saved.count == checks.count)
        case 2:
          // Deletions.
          for user in Self.users.shuffled(using: &random).prefix(6) {
            _ = try await store.deleteUser(catalog: Self.catalog, user: user)
            for name in Self.names { model.values[name]?[user] = nil }
          }
        default:
          // A fill of every user with a state, for a new catalog version.
          version += 1
          var given: [String: [Standing]] = [:]
          for user in Self.users { given[user] = Self.standings(&random) }
          let fill = given
          let filled = try await store.fillStandings(catalog: Self.catalog, version: version) { loaded in
            SavedCheck(
              user: loaded.user, revision: loaded.revision, state: Data(), stateDate: date, new: [], rebuilt: false,
              standings: fill[loaded.user])
          }
          #expect(filled > 0)
          let withState = try await store.loadUsers(catalog: Self.catalog, ids: Self.users).filter { $0.state != nil }
          for user in withState { Self.apply(fill[user.user] ?? [], of: user.user, to: &model) }
        }
        try await Self.check(store, model, &random, round: round)
      }
      #expect(model.ranking("a").count > 10)
    }
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// What support gave a user's streaks, as `users.support` keeps it: freezes granted and days
/// restored, each with its reason and when it was given (a JSON object; null for none).
package struct UserSupport: Sendable, Equatable {
  /// One grant and when it was given (milliseconds since 1970), with the `Idempotency-Key` it
  /// was asked with (the same key again is this grant, not another).
  package struct Grant: Sendable, Equatable {
    package var grant: FreezeGrant
    package var at: Int64
    package var key: String?

    package init(_ grant: FreezeGrant, at: Int64, key: String? = nil) {
      self.grant = grant
      self.at = at
      self.key = key
    }
  }

  /// One restore and when it was made (milliseconds since 1970).
  package struct Restore: Sendable, Equatable {
    package var restore: StreakRestore
    package var at: Int64

    package init(_ restore: StreakRestore, at: Int64) {
      self.restore = restore
      self.at = at
    }
  }

  package var grants: [Grant] = []
  package var restores: [Restore] = []

  package init(grants: [Grant] = [], restores: [Restore] = []) {
    self.grants = grants
    self.restores = restores
  }

  package var isEmpty: Bool { grants.isEmpty && restores.isEmpty }

  /// The grants as the engine takes them.
  package var freezeGrants: [FreezeGrant] { grants.map(\.grant) }
  /// The restores as the engine takes them.
  package var streakRestores: [StreakRestore] { restores.map(\.restore) }

  /// The column's text (nil: none).
  package var text: String? {
    guard !isEmpty else { return nil }
    let stored = Stored(
      freezeGrants: grants.map {
        .init(
          streak: $0.grant.streak, count: $0.grant.count, date: $0.grant.date.description, reason: $0.grant.reason,
          at: $0.at, key: $0.key)
      },
      restores: restores.map {
        .init(
          streak: $0.restore.streak, from: $0.restore.from.description, through: $0.restore.through.description,
          reason: $0.restore.reason, at: $0.at)
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return (try? encoder.encode(stored)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The column's support; an entry that does not read is left out.
  package init(text: String?) {
    guard let text, let stored = try? JSONDecoder().decode(Stored.self, from: Data(text.utf8)) else { return }
    grants = (stored.freezeGrants ?? []).compactMap { grant in
      CalendarDay.parsed(grant.date).map {
        Grant(
          FreezeGrant(streak: grant.streak, count: grant.count, date: $0, reason: grant.reason), at: grant.at,
          key: grant.key)
      }
    }
    restores = (stored.restores ?? []).compactMap { restore in
      guard let from = CalendarDay.parsed(restore.from), let through = CalendarDay.parsed(restore.through) else {
        return nil
      }
      return Restore(
        StreakRestore(streak: restore.streak, from: from, through: through, reason: restore.reason), at: restore.at)
    }
  }

  private struct Stored: Codable {
    struct StoredGrant: Codable {
      var streak: String
      var count: Int
      var date: String
      var reason: String
      var at: Int64
      var key: String?
    }
    struct StoredRestore: Codable {
      var streak: String
      var from: String
      var through: String
      var reason: String
      var at: Int64
    }
    var freezeGrants: [StoredGrant]?
    var restores: [StoredRestore]?

    enum CodingKeys: String, CodingKey {
      case freezeGrants = "freeze_grants"
      case restores
    }
  }
}

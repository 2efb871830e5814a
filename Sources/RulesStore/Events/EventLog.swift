import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// An event as the log keeps it and the API, `rules-server events` and webhooks tell it.
public struct StoredEvent: Sendable, Equatable {
  public var id: Int64
  public var catalog: String
  public var catalogVersion: Int
  public var user: String
  public var date: String
  public var kind: String
  public var subject: String
  /// A JSON object.
  public var data: String
  /// When it was appended (Unix milliseconds).
  public var createdAt: Int64

  public init(
    id: Int64, catalog: String, catalogVersion: Int, user: String, date: String, kind: String, subject: String,
    data: String, createdAt: Int64
  ) {
    self.id = id
    self.catalog = catalog
    self.catalogVersion = catalogVersion
    self.user = user
    self.date = date
    self.kind = kind
    self.subject = subject
    self.data = data
    self.createdAt = createdAt
  }

  /// `text` as a JSON string.
  package static func quoted(_ text: String) -> String { JSONValue.string(text).serialized(indent: nil) }

  /// `{"id": 17, "catalog": "rizq", "catalog_version": 1, "user": "fatima", "date": "2026-05-07",
  /// "kind": "badge.unlocked", "subject": "week-warrior", "data": {}}`, on one line.
  public var json: String {
    let q = Self.quoted
    return
      "{\"id\":\(id),\"catalog\":\(q(catalog)),\"catalog_version\":\(catalogVersion),\"user\":\(q(user)),\"date\":\(q(date)),\"kind\":\(q(kind)),\"subject\":\(q(subject)),\"data\":\(data)}"
  }
}

/// Which events to read: those after an id, at most `limit`, of one catalog, user or kind.
public struct EventQuery: Sendable, Equatable {
  public var after: Int64
  public var limit: Int
  public var catalog: String?
  public var user: String?
  public var kind: String?

  public init(after: Int64 = 0, limit: Int = 100, catalog: String? = nil, user: String? = nil, kind: String? = nil) {
    self.after = after
    self.limit = limit
    self.catalog = catalog
    self.user = user
    self.kind = kind
  }
}

/// A user's next webhook batch, claimed by one `deliver` worker until `claimedUntil`.
public struct DeliveryClaim: Sendable {
  public var catalog: String
  public var user: String
  /// The batch, oldest first: the user's events after the delivered cursor. A retry sends
  /// the same events (the cursor's `sending`), so a receiver that dedupes by `webhook-id` sees
  /// each batch once.
  public var events: [StoredEvent]
  /// Failed attempts so far of this batch.
  public var attempts: Int
  /// Proves the claim is this worker's when it finishes.
  public var token: String

  /// `webhook-id`: the batch's first and last event ids, the same at every retry.
  public var messageID: String {
    "msg_\(events.first?.id ?? 0)_\(events.last?.id ?? 0)"
  }
}

/// Where the deliveries stand: users with undelivered events, how many, and how old the oldest is.
public struct DeliveryBacklog: Sendable, Equatable {
  public var users: Int
  public var events: Int
  /// When the oldest undelivered event was appended (Unix milliseconds), if there is one.
  public var oldest: Int64?
}

enum EventClock {
  /// Now, in Unix milliseconds.
  static var now: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}

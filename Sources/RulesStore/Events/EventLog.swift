import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// An event as the log keeps it and the API, `rules-server events` and webhooks tell it.
package struct StoredEvent: Sendable, Equatable {
  package var id: Int64
  package var catalog: String
  package var catalogVersion: Int
  package var user: String
  package var date: String
  package var kind: String
  package var subject: String
  /// A JSON object.
  package var data: String
  /// When it was appended (Unix milliseconds).
  package var createdAt: Int64
  /// The revision (hash) of the catalog that evaluated (`events.catalog_revision`; nil before
  /// schema version 8).
  package var catalogRevision: String?

  package init(
    id: Int64, catalog: String, catalogVersion: Int, user: String, date: String, kind: String, subject: String,
    data: String, createdAt: Int64, catalogRevision: String? = nil
  ) {
    self.catalogRevision = catalogRevision
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
  package var json: String {
    let q = Self.quoted
    return
      "{\"id\":\(id),\"catalog\":\(q(catalog)),\"catalog_version\":\(catalogVersion),\"user\":\(q(user)),\"date\":\(q(date)),\"kind\":\(q(kind)),\"subject\":\(q(subject)),\"data\":\(data)}"
  }
}

/// Which events to read: those after an id, at most `limit`, of one catalog, user or kind.
package struct EventQuery: Sendable, Equatable {
  package var after: Int64
  package var limit: Int
  package var catalog: String?
  package var user: String?
  package var kind: String?

  package init(after: Int64 = 0, limit: Int = 100, catalog: String? = nil, user: String? = nil, kind: String? = nil) {
    self.after = after
    self.limit = limit
    self.catalog = catalog
    self.user = user
    self.kind = kind
  }
}

/// A user's next webhook batch, claimed by one `deliver` worker until `claimedUntil`.
package struct DeliveryClaim: Sendable {
  package var catalog: String
  package var user: String
  /// The batch, oldest first: the user's events after the delivered cursor. A retry sends
  /// the same events (the cursor's `sending`), so a receiver that dedupes by `webhook-id` sees
  /// each batch once.
  package var events: [StoredEvent]
  /// Failed attempts so far of this batch.
  package var attempts: Int
  /// Proves the claim is this worker's when it finishes.
  package var token: String

  /// `webhook-id`: the batch's first and last event ids, the same at every retry.
  package var messageID: String {
    "msg_\(events.first?.id ?? 0)_\(events.last?.id ?? 0)"
  }
}

/// Where the deliveries stand: users with undelivered events, how many, and how old the oldest is.
package struct DeliveryBacklog: Sendable, Equatable {
  package var users: Int
  package var events: Int
  /// When the oldest undelivered event was appended (Unix milliseconds), if there is one.
  package var oldest: Int64?
}

enum EventClock {
  /// Now, in Unix milliseconds.
  static var now: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}

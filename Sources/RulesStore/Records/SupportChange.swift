@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// What support gives a user, as `StoreBackend.changeSupport` writes it in one transaction:
/// the user's support as it is to be, the first day it changes (a state that counted it is
/// marked for a rebuild), and the event that tells it.
package struct SupportChange: Sendable {
  package var support: UserSupport
  package var from: CalendarDay
  package var event: NewEvent
  /// The version and revision (hash) of the catalog the change was checked with.
  package var catalogVersion: Int
  package var catalogRevision: String?
  /// The user's event mark (its text, nil for none) as the change leaves it, or nil to leave
  /// it (granted freezes are told once, by the change's event, not again as earned).
  package var mark: (@Sendable (String?) -> String?)?
  /// The grant or restore was given already (the same restore, a grant's `Idempotency-Key`
  /// again): nothing is written, and `support` is the user's as it is.
  package var unchanged = false

  package init(
    support: UserSupport, from: CalendarDay, event: NewEvent, catalogVersion: Int, catalogRevision: String?
  ) {
    self.support = support
    self.from = from
    self.event = event
    self.catalogVersion = catalogVersion
    self.catalogRevision = catalogRevision
  }

  /// The event's row, as `EventSQL.eventInsert` lists its columns.
  func eventArguments(catalog: String, user: String, now: Int64) -> SQLArguments {
    [
      catalog, catalogVersion, user, event.date.description, event.kind, event.subject, event.detail, event.data, now,
      catalogRevision,
    ]
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A day record as the store keeps it: the date, the inputs as compact JSON, and the same in
/// the engine's encoded form (`StoreCatalog.encoded`; nil for a record stored before schema
/// version 2). `record` is empty for a day the batch read without its JSON (`loadUsers`'s
/// `encoding`): its encoded form is in the catalog's encoding.
package struct StoredDay: Sendable, Equatable {
  package var date: CalendarDay
  package var record: String
  package var encoded: Data?

  package init(date: CalendarDay, record: String, encoded: Data? = nil) {
    self.date = date
    self.record = record
    self.encoded = encoded
  }
}

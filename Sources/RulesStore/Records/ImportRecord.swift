import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// One day record to store.
package struct ImportRecord: Sendable, Equatable {
  package var user: String
  package var date: CalendarDay
  package var record: String
  /// The record in the engine's encoded form (`StoreCatalog.encoded`).
  package var encoded: Data?

  package init(user: String, date: CalendarDay, record: String, encoded: Data? = nil) {
    self.user = user
    self.date = date
    self.record = record
    self.encoded = encoded
  }
}

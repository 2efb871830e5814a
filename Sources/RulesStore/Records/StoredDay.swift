import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A day record as the store keeps it: the date, the inputs as compact JSON, and the same in
/// the engine's encoded form (`StoreCatalog.encoded`; nil for a record stored before schema
/// version 2).
public struct StoredDay: Sendable, Equatable {
  public var date: CalendarDay
  public var record: String
  public var encoded: Data?

  public init(date: CalendarDay, record: String, encoded: Data? = nil) {
    self.date = date
    self.record = record
    self.encoded = encoded
  }
}

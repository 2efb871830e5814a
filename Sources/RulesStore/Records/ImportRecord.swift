import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// One day record to store.
public struct ImportRecord: Sendable, Equatable {
  public var user: String
  public var date: CalendarDay
  public var record: String
  /// The record in the engine's encoded form (`StoreCatalog.encoded`).
  public var encoded: Data?

  public init(user: String, date: CalendarDay, record: String, encoded: Data? = nil) {
    self.user = user
    self.date = date
    self.record = record
    self.encoded = encoded
  }
}

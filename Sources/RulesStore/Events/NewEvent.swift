@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// One event to append (its id comes from the store).
public struct NewEvent: Sendable, Equatable {
  public var kind: String
  public var subject: String
  public var date: CalendarDay
  /// Part of the unique key beside kind, subject and date (the level of `level.reached`).
  public var detail: String
  /// A JSON object.
  public var data: String

  public init(kind: String, subject: String, date: CalendarDay, detail: String = "", data: String = "{}") {
    self.kind = kind
    self.subject = subject
    self.date = date
    self.detail = detail
    self.data = data
  }
}

/// What a save tells the event log: the events of a check, from the mark the user's last
/// saved check left (its text, nil for none), and the mark to leave. The store reads the
/// previous mark and appends the events in the save's transaction; the backend derives them
/// (`EventFacts`).
public protocol EventSource: Sendable {
  func events(previousMark: String?, unlocks: [StoredUnlock]) -> (events: [NewEvent], mark: String)
}

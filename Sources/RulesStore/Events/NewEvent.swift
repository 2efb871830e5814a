@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// One event to append (its id comes from the store).
package struct NewEvent: Sendable, Equatable {
  package var kind: String
  package var subject: String
  package var date: CalendarDay
  /// Part of the unique key beside kind, subject and date (the level of `level.reached`).
  package var detail: String
  /// A JSON object.
  package var data: String

  package init(kind: String, subject: String, date: CalendarDay, detail: String = "", data: String = "{}") {
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
package protocol EventSource: Sendable {
  func events(previousMark: String?, unlocks: [StoredUnlock]) -> (events: [NewEvent], mark: String)
}

@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Something an app may want to know about a check that is not an error: a record that changed
/// after its day was counted, a state saved with another version of the catalog. A value with
/// a stable id, so that the app decides what (if anything) to show.
public struct EngineWarning: Sendable, Hashable, CustomStringConvertible {
  /// The kind of warning, stable across versions.
  public var id: ID
  /// What happened, in one sentence.
  public var message: String
  /// The day the warning is about, when it is about one.
  public var date: CalendarDay?

  /// A warning of kind `id` saying `message`.
  public init(_ id: ID, _ message: String, date: CalendarDay? = nil) {
    self.id = id
    self.message = message
    self.date = date
  }

  /// The message.
  public var description: String { message }

  /// The kinds of warnings.
  public enum ID: String, Sendable, Hashable, CaseIterable {
    /// A record of a day the state has already counted differs from the one counted; the
    /// change is not counted (a check with `rebuild: true` counts it).
    case recordChanged = "record-changed"
    /// A record appeared for a day the state has already counted without one; it is not
    /// counted (a check with `rebuild: true` counts it).
    case recordAdded = "record-added"
    /// The state was saved at a later date than the check's: the evaluation is made from the
    /// records given alone, and the state is returned as it was.
    case stateAhead = "state-ahead"
    /// The state was saved with another version of the catalog.
    case catalogVersionChanged = "catalog-version-changed"
    /// A number sum an older version wrote as null (it had overflowed): read as the largest
    /// number (a check with `rebuild: true` counts it again).
    case overflowedSum = "overflowed-sum"
    /// A streak or a history sum the catalog has that the state lacks: it counts from the
    /// state's date (a check with `rebuild: true` counts the past).
    case newSinceState = "new-since-state"
  }
}

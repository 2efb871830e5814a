@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// One day's record as an app reports it: the date and a value for some of the catalog's
/// inputs (the others take their defaults), checked against the catalog when it is made.
///
/// ```swift
/// let record = try DayRecord(
///   date: CalendarDay("2026-05-09"), values: ["habits_completed": 1, "mood": "good"], for: engine)
/// ```
public struct DayRecord: Sendable, Equatable {
  /// The day the record is for.
  public var date: CalendarDay { encoded.date }
  /// The values as the evaluator reads them, one per input of the catalog.
  package let encoded: EncodedRecord
  /// The names of the inputs of the catalog the record was made for (checked by `Engine.check`).
  package let inputNames: [String]

  /// A record of `encoded`'s values for a catalog whose inputs are `inputNames` (the engine
  /// makes records this way).
  package init(encoded: EncodedRecord, inputNames: [String]) {
    self.encoded = encoded
    self.inputNames = inputNames
  }

  /// Whether both are the same day with the same values (and inputs named), for the same catalog.
  public static func == (lhs: DayRecord, rhs: DayRecord) -> Bool {
    lhs.encoded.date == rhs.encoded.date && lhs.encoded.values == rhs.encoded.values
      && lhs.encoded.reported == rhs.encoded.reported && lhs.inputNames == rhs.inputNames
  }
}

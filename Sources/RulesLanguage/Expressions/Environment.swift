/// The names expressions of one catalog can see, with their types.
@_spi(Tooling) public struct Environment: Sendable {
  /// The inputs by name: position and type.
  @_spi(Tooling) public var inputs: [String: (index: Int, type: ValueType)] = [:]
  /// Metrics by name; a metric whose type is not known yet (or has an error) is `.invalid`.
  @_spi(Tooling) public var metrics: [String: (index: Int, type: ValueType)] = [:]
  /// The streaks by name: their position.
  @_spi(Tooling) public var streaks: [String: Int] = [:]

  /// An environment with no names.
  @_spi(Tooling) public init() {}

  /// Built-in names and what they mean.
  package static let builtins: [(name: String, type: ValueType, summary: String)] =
    [
      ("logged", .bool, "whether the day has a record in the history"),
      ("day", .int, "days since the history's start (0 on the start day)"),
    ] + CalendarField.allCases.map { ($0.name, .int, $0.summary) }

  /// Every name an expression can write, for suggestions.
  var allNames: [String] {
    var names = Array(inputs.keys) + Array(metrics.keys) + Environment.builtins.map(\.name)
    for streak in streaks.keys {
      names += StreakField.allCases.map { "\(streak).\($0.rawValue)" }
    }
    names += ["badges.count", "badges.xp"]
    return names.sorted()
  }
}

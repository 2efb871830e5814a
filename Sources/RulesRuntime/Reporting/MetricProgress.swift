@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

extension Evaluation {
  /// How far the user is towards a metric's next value (RIZQ's "340 / 500 XP" ring towards
  /// the next level), for a metric whose catalog entry has `progress`.
  public struct MetricProgress: Sendable, Equatable {
    /// The metric's name.
    public var name: String
    /// Where the user is, counted from where the metric's current value began (XP into the level).
    public var current: Value
    /// Where the next value begins, counted the same way (XP the level needs).
    public var target: Value
    /// `current / target` from 0 to 1, rounded to 3 decimals.
    public var progress: Double

    /// A metric's progress.
    public init(name: String, current: Value, target: Value, progress: Double) {
      self.name = name
      self.current = current
      self.target = target
      self.progress = progress
    }
  }
}

/// The side of an experiment a user is on: the served catalog or the experiment's variant.
public enum Arm: String, Sendable, Hashable, CaseIterable, Codable {
  /// The served catalog.
  case control
  /// The experiment's variant catalog.
  case variant
}

/// A reward scheme as written: one app's inputs, streaks, metrics, milestones, badges,
/// quotes and messages, with imported modules merged in. `CatalogValidator` turns it into a
/// `ValidatedCatalog` that can be evaluated.
public struct Catalog: Sendable {
  public var id: String
  public var version: Int
  public var name: String?
  public var description: String?
  /// The file it was read from.
  public var file: String
  public var inputs: [Input] = []
  public var streaks: [Streak] = []
  public var metrics: [Metric] = []
  public var milestones: MilestoneTrack?
  public var groups: [BadgeGroup] = []
  public var badges: [Badge] = []
  public var quotes: QuoteRotation?
  public var messages: [Message] = []
  /// Names the catalog's imported modules require, checked once the catalog is whole.
  public var requirements: [Requirement] = []

  public init(id: String, version: Int = 1, file: String) {
    self.id = id
    self.version = version
    self.file = file
  }
}

/// A name a rule module needs its importer to define (`requires:` in the module).
public struct Requirement: Sendable {
  public var name: String
  public var type: ValueType
  public var origin: Origin

  public init(name: String, type: ValueType, origin: Origin) {
    self.name = name
    self.type = type
    self.origin = origin
  }
}

/// What one YAML file holds once decoded: a catalog, or a rule module that catalogs import.
/// `CatalogLoader` merges a catalog's file with its imports into one `Catalog`.
public struct RuleFile: Sendable {
  public enum Kind: Sendable { case catalog, module }

  public var kind: Kind
  public var file: String
  /// The catalog's or module's id.
  public var id: String
  public var version: Int = 1
  public var name: String?
  public var description: String?
  public var imports: [(path: String, origin: Origin)] = []
  public var requirements: [Requirement] = []
  public var inputs: [Input] = []
  public var streaks: [Streak] = []
  public var metrics: [Metric] = []
  public var groups: [BadgeGroup] = []
  public var badges: [Badge] = []
  public var milestones: MilestoneTrack?
  public var quotes: QuoteRotation?
  public var messages: [Message] = []

  public init(kind: Kind, file: String, id: String) {
    self.kind = kind
    self.file = file
    self.id = id
  }
}

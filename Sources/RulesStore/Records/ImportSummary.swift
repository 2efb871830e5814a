/// What an import did.
public struct ImportSummary: Sendable, Equatable {
  /// Records read from the files.
  public var records: Int
  /// Distinct users among them.
  public var users: Int
  /// Records that were new or different from the stored ones.
  public var changed: Int

  public init(records: Int, users: Int, changed: Int) {
    self.records = records
    self.users = users
    self.changed = changed
  }
}

/// What an import did.
package struct ImportSummary: Sendable, Equatable {
  /// Records read from the files.
  package var records: Int
  /// Distinct users among them.
  package var users: Int
  /// Records that were new or different from the stored ones.
  package var changed: Int

  package init(records: Int, users: Int, changed: Int) {
    self.records = records
    self.users = users
    self.changed = changed
  }
}

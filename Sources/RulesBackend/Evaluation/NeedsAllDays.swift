import RulesStore

/// Thrown by an evaluation that needs every stored day (the date asked for is before the
/// state's): the store loads them and calls it again.
package struct NeedsAllDays: Error {
  package init() {}
}

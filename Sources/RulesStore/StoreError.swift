/// A store error for people: the store, what failed and why.
package struct StoreError: Error, Sendable, CustomStringConvertible {
  package var message: String
  package init(_ message: String) { self.message = message }
  package var description: String { message }
}

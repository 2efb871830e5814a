import RulesStore

/// Why a JSON text is not valid JSON.
package struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
  package var message: String
  package var description: String { message }
}

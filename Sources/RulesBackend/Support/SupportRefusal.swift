/// Why support's grant or restore was refused (`StreakSupport`): nothing was written.
package struct SupportRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  package enum Kind: Sendable, Equatable {
    /// The catalog has no record of the user.
    case unknownUser
    /// The catalog has no streak of that name.
    case unknownStreak
    /// A restore through a day that has not begun for the user.
    case futureDate
    /// The streak cannot take it: an elapsed streak, or nothing to restore.
    case refused
    /// A grant's `Idempotency-Key` was given for another grant.
    case idempotencyConflict
  }

  package var kind: Kind
  package var message: String

  package init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  package var description: String { message }
}

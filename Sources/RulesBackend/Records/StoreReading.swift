import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// What a catalog makes of what the store holds for it: the stored days' inputs it does not
/// have (left out when they are read), the stored values it cannot take (a retyped input, a
/// member or a bound changed), and the saved states it cannot read. The server reads the store
/// with a candidate catalog before it serves it (`rules-server serve`, a reload) and refuses
/// one with unreadable values (docs/store.md, "Changing a served catalog").
package struct StoreReading: Sendable, Equatable {
  /// An input some stored days carry that the catalog does not have.
  package struct Ignored: Sendable, Equatable {
    package var input: String
    /// The users with such a day, and the days.
    package var users: Int
    package var days: Int
  }

  /// Stored values of one input that the catalog's input cannot take.
  package struct Unreadable: Sendable, Equatable {
    package var input: String
    package var users: Int
    package var days: Int
    /// Why, for the first such value read (the engine's message for a history file's).
    package var example: String
  }

  /// By input name.
  package var ignored: [Ignored] = []
  /// By input name.
  package var unreadable: [Unreadable] = []
  /// The users whose saved state the catalog cannot read (each is counted again from their
  /// stored days at their next evaluation); nil when the states were not read.
  package var unreadableStates: Int?

  package init(ignored: [Ignored] = [], unreadable: [Unreadable] = [], unreadableStates: Int? = nil) {
    self.ignored = ignored
    self.unreadable = unreadable
    self.unreadableStates = unreadableStates
  }

  /// What refuses the catalog `id`, one line for each input whose stored values it cannot take.
  package func problems(catalog id: String) -> [String] {
    unreadable.map {
      "\(id): the input '\($0.input)' cannot read the values \(Self.count($0.users, "user")) stored on "
        + "\(Self.count($0.days, "day")) (e.g. \($0.example)); keep its type, members and bounds, or give it a new name"
    }
  }

  /// What the catalog `id` leaves out, one line for each input (for the log).
  package func notes(catalog id: String) -> [String] {
    var notes = ignored.map {
      "\(id): the input '\($0.input)' is not in the catalog: it is left out of the days \(Self.count($0.users, "user")) "
        + "stored it on (\(Self.count($0.days, "day")))"
    }
    if let states = unreadableStates, states > 0 {
      notes.append(
        "\(id): this version cannot read the saved state of \(Self.count(states, "user")): each is counted again from their stored days at their next evaluation"
      )
    }
    return notes
  }

  /// `1 user`, `2 users`.
  static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}

/// Counts, record by record, what `StoreReading` tells (the stores' `reading` feed it).
struct StoreTally: StoredTally {
  let catalog: StoreCatalog
  private var ignored: [String: (users: Set<String>, days: Int)] = [:]
  /// The example is the value of the earliest day (then the first user id, by bytes), so
  /// that it does not depend on the order rows come in.
  private var unreadable: [String: (users: Set<String>, days: Int, example: String, at: [UInt8])] = [:]
  private var states = 0
  private var readStates = false

  init(catalog: StoreCatalog) { self.catalog = catalog }

  /// A stored day's record (its JSON) of `user` on `date` (`YYYY-MM-DD`).
  mutating func add(user: String, date: String, record: String) {
    // The days stored in the catalog's encoding are not given: read without a doubt.
    guard let read = catalog.read(record: record, encoded: nil) else { return }
    for input in read.ignored {
      ignored[input, default: ([], 0)].users.insert(user)
      ignored[input]!.days += 1
    }
    let at = Array(date.utf8) + [0] + Array(user.utf8)
    for (input, message) in read.unreadable {
      unreadable[input, default: ([], 0, message, at)].users.insert(user)
      unreadable[input]!.days += 1
      if at.lexicographicallyPrecedes(unreadable[input]!.at) {
        unreadable[input]!.example = message
        unreadable[input]!.at = at
      }
    }
  }

  /// A saved state.
  mutating func add(state: Data) {
    readStates = true
    if (try? StoreCatalog.state(state, for: catalog.engine)) == nil { states += 1 }
  }

  /// The states were read (even if there were none).
  mutating func countStates() { readStates = true }

  var reading: StoreReading {
    StoreReading(
      ignored: ignored.keys.sorted().map {
        StoreReading.Ignored(input: $0, users: ignored[$0]!.users.count, days: ignored[$0]!.days)
      },
      unreadable: unreadable.keys.sorted().map {
        let found = unreadable[$0]!
        return StoreReading.Unreadable(input: $0, users: found.users.count, days: found.days, example: found.example)
      },
      unreadableStates: readStates ? states : nil)
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// What a catalog makes of what the store holds for it: the stored days' inputs it does not
/// have (left out when they are read), the stored values it cannot take as they are (a retyped
/// input, a member or a bound changed, an experiment's variant that widened an input: each is
/// read as its nearest value, `Input.nearest`), and the saved states it cannot read. The server
/// reads the store with a catalog before it serves it (`rules-server serve`, a reload, a
/// restore, a promote) and reports what it found; none of it refuses a catalog
/// (docs/store.md, "Changing a served catalog").
package struct StoreReading: Sendable, Equatable {
  /// An input some stored days carry that the catalog does not have.
  package struct Ignored: Sendable, Equatable {
    package var input: String
    /// The users with such a day, and the days.
    package var users: Int
    package var days: Int
  }

  /// Stored values of one input that the catalog's input cannot take as they are: each is
  /// read as its nearest value the input takes.
  package struct Nearest: Sendable, Equatable {
    package var input: String
    package var users: Int
    package var days: Int
    /// Why, and what it is read as, for the first such value (the engine's message for a
    /// history file's, then `; read as VALUE`).
    package var example: String
  }

  /// By input name.
  package var ignored: [Ignored] = []
  /// By input name.
  package var nearest: [Nearest] = []
  /// The users whose saved state the catalog cannot read (each is counted again from their
  /// stored days at their next evaluation); nil when the states were not read.
  package var unreadableStates: Int?

  package init(ignored: [Ignored] = [], nearest: [Nearest] = [], unreadableStates: Int? = nil) {
    self.ignored = ignored
    self.nearest = nearest
    self.unreadableStates = unreadableStates
  }

  /// What the catalog `id` reads as the nearest value and leaves out, one line for each input,
  /// and the saved states it cannot read (for the log, `rules-server diff` and the console).
  package func notes(catalog id: String) -> [String] {
    var notes = nearest.map {
      "\(id): the input '\($0.input)' cannot take the values \(Self.count($0.users, "user")) stored on "
        + "\(Self.count($0.days, "day")) as they are: each is read as its nearest value (e.g. \($0.example))"
    }
    notes += ignored.map {
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
  private var nearest: [String: (users: Set<String>, days: Int, example: String, at: [UInt8])] = [:]
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
    for (input, message) in read.nearest {
      nearest[input, default: ([], 0, message, at)].users.insert(user)
      nearest[input]!.days += 1
      if at.lexicographicallyPrecedes(nearest[input]!.at) {
        nearest[input]!.example = message
        nearest[input]!.at = at
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
      nearest: nearest.keys.sorted().map {
        let found = nearest[$0]!
        return StoreReading.Nearest(input: $0, users: found.users.count, days: found.days, example: found.example)
      },
      unreadableStates: readStates ? states : nil)
  }
}

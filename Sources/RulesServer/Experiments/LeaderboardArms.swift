import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

extension HTTPAPI {
  /// A leaderboard's JSON (`Leaderboard.json`) with each entry's `"arm"` (`control` or
  /// `variant`: the stable hash's, the arm the user is evaluated under) after its `"user"` while
  /// the catalog has a running experiment; as it is otherwise.
  func armedLeaderboard(_ board: Leaderboard) -> String {
    let json = board.json
    guard let experiment = served.experiments.running(board.catalog) else { return json }
    var armed = ""
    armed.reserveCapacity(json.utf8.count + board.entries.count * 18)
    var rest = json[...]
    for entry in board.entries {
      let user = "\"user\":" + JSONValue.string(entry.user).serialized(indent: nil)
      guard let found = rest.range(of: user) else { return json }
      armed += rest[..<found.upperBound]
      armed += ",\"arm\":\"\(experiment.arm(of: entry.user).rawValue)\""
      rest = rest[found.upperBound...]
    }
    return armed + rest
  }
}

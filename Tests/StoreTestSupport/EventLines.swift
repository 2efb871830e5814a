import RulesBackend
import RulesStore
import Testing

/// Every event of the store (of one user), as `kind subject date data` (with the user when
/// `user` is nil), in id order; ids are checked to increase.
package func eventLines(_ store: any StoreBackend, user: String? = nil) async throws -> [String] {
  var lines: [String] = []
  var after: Int64 = 0
  while true {
    let page = try await store.events(EventQuery(after: after, limit: 1_000, user: user))
    guard let last = page.last else { break }
    #expect(zip(page, page.dropFirst()).allSatisfy { $0.id < $1.id } && page[0].id > after, "ids increase")
    lines += page.map { "\(user == nil ? $0.user + " " : "")\($0.kind) \($0.subject) \($0.date) \($0.data)" }
    after = last.id
  }
  return lines
}

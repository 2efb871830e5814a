import Foundation
import RulesStore

/// The batch's reading: the users of a catalog (of a shard) in chunks, in the order of their
/// ids. One chunk is read ahead (`prefetch`) while the batch evaluates and saves the one before.
actor BatchReader {
  let store: any StoreBackend
  let catalog: String
  /// The catalog's encoding (`RecordEncoding.prefix`): days stored in it are read without their JSON.
  let encoding: Data
  let shard: Shard?
  let chunk: Int
  private var after: String?
  private var ids: [String] = []
  private var exhausted = false

  init(store: any StoreBackend, catalog: String, encoding: Data, shard: Shard?, chunk: Int) {
    self.store = store
    self.catalog = catalog
    self.encoding = encoding
    self.shard = shard
    self.chunk = chunk
  }

  /// The next chunk of users, or nil after the last.
  func next() async throws -> [LoadedUser]? {
    // A page of ids holds a chunk of the shard's users on average.
    let page = chunk * max(1, shard?.count ?? 1)
    while ids.count < chunk && !exhausted {
      let more = try await store.userIDs(catalog: catalog, after: after, limit: page)
      if more.count < page { exhausted = true }
      guard let last = more.last else { break }
      after = last
      ids += more.filter { shard?.contains($0) ?? true }
    }
    guard !ids.isEmpty else { return nil }
    let slice = Array(ids.prefix(chunk))
    ids.removeFirst(slice.count)
    return try await store.loadUsers(catalog: catalog, ids: slice, encoding: encoding)
  }

  /// Starts reading the next chunk; the batch awaits it when it is done with the current one.
  nonisolated func prefetch() -> Task<[LoadedUser]?, any Error> {
    Task { try await self.next() }
  }
}

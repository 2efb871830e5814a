/// What a store read on the caller's thread gives: the value, or that the read would have to
/// wait (on a lock, a network) and must be awaited instead (`StoreBackend.revisionAtOnce`).
package enum ReadAtOnce<Value: Sendable>: Sendable {
  case value(Value)
  case mustWait
}

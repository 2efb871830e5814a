import ArgumentParser
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The limits `serve` holds every client to, with safe defaults (docs/store.md, "Limits").
struct ServerLimits: ParsableArguments {
  @Option(help: "Seconds a connection may stay idle, between requests or while its request head arrives.")
  var idleTimeout: Double = 30
  @Option(
    help:
      "Seconds a request's body may take to arrive once its head has (a request answered before its body arrived, such as a 401, is closed within 2 s)."
  )
  var readTimeout: Double = 15
  @Option(
    help:
      "Seconds the server may take to answer a request from its head (then 503 timeout, and the request's work is cancelled)."
  )
  var requestTimeout: Double = 30
  @Option(help: "Seconds a store call may take before the request gets 503 store-unavailable.")
  var storeTimeout: Double = 5
  @Option(help: "The most connections open at once (at most half the process's file descriptor limit).")
  var maxConnections = 4096

  func validate() throws {
    for (name, value) in [
      ("--idle-timeout", idleTimeout), ("--read-timeout", readTimeout), ("--request-timeout", requestTimeout),
      ("--store-timeout", storeTimeout),
    ] where !(value.isFinite && value > 0 && value <= 86_400) {
      throw ValidationError("\(name): \(value) is not a number of seconds above 0 and at most 86400")
    }
    if maxConnections < 1 { throw ValidationError("--max-connections: \(maxConnections) is not a positive number") }
  }

  /// `--max-connections`, lowered to half the file descriptors the process may open, so that
  /// the store's files and connections and the listening socket always have theirs.
  var connectionCap: Int {
    var limit = rlimit()
    #if os(Linux)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return maxConnections }
    return max(1, min(maxConnections, Int(clamping: limit.rlim_cur / 2)))
  }

  static func duration(_ seconds: Double) -> Duration { .milliseconds(Int64((seconds * 1000).rounded())) }
}

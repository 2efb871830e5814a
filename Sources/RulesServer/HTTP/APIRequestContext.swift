import Hummingbird
import NIOCore

/// The context of a request to the HTTP API: Hummingbird's, and the address of the client
/// (the rate limiter's key for a request without a user token).
struct APIRequestContext: RequestContext, RemoteAddressRequestContext {
  var coreContext: CoreRequestContextStorage
  /// The peer of the connection: the client, or the proxy in front of the server.
  let remoteAddress: SocketAddress?

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
  }
}

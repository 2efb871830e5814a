import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// `X-Content-Type-Options: nosniff` on every answer the server writes, the router's and the
/// ones written before it (a request that is not HTTP, a 405, a timeout's): a browser then
/// takes a body for the type it is sent as, never for a script or a page it guessed.
final class NoSniffHandler: ChannelOutboundHandler, RemovableChannelHandler {
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  static let name = HTTPField.Name("X-Content-Type-Options")!

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard case .head(var head) = unwrapOutboundIn(data) else {
      context.write(data, promise: promise)
      return
    }
    head.headerFields[Self.name] = "nosniff"
    context.write(wrapOutboundOut(.head(head)), promise: promise)
  }
}

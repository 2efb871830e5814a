import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Gives the answer Hummingbird writes for a request it cannot parse (a malformed or
/// oversized head, a bad Content-Length, a raw NUL in the path: `400` with an empty body and
/// `Connection: close`) the API's JSON error body. The API's own answers always have a body,
/// so an empty 400 that closes the connection can only be that one.
final class ParserErrorBodyHandler: ChannelOutboundHandler, RemovableChannelHandler {
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  static let body =
    #"{"error":{"code":"bad-request","message":"the request is not valid HTTP/1.1 (a malformed or oversized head, or a bad Content-Length)"}}"#
    + "\n"

  private var rewriting = false

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head(var head)
    where head.status == .badRequest && head.headerFields[.contentLength] == "0"
      && head.headerFields[.connection] == "close":
      rewriting = true
      head.headerFields[.contentType] = "application/json; charset=utf-8"
      head.headerFields[.contentLength] = "\(Self.body.utf8.count)"
      context.write(wrapOutboundOut(.head(head)), promise: promise)
    case .end(let trailers) where rewriting:
      rewriting = false
      context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(string: Self.body))), promise: nil)
      context.write(wrapOutboundOut(.end(trailers)), promise: promise)
    default:
      context.write(data, promise: promise)
    }
  }
}

import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request body does not arrive within `timeout` of its head: a
/// client that trickles a byte now and then would otherwise hold the connection (and a
/// handler waiting for the body) for as long as it likes. Slow heads and idle connections
/// are closed by Hummingbird's idle timeout, which this does not replace.
final class ReadDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  let timeout: TimeAmount
  private var deadline: Scheduled<Void>?

  init(timeout: TimeAmount) {
    self.timeout = timeout
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      deadline?.cancel()
      let channel = context.channel
      deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    case .body: break
    case .end:
      deadline?.cancel()
      deadline = nil
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    // An answer given before the body was read (413, 400) ends the wait for it.
    if case .end = unwrapOutboundIn(data) {
      deadline?.cancel()
      deadline = nil
    }
    context.write(data, promise: promise)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
    context.fireChannelInactive()
  }
}

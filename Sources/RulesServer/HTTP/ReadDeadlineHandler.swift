import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request body does not arrive within `timeout` of its head: a
/// client that trickles a byte now and then would otherwise hold the connection (and a
/// handler waiting for the body) for as long as it likes. Slow heads and idle connections
/// are closed by Hummingbird's idle timeout, which this does not replace.
///
/// An answer given before its request's body has all arrived (401, 403, 404, 405, 413, 429:
/// the body was never wanted) says `Connection: close`, and once it is written the server
/// stops sending (a half close: the client reads the answer, then the end) and reads what is
/// left of the body only until the read deadline or `linger` after the answer, whichever
/// comes first, then closes. Closing at once would make the kernel reset the connection over
/// the unread body, and a client could lose the answer it has not read yet; waiting for the
/// body would let a client without a token hold the connection by trickling it.
final class ReadDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  let timeout: TimeAmount
  /// How long the rest of a body is read after an answer given before it arrived.
  let linger: TimeAmount
  private var deadline: Scheduled<Void>?
  private var deadlineAt: NIODeadline?
  /// Request heads and ends read, response heads and ends written (requests are answered in
  /// order, so the answer being written is to request number `responseEnds + 1`).
  private var heads = 0
  private var ends = 0
  private var responseHeads = 0
  private var responseEnds = 0
  /// An answer went before its body: the connection closes once the body ends or the deadline
  /// passes (after the answer is written).
  private var closing: EventLoopFuture<Void>?

  init(timeout: TimeAmount, linger: TimeAmount = .seconds(2)) {
    self.timeout = timeout
    self.linger = min(linger, timeout)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      heads += 1
      if closing == nil { schedule(context, at: .now() + timeout) }
    case .body: break
    case .end:
      ends += 1
      if let closing {
        // The rest of the body has come: nothing more is read on this connection.
        cancel()
        let channel = context.channel
        closing.whenComplete { _ in channel.close(promise: nil) }
      } else if ends == heads {
        cancel()
      }
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head(var head) where head.status.code >= 200:
      responseHeads += 1
      // The answer to a request whose body has not all arrived: the connection will not serve another.
      if ends < responseHeads, head.status.code >= 200 {
        head.headerFields[.connection] = "close"
        context.write(wrapOutboundOut(.head(head)), promise: promise)
        return
      }
    case .head, .body: break
    case .end:
      responseEnds += 1
      if ends < responseEnds {
        let channel = context.channel
        let written = context.eventLoop.makePromise(of: Void.self)
        closing = written.futureResult
        written.futureResult.whenComplete { result in
          promise?.completeWith(result)
          // The answer is out: send the end, then read the body only until the deadline.
          channel.close(mode: .output, promise: nil)
        }
        context.write(data, promise: written)
        let lingerEnd = NIODeadline.now() + linger
        schedule(context, at: min(deadlineAt ?? lingerEnd, lingerEnd))
        return
      }
    }
    context.write(data, promise: promise)
  }

  private func schedule(_ context: ChannelHandlerContext, at instant: NIODeadline) {
    deadline?.cancel()
    let channel = context.channel
    deadlineAt = instant
    deadline = context.eventLoop.scheduleTask(deadline: instant) { channel.close(promise: nil) }
  }

  private func cancel() {
    deadline?.cancel()
    deadline = nil
    deadlineAt = nil
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    cancel()
  }

  func channelInactive(context: ChannelHandlerContext) {
    cancel()
    context.fireChannelInactive()
  }
}

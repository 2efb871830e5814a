import Foundation
import StoreTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP connection to the server that sends exactly the bytes a test gives, when it gives
/// them: for what curl will not send (a slow head, a trickled body, a malformed request).
final class RawConnection {
  private let socket: Int32

  init(port: Int) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw StoreTestFailure("socket() failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      throw StoreTestFailure("connect() failed")
    }
  }

  deinit { close(socket) }

  /// Sends `bytes`; false when the server has closed the connection.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
  }

  /// Sends `text` as UTF-8; false when the server has closed the connection.
  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Everything the server sends until it closes the connection or `seconds` pass; `closed`
  /// says which.
  func receive(for seconds: Double) -> (text: String, closed: Bool) {
    var received: [UInt8] = []
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while Date() < deadline {
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
      if ready <= 0 { continue }
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
      received += buffer[0..<count]
    }
    return (String(decoding: received, as: UTF8.self), false)
  }
}

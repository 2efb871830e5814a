import Foundation
import RulesSource

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file could not be read at all (before any YAML is looked at).
public struct FileReadError: Error, Sendable, CustomStringConvertible {
  public enum Reason: Sendable, Equatable {
    case notFound
    case isDirectory
    /// A FIFO, a device or a socket: reading one could wait forever or never end.
    case notRegular(kind: String)
    case tooLarge(size: Int, limit: Int)
    case unreadable(String)
  }

  public var path: String
  public var reason: Reason

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  public var description: String {
    switch reason {
    case .notFound: "no such file"
    case .isDirectory: "is a folder, not a file"
    case .notRegular(let kind): "is \(kind), not a regular file; only regular files are read"
    case .tooLarge(let size, let limit):
      "the file is \(ByteSize(size)), more than the limit of \(ByteSize(limit))"
    case .unreadable(let why): "cannot read the file: \(why)"
    }
  }

  /// Why a file could not be opened, from `errno`.
  static func reason(errno code: Int32) -> Reason {
    switch code {
    case ENOENT, ENOTDIR: .notFound
    case ELOOP: .unreadable("too many levels of symbolic links (a link loop?)")
    case EACCES, EPERM: .unreadable("permission denied")
    case EISDIR: .isDirectory
    default: .unreadable(String(cString: strerror(code)))
    }
  }

  /// As a diagnostic at the start of the file.
  public var diagnostic: Diagnostic {
    let id: DiagnosticID =
      switch reason {
      case .tooLarge: .fileTooLarge
      default: .fileUnreadable
      }
    return Diagnostic(file: path, mark: .start, id: id, message: description)
  }
}

extension DiagnosticID {
  /// A file that does not exist, is a folder or cannot be read.
  public static let fileUnreadable: DiagnosticID = "file-unreadable"
  /// A file larger than the reader's limit.
  public static let fileTooLarge: DiagnosticID = "file-too-large"
}

extension SourceFile {
  /// Reads a regular file (links followed), refusing one larger than `maxBytes` before
  /// reading it, and anything that is not a regular file (a FIFO would block forever,
  /// `/dev/zero` never end, `/proc` files lie about their size) without reading from it.
  public static func load(path: String, maxBytes: Int) throws(FileReadError) -> SourceFile {
    // Opened without blocking (a FIFO with no writer would block the open itself), then
    // checked on the descriptor, so the file checked is the file read.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw FileReadError(path: path, reason: FileReadError.reason(errno: errno)) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw FileReadError(path: path, reason: FileReadError.reason(errno: errno))
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw FileReadError(path: path, reason: .isDirectory)
    case S_IFIFO: throw FileReadError(path: path, reason: .notRegular(kind: "a FIFO (named pipe)"))
    case S_IFCHR, S_IFBLK: throw FileReadError(path: path, reason: .notRegular(kind: "a device"))
    case S_IFSOCK: throw FileReadError(path: path, reason: .notRegular(kind: "a socket"))
    default: throw FileReadError(path: path, reason: .notRegular(kind: "not a file"))
    }
    let size = Int(info.st_size)
    if size > maxBytes { throw FileReadError(path: path, reason: .tooLarge(size: size, limit: maxBytes)) }
    // Read one byte more than the limit: a file that grew since we looked is still caught.
    var bytes = [UInt8](repeating: 0, count: min(size, maxBytes) + 1)
    var count = 0
    while true {
      if count == bytes.count {
        if count > maxBytes { break }
        bytes += [UInt8](repeating: 0, count: min(max(count, 4096), maxBytes + 1 - count))
      }
      let result = bytes.withUnsafeMutableBytes { buffer in
        read(fd, buffer.baseAddress! + count, buffer.count - count)
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw FileReadError(path: path, reason: FileReadError.reason(errno: errno))
      }
      if result == 0 { break }
      count += result
    }
    if count > maxBytes { throw FileReadError(path: path, reason: .tooLarge(size: count, limit: maxBytes)) }
    bytes.removeSubrange(count...)
    return SourceFile(path: path, bytes: bytes)
  }
}

/// A byte count for people: "16 MiB", "52.4 MiB", "812 bytes".
public struct ByteSize: CustomStringConvertible, Sendable {
  public var bytes: Int
  public init(_ bytes: Int) { self.bytes = bytes }

  public var description: String {
    let mib = 1024.0 * 1024.0
    if bytes >= 1024 * 1024 {
      let value = Double(bytes) / mib
      return value == value.rounded() ? "\(Int(value)) MiB" : "\(round(value * 10) / 10) MiB"
    }
    if bytes >= 1024 {
      let value = Double(bytes) / 1024
      return value == value.rounded() ? "\(Int(value)) KiB" : "\(round(value * 10) / 10) KiB"
    }
    return "\(bytes) bytes"
  }
}

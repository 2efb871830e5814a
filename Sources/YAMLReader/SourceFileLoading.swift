import Foundation
import RulesSource

/// Why a file could not be read at all (before any YAML is looked at).
public struct FileReadError: Error, Sendable, CustomStringConvertible {
  public enum Reason: Sendable, Equatable {
    case notFound
    case isDirectory
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
    case .tooLarge(let size, let limit):
      "the file is \(ByteSize(size)), more than the limit of \(ByteSize(limit))"
    case .unreadable(let why): "cannot read the file: \(why)"
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
  /// Reads a file, refusing one larger than `maxBytes` before reading it.
  public static func load(path: String, maxBytes: Int) throws(FileReadError) -> SourceFile {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw FileReadError(path: path, reason: .notFound)
    }
    if isDirectory.boolValue { throw FileReadError(path: path, reason: .isDirectory) }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw FileReadError(path: path, reason: .unreadable("permission denied"))
    }
    defer { try? handle.close() }
    do {
      let size = Int(try handle.seekToEnd())
      if size > maxBytes {
        throw FileReadError(path: path, reason: .tooLarge(size: size, limit: maxBytes))
      }
      try handle.seek(toOffset: 0)
      // Read one byte more than the limit: a file that grew since we looked is still caught.
      let data = try handle.read(upToCount: maxBytes + 1) ?? Data()
      if data.count > maxBytes {
        throw FileReadError(path: path, reason: .tooLarge(size: data.count, limit: maxBytes))
      }
      return SourceFile(path: path, bytes: [UInt8](data))
    } catch let error as FileReadError {
      throw error
    } catch {
      throw FileReadError(path: path, reason: .unreadable("\(error.localizedDescription)"))
    }
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

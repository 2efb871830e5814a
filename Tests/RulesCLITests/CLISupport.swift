import Foundation
import Testing

/// Runs the built `rules` binary, as a user would.
struct CLI {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The binary next to the test bundle (both are built by `swift test`), or $RULES_BINARY.
  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["RULES_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("rules"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("rules"),
      repository.appendingPathComponent(".build/debug/rules"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[2]
  }()

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Runs `rules ARGUMENTS` in `directory` (default: the repository).
  @discardableResult
  static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> Result {
    // Output goes to files, so a large output can never block the child on a full pipe.
    let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("rules-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outputs) }
    let out = outputs.appendingPathComponent("out")
    let err = outputs.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = try start(
      arguments, in: directory, environment: environment,
      stdout: try FileHandle(forWritingTo: out), stderr: try FileHandle(forWritingTo: err))
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
  }

  /// Starts `rules ARGUMENTS` without waiting for it (output discarded unless given).
  static func start(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    stdout: FileHandle? = nil, stderr: FileHandle? = nil
  ) throws -> Process {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? repository
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.standardOutput = stdout ?? FileHandle.nullDevice
    process.standardError = stderr ?? FileHandle.nullDevice
    try process.run()
    return process
  }
}

/// A temporary folder with files, removed at the end of the test.
final class Sandbox {
  let url: URL

  init(_ files: [String: String] = [:]) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("rules-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (path, text) in files { try write(path, text) }
  }

  func write(_ path: String, _ text: String) throws {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  func read(_ path: String) throws -> Data {
    try Data(contentsOf: url.appendingPathComponent(path))
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}

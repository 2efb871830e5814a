import Foundation
import StoreTestSupport

/// Runs the built binaries (`rules-server`, `rules`) as a user would.
enum Binary {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func url(_ name: String) -> URL {
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent(name),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
      repositoryRoot.appendingPathComponent(".build/debug/\(name)"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[2]
  }

  /// Fails the test when a binary is not built.
  static func requireBuilt() throws {
    for name in ["rules", "rules-server"] where !FileManager.default.isExecutableFile(atPath: url(name).path) {
      throw StoreTestFailure("\(url(name).path) is not built: run `swift build` first")
    }
  }

  /// Runs `NAME ARGUMENTS` in the repository; output through files (no full pipe can block).
  @discardableResult
  static func run(
    _ name: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil
  ) throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    let err = folder.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = try start(
      name, arguments, environment: environment, stdout: try FileHandle(forWritingTo: out),
      stderr: try FileHandle(forWritingTo: err))
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
  }

  static func start(
    _ name: String, _ arguments: [String], environment: [String: String] = [:], stdout: Any? = nil,
    stderr: Any? = nil
  ) throws -> Process {
    let process = Process()
    process.executableURL = url(name)
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    var env = ProcessInfo.processInfo.environment
    for name in ["RULES_API_TOKEN", "RULES_JWT_SECRET", "RULES_JWT_PUBLIC_KEY", "RULES_JWT_AUDIENCE"] {
      env[name] = nil
    }
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.standardOutput = stdout ?? FileHandle.nullDevice
    process.standardError = stderr ?? FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
  }
}

/// A `rules-server serve` process on a free port, stopped with SIGTERM when it is released (at
/// the latest).
final class ServerProcess {
  let process: Process
  let base: URL
  let token: String?
  private let output: Pipe

  /// `environment` adds to (and overrides) the server's; `log` gets its standard error.
  init(
    store: String, token: String? = nil, extra: [String] = [], environment more: [String: String] = [:],
    log: URL? = nil
  ) throws {
    output = Pipe()
    var environment: [String: String] = ["LOG_LEVEL": "warning"]
    if let token { environment["RULES_API_TOKEN"] = token }
    environment.merge(more) { $1 }
    var stderr: Any = FileHandle.nullDevice
    if let log {
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      stderr = try FileHandle(forWritingTo: log)
    }
    process = try Binary.start(
      "rules-server", ["serve", "--store", store, "--port", "0"] + extra, environment: environment,
      stdout: output, stderr: stderr)
    self.token = token
    // The first line says where it listens.
    var line = Data()
    let handle = output.fileHandleForReading
    while !line.contains(0x0A) {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      line += chunk
    }
    let text = String(decoding: line, as: UTF8.self)
    guard let range = text.range(of: "http://"),
      let url = URL(string: String(text[range.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      process.terminate()
      throw StoreTestFailure("the server did not start: \(text)")
    }
    base = url
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  struct Answer {
    var status: Int
    var body: String
    var headers: [String: String]
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]) }
  }

  /// One request over real HTTP (curl: a client outside the server's own stack).
  /// `curl` takes `options` too (e.g. `--interface 127.0.0.2`: another client address).
  func request(
    _ method: String, _ path: String, body: String? = nil, token: String? = nil, useToken: Bool = true,
    headers: [String] = [], options: [String] = []
  ) throws -> Answer {
    var arguments = ["-s", "-S", "-X", method, "-D", "-", "--max-time", "30", base.absoluteString + path] + options
    if let token = token ?? (useToken ? self.token : nil) { arguments += ["-H", "Authorization: Bearer \(token)"] }
    for header in headers { arguments += ["-H", header] }
    var bodyFile: URL?
    if let body {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString)")
      try Data(body.utf8).write(to: file)
      bodyFile = file
      arguments += ["-H", "Content-Type: application/json", "--data-binary", "@" + file.path]
    }
    defer { if let bodyFile { try? FileManager.default.removeItem(at: bodyFile) } }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["curl"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard let split = text.range(of: "\r\n\r\n") else { throw StoreTestFailure("no HTTP answer: \(text)") }
    let head = text[..<split.lowerBound].split(separator: "\r\n")
    let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    var fields: [String: String] = [:]
    for line in head.dropFirst() {
      if let colon = line.firstIndex(of: ":") {
        fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return Answer(status: status, body: String(text[split.upperBound...]), headers: fields)
  }

  func stop() -> Int32 {
    process.terminate()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

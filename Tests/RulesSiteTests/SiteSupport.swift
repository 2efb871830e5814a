import Foundation
import Testing

/// Runs the built `rules` binary, as a user would (the binary next to the test bundle, else
/// .build/debug/rules, or $RULES_BINARY).
enum Rules {
  struct Result: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["RULES_BINARY"] { return URL(fileURLWithPath: path) }
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("rules"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("rules"),
      repository.appendingPathComponent(".build/debug/rules"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[2]
  }()

  /// Runs `rules ARGUMENTS` in `directory` (default: the repository).
  static func run(_ arguments: [String], in directory: URL? = nil) throws -> Result {
    let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("rules-site-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outputs) }
    let out = outputs.appendingPathComponent("out")
    let err = outputs.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? repository
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
  }

  /// `rules ARGUMENTS --format json`'s output, parsed.
  static func json(_ arguments: [String], in directory: URL? = nil) throws -> [String: Any] {
    let result = try run(arguments + ["--format", "json"], in: directory)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return try #require(object, "rules \(arguments.joined(separator: " ")): \(result.stderr)")
  }
}

/// A temporary folder, removed at the end of the test.
final class Folder: Sendable {
  let url: URL

  init(_ files: [String: String] = [:]) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("rules-site-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (path, text) in files { try write(path, text) }
  }

  func write(_ path: String, _ text: String) throws {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  func read(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: url.appendingPathComponent(path)), as: UTF8.self)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  deinit { try? FileManager.default.removeItem(at: url) }
}

/// A page's elements that carry an attribute, read from the HTML without parsing prose.
struct Page {
  let html: String

  /// The attributes of every start tag holding `name`, in document order.
  func elements(with name: String, in part: String? = nil) -> [[String: String]] {
    let text = part ?? html
    var found: [[String: String]] = []
    let tag = /<[a-zA-Z][a-zA-Z0-9]*(\s[^>]*)?>/
    let attribute = /([a-zA-Z][a-zA-Z0-9:-]*)(?:="([^"]*)")?/
    for match in text.matches(of: tag) {
      guard let inside = match.output.1 else { continue }
      var attributes: [String: String] = [:]
      for pair in String(inside).matches(of: attribute) {
        attributes[String(pair.output.1)] = Self.unescape(pair.output.2.map(String.init) ?? "")
      }
      if attributes[name] != nil { found.append(attributes) }
    }
    return found
  }

  /// The day step shown when the page opens (the one section.step without `hidden`).
  var shownStep: String? {
    let parts = html.components(separatedBy: "<section class=\"step\"").dropFirst()
    for part in parts {
      let opening = part.prefix { $0 != ">" }
      if !opening.contains(" hidden") {
        return "<section class=\"step\"" + (part.components(separatedBy: "</section>").first ?? "")
      }
    }
    return nil
  }

  static func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}

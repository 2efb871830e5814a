import Foundation
import StoreTestSupport

/// Everything a store holds, read by the database's own dump tool (`sqlite3 .dump`,
/// `pg_dump --data-only`), so that "a refused request changes nothing stored" is checked
/// without the store's own code: two snapshots are equal when every table holds the same rows.
struct StoreSnapshot: Equatable, CustomStringConvertible {
  /// The dump's lines, the rows of each table sorted (their order on disk is not what is stored).
  let lines: [String]

  var description: String { "\(lines.count) lines" }

  /// The snapshot of the store at `address` (`sqlite:PATH` or a `postgres://` URL).
  static func of(_ address: String) throws -> StoreSnapshot {
    if address.hasPrefix("sqlite:") {
      return StoreSnapshot(lines: try run(["sqlite3", String(address.dropFirst("sqlite:".count)), ".dump"]))
    }
    let dump = try run(["pg_dump", "--data-only", "--no-owner", "--no-privileges", address])
    // A sequence's value is not data (a rolled-back insert moves it on), nor is the random key
    // of pg_dump's `\restrict` lines.
    let kept = dump.filter { line in
      !line.isEmpty && !line.hasPrefix("--") && !line.hasPrefix("SELECT pg_catalog.setval")
        && !line.hasPrefix("\\restrict") && !line.hasPrefix("\\unrestrict")
    }
    // The rows of each COPY block in order, as the block's place on disk may change.
    var lines: [String] = []
    var block: [String] = []
    for line in kept {
      if line.hasPrefix("COPY ") || line == "\\." {
        lines += block.sorted()
        block = []
        lines.append(line)
      } else {
        block.append(line)
      }
    }
    return StoreSnapshot(lines: lines + block.sorted())
  }

  /// The lines in one snapshot and not the other, for a failure's message.
  func difference(from other: StoreSnapshot) -> String {
    let mine = Set(lines)
    let theirs = Set(other.lines)
    let gone = other.lines.filter { !mine.contains($0) }.map { "- " + $0 }
    let added = lines.filter { !theirs.contains($0) }.map { "+ " + $0 }
    return (gone + added).joined(separator: "\n")
  }

  private static func run(_ arguments: [String]) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      throw StoreTestFailure("\(arguments.joined(separator: " ")) failed (\(process.terminationStatus))")
    }
    return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
  }
}

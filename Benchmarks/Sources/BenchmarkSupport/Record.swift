import Foundation

/// Each benchmark measures its own figure (units of work per second of the work alone) and
/// hands it to the harness as a custom metric; it also appends it to the file named by
/// `RULES_BENCH_RESULTS`, one JSON object a line, for `run` to build the table from.
package enum Record {
  package static func append(_ name: String, figure: Double, unit: String, extra: [String: Double] = [:]) {
    guard let path = ProcessInfo.processInfo.environment["RULES_BENCH_RESULTS"] else { return }
    var object: [String: Any] = ["name": name, "figure": figure, "unit": unit]
    for (key, value) in extra { object[key] = value }
    guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
      return
    }
    line.append(0x0A)
    if !FileManager.default.fileExists(atPath: path) {
      FileManager.default.createFile(atPath: path, contents: nil)
    }
    guard let handle = FileHandle(forWritingAtPath: path) else { return }
    handle.seekToEndOfFile()
    handle.write(line)
    handle.closeFile()
  }

  /// The process's peak resident memory so far (VmHWM), in bytes; 0 where /proc is missing.
  package static func peakResident() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
      return digits * 1024
    }
    return 0
  }

  /// Seconds taken by `work`.
  @inline(__always)
  package static func seconds<T>(_ work: () -> T) -> (T, Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = work()
    let elapsed = clock.now - start
    return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }
}

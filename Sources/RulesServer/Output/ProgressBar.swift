import Foundation

/// A progress bar on standard error (a terminal only).
final class ProgressBar: Sendable {
  let total: Int
  init(total: Int) { self.total = total }

  func show(_ done: Int) {
    let width = 30
    let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
    FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total) users".utf8))
  }

  func finish() { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
}

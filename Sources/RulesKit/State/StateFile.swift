import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A state file on disk (`rules eval --state`): read and written under an exclusive lock on a
/// separate lock file (`STATE.lock`), written atomically (a temporary file in the same folder,
/// flushed to disk, renamed over the old one, the folder flushed too), so that a crash leaves
/// the old file or the new one, never half of one, and two evaluations at once lose nothing.
package struct StateFile: Sendable {
  package let path: String

  package init(path: String) {
    self.path = path
  }

  package var lockPath: String { path + ".lock" }

  /// The engine's daily check with the state in this file: read, checked and written back
  /// under the file's lock, so concurrent evaluations queue up and every unlock is kept. A
  /// state that cannot be used is an error and the file stays as it was; a state saved after
  /// `date` is left as it is (the check warns `state-ahead`). `calendar`, `timeZone`,
  /// `timeZoneChanges`, `pauses`, `freezeGrants`, `restores` and `repairs` as for `Engine.check`.
  package func check(
    _ engine: Engine, user: String?, start: CalendarDay?, on date: CalendarDay, records: [DayRecord],
    rebuild: Bool = false, calendar: UserCalendar = .gregorian, timeZone: TimeZone? = nil,
    timeZoneChanges: [TimeZoneChange] = [], pauses: [Pause] = [],
    freezeGrants: [FreezeGrant] = [], restores: [StreakRestore] = [], repairs: [Repair] = []
  ) throws(StateError) -> DailyCheck {
    // Resolved once: a link's target is locked, read and replaced, the link kept.
    let file = StateFile(path: try StatePath.resolve(path))
    return try file.withLock { () throws(StateError) -> DailyCheck in
      let data = try file.read()
      let check: DailyCheck
      let json: Data
      do throws(EngineError) {
        let state = try data.map { data throws(EngineError) in try UserState(json: data, for: engine) }
        check = try engine.check(
          user: user, start: start, on: date, records: records, state: state, rebuild: rebuild, calendar: calendar,
          timeZone: timeZone, timeZoneChanges: timeZoneChanges, pauses: pauses, freezeGrants: freezeGrants,
          restores: restores, repairs: repairs)
        json = try check.state.json()
      } catch {
        throw StateError(path: path, message: Self.fileWording(error.message) + "; it was left as it is")
      }
      guard !check.warnings.contains(where: { $0.id == .stateAhead }) else { return check }
      try file.write(json)
      return check
    }
  }

  /// The engine's "the state is not usable" said of the file.
  static func fileWording(_ message: String) -> String {
    let engine = "the state is not usable"
    return message.hasPrefix(engine) ? "the state file is not usable" + message.dropFirst(engine.count) : message
  }

  /// Runs `body` holding the state's lock (waiting for another process to release it).
  package func withLock<T>(_ body: () throws(StateError) -> T) throws(StateError) -> T {
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw StateError(path: lockPath, message: "cannot open the lock file: \(Self.systemError())")
    }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 {
      guard systemErrno() == EINTR else {
        throw StateError(path: lockPath, message: "cannot lock the state: \(Self.systemError())")
      }
    }
    defer { flock(fd, LOCK_UN) }
    return try body()
  }

  /// The file's bytes, or nil when there is no file yet.
  package func read() throws(StateError) -> Data? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      // Foundation's words ("NSCocoaErrorDomain error 256") say nothing: the system's do.
      let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
      let reason =
        underlying.map { String(cString: strerror(Int32($0.code))) } ?? error.localizedDescription
      throw StateError(path: path, message: "cannot read the state file: \(reason)")
    }
  }

  /// Replaces the file with `data`, atomically.
  package func write(_ data: Data) throws(StateError) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    removeAbandonedTemporaryFiles(in: folder, name: url.lastPathComponent)
    let temporary =
      (folder as NSString).appendingPathComponent(
        ".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw StateError(path: path, message: "cannot create a temporary file in \(folder): \(Self.systemError())")
    }
    var ok = false
    defer {
      if !ok { unlink(temporary) }
    }
    // Tests that kill a writer mid-write slow it down with this variable (microseconds per
    // 64-byte chunk); nothing else sets it.
    let delay = ProcessInfo.processInfo.environment["RULES_TEST_WRITE_DELAY_US"].flatMap(UInt32.init)
    let chunk = delay == nil ? Int.max : 64
    let written = data.withUnsafeBytes { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        if let delay { usleep(delay) }
        let result = systemWrite(fd, buffer.baseAddress! + offset, min(chunk, buffer.count - offset))
        if result < 0 {
          if systemErrno() == EINTR { continue }
          return false
        }
        offset += result
      }
      return true
    }
    guard written, fsync(fd) == 0 else {
      let problem = Self.systemError()
      close(fd)
      throw StateError(path: path, message: "cannot write the state: \(problem)")
    }
    close(fd)
    guard rename(temporary, path) == 0 else {
      throw StateError(path: path, message: "cannot replace the state file: \(Self.systemError())")
    }
    ok = true
    let folderFD = open(folder, O_RDONLY | O_CLOEXEC)
    if folderFD >= 0 {
      fsync(folderFD)
      close(folderFD)
    }
  }

  /// Temporary files left by writers that died (killed mid-write): their process is gone.
  private func removeAbandonedTemporaryFiles(in folder: String, name: String) {
    let prefix = ".\(name).tmp-"
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for entry in entries where entry.hasPrefix(prefix) {
      let pidText = entry.dropFirst(prefix.count).prefix { $0 != "-" }
      guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, systemErrno() == ESRCH else {
        continue
      }
      unlink((folder as NSString).appendingPathComponent(entry))
    }
  }

  private static func systemError() -> String {
    String(cString: strerror(systemErrno()))
  }
}

#if canImport(Glibc)
  @inline(__always) private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    Glibc.write(fd, buffer, count)
  }
  @inline(__always) private func systemErrno() -> Int32 { Glibc.errno }
#else
  @inline(__always) private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    Darwin.write(fd, buffer, count)
  }
  @inline(__always) private func systemErrno() -> Int32 { Darwin.errno }
#endif

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file a `--state` path names, resolved once before it is locked, read or written: a
/// symbolic link is followed to its target (so the lock and the write are the real file's,
/// and the link stays a link); a dangling link, a link loop, a folder or anything that is
/// not a regular file is an error, and nothing is created.
package enum StatePath {
  /// The real file `path` names, or why it cannot be a state file.
  package static func resolve(_ path: String) throws(StateError) -> String {
    func fail(_ message: String) -> StateError {
      StateError(path: path, message: message)
    }
    guard !path.isEmpty else { throw fail("the state path is empty") }
    var link = stat()
    guard lstat(path, &link) == 0 else {
      let code = errno
      if code == ENOENT { return path }  // a new state file
      throw fail("cannot use the state file: \(String(cString: strerror(code)))")
    }
    var resolved = path
    if link.st_mode & S_IFMT == S_IFLNK {
      guard let real = realpath(path, nil) else {
        let code = errno
        if code == ELOOP { throw fail("the state path is a symbolic link loop") }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        throw fail(
          "the state path is a symbolic link to '\(target)', which does not exist; "
            + "create the file there or give its real path")
      }
      defer { free(real) }
      resolved = String(cString: real)
    }
    var info = stat()
    guard stat(resolved, &info) == 0 else {
      throw fail("cannot use the state file: \(String(cString: strerror(errno)))")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return resolved
    case S_IFDIR: throw fail("the state path is a folder, not a file")
    case S_IFIFO: throw fail("the state path is a FIFO (named pipe), not a regular file")
    case S_IFCHR, S_IFBLK: throw fail("the state path is a device, not a regular file")
    default: throw fail("the state path is not a regular file")
    }
  }
}

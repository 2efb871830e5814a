import Foundation

/// Writes a line to standard error: the commands' errors and warnings, apart from their output.
package func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

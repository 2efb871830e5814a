import Foundation
import Testing

/// docs/architecture.md's table of targets is Package.swift's: every target, each with exactly
/// the modules it declares (targets and products by name), no more and no fewer.
@Suite("docs/architecture.md")
struct ArchitectureDocumentTests {
  /// A target's name and what it declares it depends on, as Package.swift writes it.
  struct Target: Equatable, CustomStringConvertible {
    var name: String
    var dependencies: Set<String>
    var description: String { "\(name): \(dependencies.sorted())" }
  }

  /// The targets of a Package.swift's text: each `.target(`, `.executableTarget(`,
  /// `.testTarget(` and `.systemLibrary(` call, its `name:` and the names in its
  /// `dependencies:` (a string is a target; `.product(name: P, ...)` is P).
  static func targets(ofManifest text: String) -> [Target] {
    // Comments out, so that a word in one cannot read as code.
    let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
      guard let range = line.range(of: "//") else { return line }
      return line[..<range.lowerBound]
    }.joined(separator: "\n")
    let characters = Array(code)
    var targets: [Target] = []
    for opener in [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary("] {
      var searchStart = code.startIndex
      while let found = code.range(of: opener, range: searchStart..<code.endIndex) {
        searchStart = found.upperBound
        let open = code.distance(from: code.startIndex, to: found.upperBound) - 1
        guard let close = matching(characters, from: open) else { continue }
        let body = String(characters[(open + 1)..<close])
        guard let name = firstQuoted(after: "name:", in: body) else { continue }
        targets.append(Target(name: name, dependencies: dependencies(in: body)))
      }
    }
    return targets
  }

  /// The index of the bracket that closes the one at `open`, skipping strings.
  static func matching(_ characters: [Character], from open: Int) -> Int? {
    var depth = 0
    var inString = false
    var index = open
    while index < characters.count {
      let character = characters[index]
      if character == "\"" {
        inString.toggle()
      } else if !inString {
        if character == "(" || character == "[" { depth += 1 }
        if character == ")" || character == "]" {
          depth -= 1
          if depth == 0 { return index }
        }
      }
      index += 1
    }
    return nil
  }

  static func firstQuoted(after key: String, in text: String) -> String? {
    guard let keyRange = text.range(of: key) else { return nil }
    let rest = text[keyRange.upperBound...]
    guard let first = rest.firstIndex(of: "\"") else { return nil }
    let afterFirst = rest.index(after: first)
    guard let second = rest[afterFirst...].firstIndex(of: "\"") else { return nil }
    return String(rest[afterFirst..<second])
  }

  static func dependencies(in body: String) -> Set<String> {
    guard let keyRange = body.range(of: "dependencies:") else { return [] }
    let characters = Array(body)
    let start = body.distance(from: body.startIndex, to: keyRange.upperBound)
    guard let open = characters[start...].firstIndex(of: "["), let close = matching(characters, from: open) else {
      return []
    }
    var list = String(characters[(open + 1)..<close])
    var names: Set<String> = []
    // Products first: their `package:` is not a dependency's name.
    while let product = list.range(of: ".product(") {
      let characters = Array(list)
      let open = list.distance(from: list.startIndex, to: product.upperBound) - 1
      guard let close = matching(characters, from: open) else { break }
      let call = String(characters[(open + 1)..<close])
      if let name = firstQuoted(after: "name:", in: call) { names.insert(name) }
      list =
        String(characters[..<list.distance(from: list.startIndex, to: product.lowerBound)])
        + String(characters[(close + 1)...])
    }
    let parts = list.split(separator: "\"", omittingEmptySubsequences: false)
    for (index, part) in parts.enumerated() where index % 2 == 1 { names.insert(String(part)) }
    return names
  }

  /// The rows of the document's table of targets: `| `Name` | job | `A`, `B` |`.
  static func targets(ofDocument text: String) -> [Target] {
    var targets: [Target] = []
    for line in text.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count >= 5 else { continue }
      let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      let imports = cells[3].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      }.filter { !$0.isEmpty }
      targets.append(Target(name: name, dependencies: Set(imports)))
    }
    return targets
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOf: DocumentationTests.repository.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("the manifest reader reads names, targets and products, and no comment")
  func manifestReader() {
    let manifest = """
      .target(name: "A"),
      // .target(name: "Commented", dependencies: ["X"]),
      .target(
        name: "B",  // the (second) one
        dependencies: ["A", .product(name: "P", package: "p-package"), "C"]),
      .testTarget(name: "BTests", dependencies: ["B"], exclude: ["Fixtures"]),
      """
    #expect(
      Self.targets(ofManifest: manifest) == [
        Target(name: "A", dependencies: []), Target(name: "B", dependencies: ["A", "P", "C"]),
        Target(name: "BTests", dependencies: ["B"]),
      ])
  }

  @Test("every target of Package.swift is in docs/architecture.md with what it declares, and nothing else is")
  func everyTarget() throws {
    let manifest = Self.targets(ofManifest: try Self.read("Package.swift"))
    let document = Self.targets(ofDocument: try Self.read("docs/architecture.md"))
    #expect(manifest.count > 25)
    let documented = Dictionary(document.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(documented.count == document.count, "a target is listed twice")
    for target in manifest {
      guard let row = documented[target.name] else {
        Issue.record("docs/architecture.md does not list the target \(target.name)")
        continue
      }
      #expect(row == target, "docs/architecture.md says \(row), Package.swift says \(target)")
    }
    let missing = Set(documented.keys).subtracting(manifest.map(\.name))
    #expect(missing.isEmpty, "docs/architecture.md lists targets Package.swift does not have: \(missing.sorted())")
  }

  @Test("the README's first screen links the map")
  func readmeLinks() throws {
    let firstScreen = try Self.read("README.md").split(separator: "\n").prefix(40).joined(separator: "\n")
    #expect(firstScreen.contains("docs/architecture.md"))
  }
}

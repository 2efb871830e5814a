import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesKit

struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a catalog as JSON for apps, or its day as Swift source to compile in.",
    discussion: """
      The JSON has a stable layout with a format version (docs/export.md): the catalog \
      format's keys, every default written out, `inputs`, `streaks` and `metrics` as lists \
      in order. The engine loads it with Foundation alone (ExportedCatalog), where libyaml \
      is not available, and evaluates it exactly as the YAML.

      `--format swift` writes the catalog's day as a Swift type conforming to \
      RulesEngine's `CompiledDay` (docs/compiled-days.md): what the engine's daily step \
      does, compiled ahead of time, for an app or server built with that one catalog. With \
      -o naming a folder, the file is TYPENAME.swift in it (the type's name is the export's \
      choice, `salah-streak` gives SalahStreakDay) and its path is printed.
      """)

  @OptionGroup var catalog: CatalogOptions

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case json
    case swift
  }

  @Option(help: "Output format (json, swift).")
  var format: Format = .json

  @Option(help: "The Swift type's name (--format swift; default: the catalog's id as a type name and Day).")
  var typeName: String?

  @Option(
    name: .shortAndLong,
    help: "Write to this file instead of standard output (--format swift: or into this folder, as TYPENAME.swift).")
  var output: String?

  func run() throws {
    let validated = try catalog.load()
    let text: String
    var file = output
    switch format {
    case .json:
      text = CatalogExport.json(validated).serialized() + "\n"
    case .swift:
      let name = typeName ?? Self.typeName(forCatalog: validated.catalog.id)
      guard Self.isTypeName(name) else {
        printError("error: --type-name: '\(name)' is not a Swift type name (letters, digits and _, not first a digit)")
        throw ExitCode(64)
      }
      if let output, Self.isFolder(output) { file = output + (output.hasSuffix("/") ? "" : "/") + name + ".swift" }
      do {
        text = try SwiftDayExport.source(Program(validated), typeName: name)
      } catch let error as SwiftDayExport.Unsupported {
        printError("error: \(validated.catalog.file): cannot write the day as Swift: \(error.description)")
        throw ExitCode.failure
      }
    }
    guard let file else {
      print(text, terminator: "")
      return
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
    } catch {
      printError("error: cannot write \(file): \(error.localizedDescription)")
      throw ExitCode.failure
    }
    // Into a folder, the file's name was the export's: say which it is.
    if file != output { print(file) }
  }

  static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// `salah-streak` -> `SalahStreakDay`.
  static func typeName(forCatalog id: String) -> String {
    let words = id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map {
      $0.prefix(1).uppercased() + $0.dropFirst()
    }
    let name = words.joined() + "Day"
    return name.first?.isNumber == true ? "Catalog" + name : name
  }

  static func isTypeName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
    return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// Files that import each other in a circle.
  package static let importCycle: DiagnosticID = "import-cycle"
  /// An import that is not a rule module (or cannot be read).
  package static let badImport: DiagnosticID = "bad-import"
  /// The same name defined in two places (a catalog and a module it imports, say).
  package static let nameClash: DiagnosticID = "name-clash"
}

/// Loads a catalog file and the rule modules it imports (paths relative to the importing
/// file, recursively), merging the modules' inputs, streaks, metrics, groups and badges into
/// the catalog. Import cycles and names defined twice are reported at every place involved.
package struct CatalogLoader {
  private let read: DocumentReader
  /// The folder imports must stay in (nil: anywhere, for texts held in memory).
  private let root: (any ImportBoundary)?
  private var sources: [String: SourceFile] = [:]
  private var diagnostics: [Diagnostic] = []
  /// Decoded files by their standardized path.
  private var files: [String: RuleFile] = [:]
  /// Files in the order their content is merged (imports before their importer's own).
  private var mergeOrder: [String] = []

  /// A loader that reads files with `reader`; with a `root`, imports stay inside it.
  package init(reader: @escaping DocumentReader, root: (any ImportBoundary)? = nil) {
    self.read = reader
    self.root = root
  }

  /// Loads the file at `path` (a catalog or a rule module) with everything it imports; with
  /// a `root`, an import outside that folder is refused without being read.
  package static func load(
    path: String, reader: @escaping DocumentReader, root: (any ImportBoundary)? = nil
  )
    -> LoadedCatalog
  {
    var loader = CatalogLoader(reader: reader, root: root)
    return loader.load(path)
  }

  private mutating func load(_ path: String) -> LoadedCatalog {
    var stack: [(key: String, display: String, via: Origin?)] = []
    guard let root = visit(path: path, display: path, via: nil, stack: &stack) else {
      return LoadedCatalog(catalog: nil, module: nil, sources: sources, diagnostics: diagnostics)
    }
    guard root.kind == .catalog else {
      // A rule module checked on its own: merge its imports to check it as a whole.
      var catalog = Catalog(id: root.id, file: root.file)
      merge(into: &catalog)
      return LoadedCatalog(
        catalog: catalog, module: root, sources: sources, diagnostics: diagnostics)
    }
    var catalog = Catalog(id: root.id, version: root.version, file: root.file)
    catalog.name = root.name
    catalog.description = root.description
    if let locale = root.defaultLocale {
      catalog.defaultLocale = LocaleChain.normalize(locale.locale)
      catalog.defaultLocaleOrigin = locale.origin
    }
    catalog.milestones = root.milestones
    catalog.quotes = root.quotes
    catalog.messages = root.messages
    if let unlocks = root.unlocks { catalog.unlocks = unlocks }
    if let nextBadge = root.nextBadge { catalog.nextBadge = nextBadge }
    if let weekStarts = root.weekStarts { catalog.weekStarts = weekStarts }
    if let dayStartsAt = root.dayStartsAt { catalog.dayStartsAt = dayStartsAt }
    if let pauses = root.pauses { catalog.pauses = pauses }
    catalog.leaderboards = root.leaderboards
    merge(into: &catalog)
    return LoadedCatalog(catalog: catalog, module: nil, sources: sources, diagnostics: diagnostics)
  }

  /// A file's identity among the loaded ones: its path tidied (no `.` or `..`), as written,
  /// not looked up on disk (the engine reads no files; imports are resolved from the
  /// importing file's path, so one file is reached by one path).
  private static func key(_ path: String) -> String {
    FilePath.tidy(path)
  }

  /// Reads and decodes one file, then its imports. `via` is the import entry that led here.
  private mutating func visit(
    path: String, display: String, via: Origin?,
    stack: inout [(key: String, display: String, via: Origin?)]
  ) -> RuleFile? {
    let key = Self.key(path)
    if let start = stack.firstIndex(where: { $0.key == key }) {
      reportCycle(stack[start...].map { $0 }, closingAt: via, display: display)
      return nil
    }
    if let done = files[key] { return done }
    if let via, let root, !root.contains(path) {
      report(
        via, .badImport,
        "cannot import '\(display)': it is outside the catalog's repository (\(root.path)); "
          + "imports must stay inside it" + (root.advice.map { " (\($0))" } ?? ""))
      return nil
    }
    let document = read(path)
    if let source = document.source { sources[display] = source }
    diagnostics += document.diagnostics
    guard !document.diagnostics.contains(where: { $0.severity == .error && document.root == nil })
    else {
      if let via {
        report(via, .badImport, "cannot import '\(display)': it has errors (reported in that file)")
      }
      return nil
    }
    let decoded: RuleFile?
    if let fast = document.ruleFile {
      // Decoded by the reader's fast path, its origins named by the path read, which is
      // `display`: both are resolved the same way from the same root path.
      decoded = fast
    } else {
      let (tree, problems) = RuleFileDecoder.decode(document.root, file: display)
      diagnostics += problems
      decoded = tree
    }
    guard let file = decoded else { return nil }
    if let via, file.kind == .catalog {
      report(via, .badImport, "cannot import '\(display)': it is a catalog, not a rule module")
      return nil
    }
    files[key] = file
    stack.append((key, display, via))
    for (importPath, origin) in file.imports {
      let target = FilePath.resolve(importPath, from: path)
      let shown = FilePath.resolve(importPath, from: display)
      _ = visit(path: target, display: shown, via: origin, stack: &stack)
    }
    stack.removeLast()
    mergeOrder.append(key)
    return file
  }

  /// Each import in the circle gets an error that shows the whole circle.
  private mutating func reportCycle(
    _ chain: [(key: String, display: String, via: Origin?)], closingAt via: Origin?,
    display: String
  ) {
    let names = chain.map(\.display) + [display]
    let circle = names.joined(separator: " → ")
    // The import entries of the circle: each file's import of the next one.
    var places = chain.dropFirst().compactMap(\.via)
    if let via { places.append(via) }
    for place in places {
      report(place, .importCycle, "import cycle: \(circle)")
    }
  }

  /// Adds the content of every loaded file (modules first, in import order, then the root)
  /// and reports names defined twice.
  private mutating func merge(into catalog: inout Catalog) {
    var defined: [String: (what: String, origin: Origin)] = [:]
    var badgeIDs: [String: Origin] = [:]
    var groupIDs: [String: Origin] = [:]
    func claim(_ name: String, _ what: String, _ origin: Origin) -> Bool {
      if let first = defined[name] {
        guard first.origin.file != origin.file else { return true }  // same file: a check's job
        report(
          origin, .nameClash,
          "\(what) '\(name)' clashes with the \(first.what) '\(name)' defined at \(first.origin)")
        report(
          first.origin, .nameClash,
          "\(first.what) '\(name)' clashes with the \(what) '\(name)' defined at \(origin)")
        return false
      }
      defined[name] = (what, origin)
      return true
    }
    func claimID(_ id: String, _ what: String, _ origin: Origin, in table: inout [String: Origin])
      -> Bool
    {
      if let first = table[id], first.file != origin.file {
        report(origin, .nameClash, "\(what) '\(id)' is also defined at \(first)")
        report(first, .nameClash, "\(what) '\(id)' is also defined at \(origin)")
        return false
      }
      if table[id] == nil { table[id] = origin }
      return true
    }
    // The root file's own entries first, then each module's in import order.
    let order = mergeOrder.last.map { [$0] + mergeOrder.dropLast() } ?? []
    for key in order {
      guard let file = files[key] else { continue }
      for input in file.inputs where claim(input.name, "input", input.origin) {
        catalog.inputs.append(input)
      }
      for streak in file.streaks where claim(streak.name, "streak", streak.origin) {
        catalog.streaks.append(streak)
      }
      for metric in file.metrics where claim(metric.name, "metric", metric.origin) {
        catalog.metrics.append(metric)
      }
      for group in file.groups where claimID(group.id, "group", group.origin, in: &groupIDs) {
        catalog.groups.append(group)
      }
      if order.count == 1 && catalog.badges.isEmpty {
        // One file: no id can clash across files (clashes within it are a check's), and the
        // badges are taken as they are, not copied one by one through a table of their ids.
        catalog.badges = file.badges
      } else {
        for badge in file.badges where claimID(badge.id, "badge", badge.origin, in: &badgeIDs) {
          catalog.badges.append(badge)
        }
      }
      catalog.requirements += file.requirements
    }
  }

  private mutating func report(_ origin: Origin, _ id: DiagnosticID, _ message: String) {
    diagnostics.append(Diagnostic(file: origin.file, mark: origin.mark, id: id, message: message))
  }
}

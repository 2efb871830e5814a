import Foundation
@_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import Testing

@Suite("the repository a catalog's files stay in")
struct RepositoryRootTests {
  /// A fresh folder with `files` (empty texts) and `folders`, removed by `body`'s end.
  private func withTree(
    files: [String], folders: [String] = [], _ body: (String) throws -> Void
  ) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rules-root-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    for folder in folders {
      try FileManager.default.createDirectory(
        at: url.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for file in files {
      let path = url.appendingPathComponent(file)
      try FileManager.default.createDirectory(
        at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data().write(to: path)
    }
    try body(url.resolvingSymlinksInPath().path)
  }

  @Test("the nearest folder above the file holding catalogs/ or rules/")
  func discoverMarker() throws {
    try withTree(files: ["repo/catalogs/demo.yaml", "repo/sub/rules/mod.yaml", "repo/sub/deep/x.yaml"]) { base in
      #expect(RepositoryRoot.discover(for: base + "/repo/catalogs/demo.yaml").path == base + "/repo")
      // rules/ marks a repository too, and the nearest one wins over one further up.
      #expect(RepositoryRoot.discover(for: base + "/repo/sub/deep/x.yaml").path == base + "/repo/sub")
      #expect(RepositoryRoot.discover(for: base + "/repo/sub/rules/mod.yaml").path == base + "/repo/sub")
    }
  }

  @Test("no marker: the file's folder, or for a scenario in tests/ the folder above")
  func discoverWithoutMarker() throws {
    try withTree(files: ["lone/demo.yaml", "lone/tests/demo.yaml"]) { base in
      #expect(RepositoryRoot.discover(for: base + "/lone/demo.yaml").path == base + "/lone")
      #expect(RepositoryRoot.discover(for: base + "/lone/tests/demo.yaml").path == base + "/lone")
    }
  }

  @Test("an import outside the repository is refused unread; the refusal names no command's option")
  func refusalWithoutAdvice() throws {
    try withTree(files: ["repo/catalogs/.keep", "outside/secret.yaml"]) { base in
      let catalog = base + "/repo/catalogs/demo.yaml"
      try Data("catalog: demo\nimports: [../../outside/secret.yaml]\n".utf8).write(to: URL(fileURLWithPath: catalog))
      let refusals = CatalogFiles.validate(path: catalog).diagnostics.filter { $0.id == .badImport }
      #expect(
        refusals.map(\.message) == [
          "cannot import '\(base)/outside/secret.yaml': it is outside the catalog's repository (\(base)/repo); "
            + "imports must stay inside it"
        ])
      let advised = CatalogFiles.validate(
        path: catalog, root: RepositoryRoot(folder: base + "/repo", advice: "use --root"))
      #expect(
        advised.diagnostics.filter { $0.id == .badImport }.map(\.message).first?.hasSuffix("inside it (use --root)")
          == true)
    }
  }

  @Test("contains: inside after `..` and links are resolved, not a sibling sharing the prefix")
  func contains() throws {
    try withTree(files: ["repo/catalogs/a.yaml", "repo-other/b.yaml", "outside/secret.yaml"]) { base in
      let root = RepositoryRoot(folder: base + "/repo")
      #expect(root.path == base + "/repo")
      #expect(root.contains(base + "/repo/catalogs/a.yaml"))
      #expect(root.contains(base + "/repo"))
      #expect(root.contains(base + "/repo/catalogs/not-yet.yaml"))
      #expect(!root.contains(base + "/repo-other/b.yaml"))
      #expect(!root.contains(base + "/repo/catalogs/../../outside/secret.yaml"))
      #expect(!root.contains("/etc/passwd"))
      // A link inside the folder to a file outside it is outside.
      try FileManager.default.createSymbolicLink(
        atPath: base + "/repo/catalogs/link.yaml", withDestinationPath: base + "/outside/secret.yaml")
      #expect(!root.contains(base + "/repo/catalogs/link.yaml"))
      #expect(RepositoryRoot(folder: "/").contains("/etc/passwd"))
    }
  }

  @Test("realPath resolves links and the part that exists, then appends the rest tidied")
  func realPath() throws {
    try withTree(files: ["real/a.yaml"]) { base in
      try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/real")
      #expect(RepositoryRoot.realPath(base + "/link/a.yaml") == base + "/real/a.yaml")
      #expect(RepositoryRoot.realPath(base + "/link/missing/../b.yaml") == base + "/real/b.yaml")
      #expect(RepositoryRoot.realPath(base + "/link/new/c.yaml") == base + "/real/new/c.yaml")
    }
  }

  @Test("the advice a command gives is kept, and a discovered root carries it")
  func advice() throws {
    try withTree(files: ["repo/catalogs/a.yaml"]) { base in
      #expect(RepositoryRoot(folder: base).advice == nil)
      #expect(RepositoryRoot.discover(for: base + "/repo/catalogs/a.yaml", advice: "--root x").advice == "--root x")
    }
  }
}

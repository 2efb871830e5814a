import RulesSource
import Testing

@Suite("paths as written")
struct FilePathTests {
  @Test(
    "tidy drops `.` and folds `..` into the folder before it",
    arguments: [
      ("a/./b/../c", "a/c"),
      ("catalogs/../rules/x.yaml", "rules/x.yaml"),
      ("/repo/catalogs/./a.yaml", "/repo/catalogs/a.yaml"),
      ("./a.yaml", "a.yaml"),
      (".", "."),
      ("a/..", "."),
    ])
  func tidy(path: String, tidied: String) {
    #expect(FilePath.tidy(path) == tidied)
  }

  @Test("a `..` that cannot go up stays: a relative path stays relative, never made absolute")
  func upStays() {
    #expect(FilePath.tidy("../a.yaml") == "../a.yaml")
    #expect(FilePath.tidy("../../outside/secret.yaml") == "../../outside/secret.yaml")
    #expect(FilePath.tidy("a/../../b") == "../b")
    // Above the root there is nothing to fold into: `/..` stays as written.
    #expect(FilePath.tidy("/../etc") == "/../etc")
  }

  @Test("an import is relative to the importing file's folder; an absolute one is kept as it is")
  func resolve() {
    #expect(FilePath.resolve("../rules/streaks.yaml", from: "catalogs/rizq.yaml") == "rules/streaks.yaml")
    #expect(FilePath.resolve("mod.yaml", from: "/repo/catalogs/rizq.yaml") == "/repo/catalogs/mod.yaml")
    #expect(FilePath.resolve("/etc/passwd", from: "catalogs/rizq.yaml") == "/etc/passwd")
    // A file named without a folder: relative to the working folder, tidied.
    #expect(FilePath.resolve("./rules/../mod.yaml", from: "rizq.yaml") == "mod.yaml")
    #expect(FilePath.resolve("../../outside/x.yaml", from: "repo/catalogs/demo.yaml") == "outside/x.yaml")
  }
}

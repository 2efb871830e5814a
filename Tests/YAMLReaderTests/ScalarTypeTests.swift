import RulesSource
import Testing
import YAMLReader

/// Reads `yaml` as a one-file document.
func read(_ yaml: String, limits: ReaderLimits = .default) -> ReadResult {
  YAMLDocumentReader(limits: limits).read(SourceFile(path: "test.yaml", text: yaml))
}

/// The value of the key `v` in `v: <scalar>`.
func value(of scalar: String) -> ScalarValue? {
  read("v: \(scalar)\n").root?["v"]?.scalar
}

@Suite("YAML 1.2 core schema")
struct ScalarTypeTests {
  @Test(
    "scalars resolve as the core schema says",
    arguments: [
      ("true", ScalarValue.bool(true)),
      ("True", .bool(true)),
      ("FALSE", .bool(false)),
      ("yes", .string("yes")),
      ("no", .string("no")),
      ("on", .string("on")),
      ("off", .string("off")),
      ("\"true\"", .string("true")),
      ("'12'", .string("12")),
      ("012", .int(12)),
      ("-7", .int(-7)),
      ("+3", .int(3)),
      ("0o17", .int(15)),
      ("0x1F", .int(31)),
      ("1e3", .float(1000)),
      ("2.5", .float(2.5)),
      (".5", .float(0.5)),
      ("-.inf", .float(-.infinity)),
      ("~", .null),
      ("null", .null),
      ("", .null),
      ("2026-01-01", .string("2026-01-01")),
      ("1_000", .string("1_000")),
      ("!!str 12", .string("12")),
      ("!!int \"12\"", .int(12)),
      ("!!float 3", .float(3)),
      ("! 12", .string("12")),
    ])
  func resolves(scalar: String, expected: ScalarValue) {
    #expect(value(of: scalar) == expected)
  }

  @Test("block and quoted scalars are strings")
  func blockScalars() {
    let root = read("a: |\n  12\nb: >-\n  true\nc: \"1e3\"\n").root
    #expect(root?["a"]?.scalar == .string("12\n"))
    #expect(root?["b"]?.scalar == .string("true"))
    #expect(root?["c"]?.scalar == .string("1e3"))
  }

  @Test("every node keeps its 1-based line and column")
  func marks() throws {
    let root = try #require(read("name: x\nlist:\n  - one\n  - {k: \"v\"}\n").root)
    #expect(root.mark == Mark(line: 1, column: 1))
    #expect(root["name"]?.mark == Mark(line: 1, column: 7))
    let items = try #require(root["list"]?.items)
    #expect(items[0].mark == Mark(line: 3, column: 5))
    #expect(items[1].mark == Mark(line: 4, column: 5))
    #expect(items[1]["k"]?.mark == Mark(line: 4, column: 9))
    #expect(items[1]["k"]?.style == .doubleQuoted)
  }

  @Test("aliases repeat their anchor's node")
  func aliases() {
    let root = read("a: &x [1, 2]\nb: *x\n").root
    #expect(root?["b"]?.items?.count == 2)
  }

  @Test("columns count characters, not bytes")
  func unicodeColumns() {
    let root = read("ar: \"فَإِنَّ\"\nx: 1\nقال: [1, 2]\n").root
    #expect(root?["قال"]?.mark == Mark(line: 3, column: 6))
  }

  @Test("a UTF-8 byte order mark is fine")
  func byteOrderMark() {
    let source = SourceFile(path: "bom.yaml", bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8))
    let result = YAMLDocumentReader().read(source)
    #expect(result.diagnostics.isEmpty)
    #expect(result.root?["a"]?.scalar == .int(1))
    #expect(result.root?["a"]?.mark == Mark(line: 1, column: 4))
  }
}

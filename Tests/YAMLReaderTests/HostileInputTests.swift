import RulesSource
import Testing
import YAMLReader

/// Reads `bytes` and returns the only diagnostic, timing the read: the fastest of three reads,
/// since a machine busy with other tests can only add to a read's time, never take from it.
private func rejection(
  _ bytes: [UInt8], limits: ReaderLimits = .default
) -> (diagnostic: Diagnostic?, root: Node?, duration: Duration) {
  let clock = ContinuousClock()
  var result: ReadResult?
  var fastest = Duration.seconds(Int64.max)
  for _ in 0..<3 {
    let duration = clock.measure {
      result = YAMLDocumentReader(limits: limits).read(SourceFile(path: "bad.yaml", bytes: bytes))
    }
    fastest = min(fastest, duration)
  }
  return (result?.diagnostics.first, result?.root, fastest)
}

private func rejection(_ text: String, limits: ReaderLimits = .default) -> (
  diagnostic: Diagnostic?, root: Node?, duration: Duration
) {
  rejection(Array(text.utf8), limits: limits)
}

/// The issue asks each attack to be turned away in under 100 ms; the reader stops at the
/// first event past a limit, so this holds by a wide margin even in a debug build.
private let fastEnough = Duration.milliseconds(100)

@Suite("hostile input is rejected quickly with a located message")
struct HostileInputTests {
  @Test("an alias bomb")
  func aliasBomb() {
    var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...9 {
      let previous = "*a\(level - 1)"
      let items = Array(repeating: previous, count: 10).joined(separator: ", ")
      yaml += "a\(level): &a\(level) [\(items)]\n"
    }
    let (diagnostic, root, duration) = rejection(yaml)
    #expect(root == nil)
    #expect(
      diagnostic?.description
        == "bad.yaml:5:45: error: aliases here expand to more than 100000 nodes, the reader's "
        + "limit (is this an alias bomb?) [yaml-alias-budget]")
    #expect(duration < fastEnough)
  }

  @Test("100,000 nested [")
  func deepNesting() {
    let (diagnostic, root, duration) = rejection(String(repeating: "[", count: 100_000))
    #expect(root == nil)
    #expect(
      diagnostic?.description
        == "bad.yaml:1:65: error: lists and mappings nest deeper than 64 levels here; "
        + "the reader's limit is 64 [yaml-too-deep]")
    #expect(duration < fastEnough)
  }

  @Test("the nesting limit is the caller's to set")
  func depthIsConfigurable() {
    let yaml = "a: {b: {c: 1}}\n"
    #expect(rejection(yaml, limits: ReaderLimits(maxDepth: 3)).diagnostic == nil)
    #expect(
      rejection(yaml, limits: ReaderLimits(maxDepth: 2)).diagnostic?.description
        == "bad.yaml:1:8: error: lists and mappings nest deeper than 2 levels here; "
        + "the reader's limit is 2 [yaml-too-deep]")
  }

  @Test("a 50 MB scalar")
  func hugeScalar() {
    var bytes = Array("text: ".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 50_000_000)
    let (diagnostic, root, duration) = rejection(bytes)
    #expect(root == nil)
    #expect(
      diagnostic?.description
        == "bad.yaml:1:1: error: the file is 47.7 MiB, more than the limit of 16 MiB "
        + "[file-too-large]")
    #expect(duration < fastEnough)
  }

  @Test("duplicate keys")
  func duplicateKeys() {
    let (diagnostic, root, duration) = rejection("name: a\nversion: 1\nname: b\n")
    #expect(
      diagnostic?.description
        == "bad.yaml:3:1: error: duplicate key 'name' (first at line 1, column 1); keys in a "
        + "mapping must be unique, the first one is kept [yaml-duplicate-key]")
    #expect(root?["name"]?.text == "a")
    #expect(duration < fastEnough)
  }

  @Test("keys that are the same value written differently are duplicates")
  func duplicateByValue() {
    let (diagnostic, _, _) = rejection("{1: a, 0x1: b, '1': c}")
    #expect(diagnostic?.mark == Mark(line: 1, column: 8))
    #expect(diagnostic?.id == .yamlDuplicateKey)
  }

  @Test("duplicates in a large mapping are found too")
  func duplicateInLargeMapping() {
    let keys = (0..<40).map { "k\($0): \($0)" }.joined(separator: "\n")
    let (diagnostic, _, _) = rejection(keys + "\nk7: again\n")
    #expect(diagnostic?.mark == Mark(line: 41, column: 1))
    #expect(diagnostic?.message.hasPrefix("duplicate key 'k7' (first at line 8, column 1)") == true)
  }

  @Test("UTF-16 text")
  func utf16() {
    let bytes: [UInt8] = [0xFF, 0xFE] + Array("a: 1\n".utf16).flatMap { [UInt8($0 & 0xFF), 0] }
    let (diagnostic, root, duration) = rejection(bytes)
    #expect(root == nil)
    #expect(
      diagnostic?.description
        == "bad.yaml:1:1: error: the file is UTF-16 text (it starts with a UTF-16 byte order "
        + "mark); save it as UTF-8 [yaml-encoding]")
    #expect(duration < fastEnough)
  }

  @Test("UTF-16 text without a byte order mark")
  func utf16WithoutBOM() {
    let bytes: [UInt8] = Array("a: 1\n".utf16).flatMap { [UInt8($0 & 0xFF), 0] }
    #expect(
      rejection(bytes).diagnostic?.message
        == "the file looks like UTF-16 or UTF-32 text (it has NUL bytes); save it as UTF-8")
  }

  @Test("invalid UTF-8")
  func invalidUTF8() {
    let bytes: [UInt8] = Array("name: ok\ntitle: caf".utf8) + [0xFF] + Array("\n".utf8)
    let (diagnostic, root, duration) = rejection(bytes)
    #expect(root == nil)
    #expect(
      diagnostic?.description
        == "bad.yaml:2:11: error: the text is not valid UTF-8 here (invalid leading UTF-8 "
        + "octet); save the file as UTF-8 [yaml-encoding]")
    #expect(duration < fastEnough)
  }

  @Test("two documents")
  func twoDocuments() {
    let (diagnostic, root, duration) = rejection("a: 1\n---\nb: 2\n")
    #expect(root == nil)
    #expect(
      diagnostic?.description
        == "bad.yaml:2:1: error: a second YAML document starts here; a file holds exactly one "
        + "document [yaml-multiple-documents]")
    #expect(duration < fastEnough)
  }

  @Test("a !!python/object tag")
  func pythonTag() {
    let (diagnostic, root, duration) = rejection("a: !!python/object:os.system [rm]\n")
    #expect(root == nil)
    #expect(
      diagnostic?.description
        == "bad.yaml:1:4: error: the tag !!python/object:os.system is not supported here; only "
        + "the core schema's tags are (!!str, !!int, !!float, !!bool, !!null, !!seq, !!map) "
        + "[yaml-unsupported-tag]")
    #expect(duration < fastEnough)
  }

  @Test("an undefined alias")
  func undefinedAlias() {
    #expect(
      rejection("a: *nowhere\n").diagnostic?.description
        == "bad.yaml:1:4: error: alias *nowhere has no anchor &nowhere before it [yaml-bad-alias]")
  }

  @Test("a self-referencing alias")
  func recursiveAlias() {
    #expect(
      rejection("a: &loop [1, *loop]\n").diagnostic?.description
        == "bad.yaml:1:14: error: alias *loop refers to a node that contains it; a recursive "
        + "alias has no value [yaml-bad-alias]")
  }

  @Test("a value that does not fit its tag, and an integer out of range")
  func invalidValues() {
    #expect(
      rejection("a: !!int ten\n").diagnostic?.description
        == "bad.yaml:1:4: error: 'ten' is not a valid !!int value [yaml-invalid-value]")
    #expect(
      rejection("a: 99999999999999999999\n").diagnostic?.description
        == "bad.yaml:1:4: error: the integer 99999999999999999999 is out of range (from "
        + "-9223372036854775808 to 9223372036854775807) [yaml-invalid-value]")
  }

  @Test("a syntax error names libyaml's problem and its context")
  func syntaxError() {
    #expect(
      rejection("a:\n  b: 1\n c: 2\n").diagnostic?.description
        == "bad.yaml:3:2: error: did not find expected key (while parsing a block mapping at "
        + "line 1, column 1) [yaml-syntax]")
  }

  @Test("a control character")
  func controlCharacter() {
    let bytes: [UInt8] = Array("a: b".utf8) + [0x07] + Array("\n".utf8)
    #expect(
      rejection(bytes).diagnostic?.description
        == "bad.yaml:1:5: error: the control character 0x07 is not allowed in YAML text "
        + "[yaml-encoding]")
  }
}

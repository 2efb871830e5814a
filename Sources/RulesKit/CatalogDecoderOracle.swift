@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

/// The differential oracle of the catalog reader's fast path: decodes a file on both paths
/// (`EventCatalogDecoder` from libyaml's events; `YAMLDocumentReader` and `RuleFileDecoder`, the
/// reference) and says how they differ. The fast path may give up on any file; when it does
/// not, the reference path must find no problem and give the same model, field by field
/// with every origin. Used by `EventCatalogDecoderTests` and the fuzz target `FuzzCatalog`.
@_spi(Tooling) public enum CatalogDecoderOracle {
  /// How the two paths differ on `source`, or nil when they agree.
  @_spi(Tooling) public static func mismatch(_ source: SourceFile, limits: ReaderLimits = .default) -> String? {
    guard let fast = YAMLDocuments.fastDecode(source, limits: limits) else {
      return nil
    }
    let read = YAMLDocumentReader(limits: limits).read(source)
    let (decoded, problems) = RuleFileDecoder.decode(read.root, file: source.path)
    let diagnostics = read.diagnostics + problems
    if !diagnostics.isEmpty {
      return "the fast path decoded a file the reference path reports: \(diagnostics.map(\.description))"
    }
    guard let reference = decoded else { return "the fast path decoded a file the reference path does not" }
    let (fastText, referenceText) = (text(of: fast), text(of: reference))
    guard fastText != referenceText else { return nil }
    let fastLines = fastText.split(separator: "\n", omittingEmptySubsequences: false)
    let referenceLines = referenceText.split(separator: "\n", omittingEmptySubsequences: false)
    let common = min(fastLines.count, referenceLines.count)
    let line = (0..<common).first { fastLines[$0] != referenceLines[$0] } ?? common
    let shown = { (lines: [Substring]) in line < lines.count ? String(lines[line]) : "(the end)" }
    return
      "the models differ at line \(line + 1) of their dumps: fast \(shown(fastLines)), reference \(shown(referenceLines))"
  }

  /// Whether the fast path decodes `source` (rather than leaving it to the reference path).
  @_spi(Tooling) public static func takesFastPath(_ source: SourceFile, limits: ReaderLimits = .default) -> Bool {
    YAMLDocuments.fastDecode(source, limits: limits) != nil
  }

  /// Every field of the model, origins included, as text.
  static func text(of file: RuleFile) -> String {
    var out = ""
    dump(file, to: &out)
    return out
  }
}

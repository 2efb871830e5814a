import FuzzSupport
import RulesSource
import YAMLReader

/// Bytes to located nodes: the reader never crashes, every diagnostic and every node lies
/// inside the input, nesting stays within the limit, and a failed read returns no tree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let source = SourceFile(path: "fuzz.yaml", bytes: bytes)
  let limits = ReaderLimits.default
  let result = YAMLDocumentReader(limits: limits).read(source)
  Invariant.located(result.diagnostics, in: [source.path: source])
  Invariant.explained(result)
  if let root = result.root { Invariant.located(root, in: source, maxDepth: limits.maxDepth) }
  return 0
}

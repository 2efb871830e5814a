import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesLanguage
import RulesSource
import RulesTestSupport
import Testing

/// `rules check` grows with a catalog as its parts do (issue 52: 20,000 metrics took 70 s, and
/// 5,000 unknown names did not finish in 60 s, in a debug build): each metric learnt in place,
/// each name found by its hash, each "did you mean" looked up in an index.
@Suite("rules check grows linearly")
struct CheckGrowthTests {
  /// A catalog with `size` metrics (half of them one chain of dependencies, half history sums
  /// over 50 aggregates), `size / 4` metrics reading an unknown name one edit from a metric's,
  /// `size / 8` streaks and as many badges in `size / 80` groups, and `size / 40` badges naming
  /// a group that does not exist.
  static func catalog(size: Int) -> String {
    var lines = [
      "catalog: growth", "name: Growth", "inputs:", "  x: {type: int, min: 0, max: 100}", "  y: {type: bool}",
      "streaks:",
    ]
    for index in 0..<size / 8 { lines.append("  s_\(index): {counts: x > \(index % 100)}") }
    lines.append("metrics:")
    for index in 0..<size {
      if index < size / 2 {
        lines.append("  metric_\(index): \(index == 0 ? "x" : "metric_\(index - 1)") + 1")
      } else {
        lines.append("  metric_\(index): total(x >= \(index % 50)) + \(index)")
      }
    }
    for index in 0..<size / 4 { lines.append("  bad_\(index): metric_\(index)x + 1") }
    lines.append("groups:")
    for index in 0..<size / 80 { lines.append("  - {id: g-\(index), name: G\(index)}") }
    lines.append("badges:")
    for index in 0..<size / 8 {
      lines.append(
        "  - {id: b-\(index), name: B\(index), group: g-\(index % (size / 80)), when: 's_\(index).current >= 3 && metric_\(index) > \(index)'}"
      )
    }
    for index in 0..<size / 40 { lines.append("  - {id: u-\(index), name: U\(index), group: g-\(index)x, when: y}") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The least CPU time of `runs` checks of `yaml`, with the last run's diagnostics. The check
  /// runs on one thread without suspending, so the thread's own CPU time is its work: the other
  /// tests and builds on the machine, which stretch its wall clock, do not count (the fastest
  /// of three on the wall clock gave 6.4 under the full suite, 4.3 alone).
  static func check(_ yaml: String, runs: Int) -> (Double, [Diagnostic]) {
    var fastest = Double.infinity
    var diagnostics: [Diagnostic] = []
    for _ in 0..<runs {
      let start = threadCPUTime()
      diagnostics = Fixture.validate(yaml).diagnostics
      fastest = min(fastest, threadCPUTime() - start)
    }
    return (fastest, diagnostics)
  }

  /// The calling thread's CPU time so far, in seconds.
  static func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  @Test("20,000 metrics and 5,000 unknown names take under 6 times 5,000 and 1,250, and every mistake is told")
  func growth() {
    let (small, smallDiagnostics) = Self.check(Self.catalog(size: 5_000), runs: 3)
    let (large, largeDiagnostics) = Self.check(Self.catalog(size: 20_000), runs: 3)
    for (size, diagnostics) in [(5_000, smallDiagnostics), (20_000, largeDiagnostics)] {
      let unknownNames = diagnostics.filter { $0.id == "unknown-name" }
      #expect(unknownNames.count == size / 4)
      #expect(unknownNames.first?.message == "unknown name 'metric_0x'; did you mean 'metric_0'?")
      #expect(
        unknownNames.last?.message == "unknown name 'metric_\(size / 4 - 1)x'; did you mean 'metric_\(size / 4 - 1)'?")
      let unknownGroups = diagnostics.filter { $0.message.hasPrefix("the group 'g-") }
      #expect(unknownGroups.count == size / 40)
      #expect(unknownGroups.first?.message == "the group 'g-0x' is not in 'groups'; did you mean 'g-0'?")
      #expect(diagnostics.count == size / 4 + size / 40)
    }
    let ratio = large / small
    #expect(ratio < 6, "4 times the catalog took \(ratio) times the CPU time (\(small) s and \(large) s)")
  }

  @Test("the index of names suggests what comparing with every name suggests")
  func indexAgreesWithTheScan() {
    var random = SplitMix64(seed: 52)
    let alphabet = Array("abcdeéİ_1")
    func word(_ length: Int) -> String { String((0..<length).map { _ in alphabet[random.below(alphabet.count)] }) }
    for round in 0..<200 {
      let candidates = (0..<(1 + random.below(40))).map { _ in word(1 + random.below(9)) }
      var index = SuggestionIndex(candidates)
      for _ in 0..<20 {
        // A misspelling of a candidate (a deletion, an insertion, a change or a swap, once or
        // twice), or any word.
        var letters = Array(candidates[random.below(candidates.count)])
        for _ in 0..<random.below(3) {
          let position = random.below(letters.count + 1)
          switch random.below(4) {
          case 0 where position < letters.count: letters.remove(at: position)
          case 1: letters.insert(alphabet[random.below(alphabet.count)], at: position)
          case 2 where position < letters.count: letters[position] = alphabet[random.below(alphabet.count)]
          case 3 where position + 1 < letters.count: letters.swapAt(position, position + 1)
          default: break
          }
        }
        let misspelt = round % 5 == 0 ? word(1 + random.below(9)) : String(letters)
        #expect(
          index.closest(to: misspelt) == Suggestion.closest(to: misspelt, in: candidates),
          "'\(misspelt)' among \(candidates)")
      }
    }
  }
}

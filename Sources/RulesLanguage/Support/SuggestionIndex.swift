/// "Did you mean ...?" over a large, fixed set of words, asked many times: the answer
/// `Suggestion.closest` gives, without comparing the misspelt word with every candidate.
///
/// A candidate within the allowed edits (at most 2) of a word shares with it a string that
/// both reach by deleting as many characters as there were edits (a substitution or a swap of
/// neighbours is a deletion on each side, an insertion a deletion on the other), so each
/// candidate is filed under the hashes of its deletion variants, and a word looks up its own:
/// the work of a lookup follows the word's length and how many names are that close to it, not
/// the number of candidates (a catalog with 5,000 unknown names among 20,000 metrics would
/// otherwise compare 100 million pairs). Each candidate found is measured with an edit distance
/// that stops at the limit, so a hash that collides costs a comparison, never a wrong answer.
package struct SuggestionIndex: Sendable {
  /// The candidates in their order (the first of equally close ones wins, as in `Suggestion`).
  private let words: [Candidate]
  /// Each candidate's variants with at most one character deleted (`near`), and those with two
  /// for candidates allowed two edits (`far`), as a hash's top bits with the candidate's position in the
  /// low `positionBits`, sorted: a lookup is two binary searches, and two hashes that share
  /// their top bits only cost a comparison.
  private let near: [UInt64]
  /// Made at the first word no candidate is one edit from (`far` for short).
  private var farEntries: [UInt64]?
  private static let positionBits: UInt64 = 24
  /// The longest candidate, in Unicode scalars of its lowercased form.
  private let longest: Int
  /// Words longer than this are compared one by one (their variants would be many): only
  /// candidates of about their length are, as in `Suggestion.closest`.
  private static let longWord = 64

  /// A candidate, with what `Suggestion.closest` reads of it.
  private struct Candidate: Sendable {
    let word: String
    /// Its lowercased form's scalars.
    let lowered: [UInt32]
    /// Its scalars as written (the length test of `Suggestion.closest`).
    let scalars: Int
    /// The most edits a misspelling of it may have (`Suggestion.limit`).
    let limit: Int
  }

  /// An index of `candidates`.
  package init(_ candidates: [String]) {
    var words: [Candidate] = []
    words.reserveCapacity(candidates.count)
    var near: [UInt64] = []
    var longest = 0
    for (position, word) in candidates.enumerated() {
      let candidate = Candidate(
        word: word, lowered: word.lowercased().unicodeScalars.map(\.value), scalars: word.unicodeScalars.count,
        limit: Suggestion.limit(for: word))
      words.append(candidate)
      longest = max(longest, candidate.lowered.count)
      guard candidate.lowered.count <= Self.longWord + 2, position < 1 << Self.positionBits else { continue }
      Self.variants(of: candidate.lowered, deleting: 1) { hash, _ in
        near.append(Self.key(hash) | UInt64(position))
      }
    }
    near.sort()
    self.words = words
    self.near = near
    self.longest = longest
  }

  /// The candidate `Suggestion.closest(to: word, in: candidates)` gives.
  package mutating func closest(to word: String) -> String? {
    let lowered = word.lowercased().unicodeScalars.map(\.value)
    guard lowered.count <= longest + 2 else { return nil }
    guard lowered.count <= Self.longWord else { return Suggestion.closest(to: word, in: words.lazy.map(\.word)) }
    // Every candidate one edit away shares a variant with the word with at most one character
    // deleted on each side: when one is found, no candidate two edits away can be closer.
    if let best = closest(to: word, lowered, deleting: 1, far: []), best.distance <= 1 { return best.word }
    let far = farEntries ?? makeFar()
    farEntries = far
    return closest(to: word, lowered, deleting: 2, far: far)?.word
  }

  /// The variants of the candidates allowed two edits with two characters deleted.
  private func makeFar() -> [UInt64] {
    var far: [UInt64] = []
    for (position, candidate) in words.enumerated()
    where candidate.limit >= 2 && candidate.lowered.count <= Self.longWord + 2 && position < 1 << Self.positionBits {
      Self.variants(of: candidate.lowered, deleting: 2) { hash, deleted in
        if deleted == 2 { far.append(Self.key(hash) | UInt64(position)) }
      }
    }
    far.sort()
    return far
  }

  /// The closest candidate among those that share with `word` a variant with at most
  /// `deleting` characters deleted on each side.
  private func closest(to word: String, _ lowered: [UInt32], deleting: Int, far: [UInt64]) -> (
    word: String, distance: Int
  )? {
    var found: [Int] = []
    Self.variants(of: lowered, deleting: deleting) { hash, _ in
      Self.look(up: hash, in: near, into: &found)
      Self.look(up: hash, in: far, into: &found)
    }
    found.sort()
    // As `Suggestion.closest`: the least distance within each candidate's limit (and fewer
    // edits than the word has characters), the first in order among equals.
    let characters = word.count
    var best: (word: String, distance: Int)?
    var last = -1
    for position in found where position != last {
      last = position
      let candidate = words[position]
      guard candidate.word != word, abs(lowered.count - candidate.scalars) <= 2 else { continue }
      let most = min(candidate.limit, max(characters, 1) - 1, (best?.distance ?? .max) - 1)
      guard most >= 0, let distance = Self.distance(lowered, candidate.lowered, atMost: most) else { continue }
      best = (candidate.word, distance)
      if distance == 0 { break }
    }
    return best
  }

  /// A hash's top bits, where `near` and `far` keep them.
  private static func key(_ hash: Int) -> UInt64 {
    UInt64(UInt(bitPattern: hash)) & ~((1 << positionBits) - 1)
  }

  /// Appends the positions filed under `hash` in `entries`.
  private static func look(up hash: Int, in entries: [UInt64], into found: inout [Int]) {
    let key = key(hash)
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle] < key { low = middle + 1 } else { high = middle }
    }
    let positions = (1 << positionBits) - 1 as UInt64
    while low < entries.count && entries[low] & ~positions == key {
      found.append(Int(entries[low] & positions))
      low += 1
    }
  }

  /// `; did you mean 'x'?` or an empty string, as `Suggestion.hint`.
  package mutating func hint(for word: String) -> String {
    closest(to: word).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// `Suggestion.editDistance` of `a` and `b` when it is at most `most`, else nil: only the
  /// cells within `most` of the diagonal are computed (a path outside them costs more), and the
  /// rows stop once none of them is within `most`.
  static func distance(_ a: [UInt32], _ b: [UInt32], atMost most: Int) -> Int? {
    guard abs(a.count - b.count) <= most else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    let width = b.count + 1
    let over = most + 1
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
      var previousPrevious = rows.baseAddress!
      var previous = previousPrevious + width
      var current = previous + width
      for j in 0..<width {
        previousPrevious[j] = over
        previous[j] = min(j, over)
      }
      for i in 1...a.count {
        let low = max(1, i - most)
        let high = min(b.count, i + most)
        for j in 0..<width { current[j] = over }
        if i <= most { current[0] = i }
        var rowBest = current[0]
        if low <= high {
          for j in low...high {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var cell = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
              cell = min(cell, previousPrevious[j - 2] + 1)
            }
            current[j] = min(cell, over)
            rowBest = min(rowBest, current[j])
          }
        }
        if rowBest > most { return nil }
        (previousPrevious, previous, current) = (previous, current, previousPrevious)
      }
      let result = previous[b.count]
      return result <= most ? result : nil
    }
  }

  /// The hash of every string `scalars` gives with at most `deleting` (0, 1 or 2) characters
  /// deleted, each once per way of deleting (repeats are harmless), with how many were.
  private static func variants(of scalars: [UInt32], deleting: Int, _ body: (Int, Int) -> Void) {
    let count = scalars.count
    body(hash(scalars, skipping: -1, -1), 0)
    guard deleting >= 1 else { return }
    for first in 0..<count {
      body(hash(scalars, skipping: first, -1), 1)
      guard deleting >= 2 else { continue }
      for second in (first + 1)..<max(first + 1, count) {
        body(hash(scalars, skipping: first, second), 2)
      }
    }
  }

  /// An FNV-1a hash of `scalars` without the ones at `first` and `second` (-1: none): the same
  /// in every run, so the work of a check is too.
  private static func hash(_ scalars: [UInt32], skipping first: Int, _ second: Int) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for position in scalars.indices where position != first && position != second {
      hash = (hash ^ UInt64(scalars[position])) &* 0x0000_0100_0000_01b3
    }
    return Int(bitPattern: UInt(hash))
  }
}

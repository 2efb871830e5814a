/// "Did you mean ...?": the closest known word to a misspelt one.
package enum Suggestion {
  /// The candidate closest to `word` by edit distance, if it is close enough to be a likely
  /// typo (at most 2 edits, and fewer than the word's length).
  package static func closest<S: Sequence>(to word: String, in candidates: S) -> String?
  where S.Element == String {
    var best: (word: String, distance: Int)?
    let lowered = word.lowercased()
    let length = lowered.unicodeScalars.count
    let characters = word.count
    for candidate in candidates where candidate != word {
      // More than 2 edits apart by length alone: no edit distance to compute (a megabyte
      // key costs its length, not its length times each candidate's).
      guard abs(length - candidate.unicodeScalars.count) <= 2 else { continue }
      let distance = editDistance(lowered, candidate.lowercased())
      guard distance <= limit(for: candidate), distance < max(characters, 1) else { continue }
      if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    return best?.word
  }

  /// The most edits a misspelling of `candidate` may have: 1, or 2 from 6 characters on.
  static func limit(for candidate: String) -> Int {
    min(2, max(1, candidate.count / 3))
  }

  /// `; did you mean 'x'?` or an empty string.
  package static func hint<S: Sequence>(for word: String, in candidates: S) -> String
  where S.Element == String {
    closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// Levenshtein distance, with a swap of two neighbours counting as one edit.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}

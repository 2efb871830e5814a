/// A state written before fields the engine keeps now existed (a version-1 store's JSON,
/// without a streak's `last_protected` or the start of its run) is read with those fields empty,
/// and would keep them empty for good: the engine only moves them when a later day changes
/// them (issue #52). `filling(from:)` takes them from the same days counted again.
extension UserState {
  /// This state with each streak's empty start of run and last protected day taken from
  /// `recounted`: the same user's stored days counted again from the first, without a state,
  /// up to this state's date. Only for a streak whose length and best the two agree on (the
  /// same days counted the same run); nothing else changes (unlocks, sums, the last check stay
  /// this state's).
  package func filling(from recounted: UserState) -> UserState {
    var filled = self
    for index in counted.streaks.indices where recounted.counted.streaks.indices.contains(index) {
      let mine = counted.streaks[index]
      let theirs = recounted.counted.streaks[index]
      guard mine.current == theirs.current, mine.best == theirs.best else { continue }
      if mine.anchor == nil { filled.counted.streaks[index].anchor = theirs.anchor }
      if mine.lastProtected == nil { filled.counted.streaks[index].lastProtected = theirs.lastProtected }
    }
    return filled
  }
}

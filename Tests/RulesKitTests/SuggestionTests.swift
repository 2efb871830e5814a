@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

@Suite("suggestions (did you mean)")
struct SuggestionTests {
  @Test("the closest word within two edits, a swap counting as one")
  func closest() {
    #expect(Suggestion.closest(to: "wehn", in: ["when", "where", "name"]) == "when")
    #expect(Suggestion.closest(to: "Whne", in: ["when"]) == "when")
    #expect(Suggestion.closest(to: "stpes", in: ["steps", "done"]) == "steps")
    #expect(Suggestion.closest(to: "xyz", in: ["when", "name"]) == nil)
    // One letter is too short to guess from, and a word is not its own suggestion.
    #expect(Suggestion.closest(to: "a", in: ["b"]) == nil)
    #expect(Suggestion.closest(to: "when", in: ["when"]) == nil)
  }

  @Test("the hint is a clause to append, or nothing")
  func hint() {
    #expect(Suggestion.hint(for: "wehn", in: ["when"]) == "; did you mean 'when'?")
    #expect(Suggestion.hint(for: "xyz", in: ["when"]).isEmpty)
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesTestSupport
import Testing

/// Issue 28, the seeds' third pass: the text output of RIZQ's check in Arabic.
@Suite("the text output's right-to-left texts")
struct RightToLeftTextTests {
  @Test("the text output isolates right-to-left texts, so a terminal keeps the line's order")
  func isolates() throws {
    let path = ShippedCatalogs.folder.appendingPathComponent("rizq.yaml").path
    let result = CatalogFiles.validate(path: path)
    let checked = try #require(result.validated, "\(result.diagnostics)")
    let engine = Engine(checked)
    func check(_ locale: String?) throws -> Evaluation {
      try engine.check(user: "u", start: nil, on: CalendarDay("2026-03-19"), records: [], state: nil, locale: locale)
        .evaluation
    }
    let text = EvaluationText(catalog: checked.localized(to: "ar")).render(try check("ar"))
    #expect(text.contains("  · \u{2068}الخطوة الأولى\u{2069} (first-step): 0/1 (0%)"))
    #expect(text.contains("\u{2068}فَإِنَّ مَعَ الْعُسْرِ يُسْرًا\u{2069}"))
    // The verse has no text in Arabic: it is shown once, then its source.
    #expect(!text.contains("“”"))
    #expect(Bidi.isolated("First Step") == "First Step")
    let english = EvaluationText(catalog: checked).render(try check(nil))
    #expect(!english.contains("\u{2068}") || english.contains("\u{2068}فَإِنَّ"))
  }
}

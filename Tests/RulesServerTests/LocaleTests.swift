import Foundation
import StoreTestSupport
import Testing

/// The language of the server's answers (docs/openapi.yaml, the `locale` and
/// `Accept-Language` parameters): `?locale=` first, else the first language of
/// `Accept-Language` the catalog has, else the catalog's `default_locale`. RIZQ ships Arabic;
/// `ar-EG` writes numbers in Arabic-Indic digits, plain `ar` in Latin ones (CLDR's defaults).
@Suite struct LocaleTests {
  static let day = "/v1/catalogs/{catalog}/users/{user}/days/{date}"
  static let progress = "/v1/catalogs/{catalog}/users/{user}/progress"
  static let english =
    "You've planted 3 habits today. You can keep it light — or add another small one to grow alongside it."
  /// "You planted 3 habits today...": the `few` form of the plural, the number isolated by a
  /// right-to-left mark (U+200F).
  static func arabic(_ three: String) -> String {
    "زرعت \u{200F}\(three) عادات اليوم. يمكنك أن تبقيه خفيفًا — أو أن تضيف عادة صغيرة أخرى تنمو معها."
  }

  @Test func queryThenAcceptLanguageThenTheCatalogsDefault() async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(.sqlite, in: folder)
      // Three habits of seven: RIZQ's light-day message counts them.
      let put = try server.call(
        "PUT", "/v1/catalogs/rizq/users/amina/days/2026-05-01?locale=ar-EG", route: Self.day,
        body: #"{"habits_completed": 3, "habits_total": 7, "duas_completed": 2}"#)
      #expect(put.status == 200, "\(put.body)")
      #expect(Self.message(put) == Self.arabic("٣"))
      #expect(Self.firstBadgeName(put) == "الخطوة الأولى")

      func progress(_ query: String = "", headers: [String] = []) throws -> ServerProcess.Answer {
        try server.call(
          "GET", "/v1/catalogs/rizq/users/amina/progress?date=2026-05-01" + query, route: Self.progress,
          headers: headers)
      }
      #expect(Self.message(try progress("&locale=ar")) == Self.arabic("3"))
      #expect(Self.message(try progress("&locale=en")) == Self.english)
      #expect(Self.firstBadgeName(try progress("&locale=en")) == "First Step")
      // A language the catalog lacks falls back to its default.
      #expect(Self.message(try progress("&locale=fr")) == Self.english)
      // No `?locale=`: the header's first language (by q) the catalog has.
      #expect(Self.message(try progress(headers: ["Accept-Language: ar-EG, ar;q=0.9, en;q=0.5"])) == Self.arabic("٣"))
      #expect(Self.message(try progress(headers: ["Accept-Language: fr-CA, ar-SA;q=0.5"])) == Self.arabic("٣"))
      #expect(Self.message(try progress(headers: ["Accept-Language: en;q=0.4, ar;q=0.8"])) == Self.arabic("3"))
      #expect(Self.message(try progress(headers: ["Accept-Language: fr, de;q=0.5"])) == Self.english)
      #expect(Self.message(try progress()) == Self.english)
      // `?locale=` wins over the header.
      #expect(Self.message(try progress("&locale=en", headers: ["Accept-Language: ar"])) == Self.english)
      try server.checkAgainstOpenAPI()
    }
  }

  static func message(_ answer: ServerProcess.Answer) -> String? {
    ((answer.json as? [String: Any])?["message"] as? [String: Any])?["text"] as? String
  }

  static func firstBadgeName(_ answer: ServerProcess.Answer) -> String? {
    let badges = (answer.json as? [String: Any])?["badges"] as? [String: Any]
    return ((badges?["unlocked"] as? [[String: Any]])?.first)?["name"] as? String
  }
}

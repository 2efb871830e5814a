import Foundation
import HTTPTypes
import HummingbirdTesting
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import RulesTestSupport
import StoreTestSupport
import Testing

@testable import RulesServer

/// The served document's values where they are exact (docs/store.md, "The served document"):
/// every value its patterns and lists give is one the server takes (schemathesis's
/// `positive_data_acceptance`), and the locale pattern takes no more than the server does.
@Suite struct ServedDocumentExactTests {
  static func regex(_ pattern: String) throws -> NSRegularExpression { try NSRegularExpression(pattern: pattern) }

  static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
    regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  /// Locale-like texts: subtags of 1 to 9 letters, digits or both (and the odd empty one or
  /// other character), joined by `-` or `_`.
  static func candidates(count: Int) -> [String] {
    var random = SplitMix64(seed: 35)
    let alphabets = ["abcdefgxyzXAR", "0123456789", "a1x9Z", "ab-_é"]
    var texts: [String] = ["ar", "ar-EG", "zh-Hant-TW", "ar-u-nu-arab", "en-x-test", "de-1996", "en-a-x", "en--US"]
    for _ in 0..<count {
      var subtags: [String] = []
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let alphabet = Array(alphabets.randomElement(using: &random)!)
        let length = Int.random(in: 0...9, using: &random)
        subtags.append(String((0..<length).map { _ in alphabet.randomElement(using: &random)! }))
      }
      var text = subtags[0]
      for subtag in subtags.dropFirst() { text += (Bool.random(using: &random) ? "-" : "_") + subtag }
      texts.append(text)
    }
    return texts
  }

  @Test func theLocalePatternIsTheGrammarTheServerReads() throws {
    let regex = try Self.regex(ServedDocument.localePattern)
    var taken = 0
    for text in Self.candidates(count: 20_000) where text.count <= LocaleChain.maxLength {
      let server = LocaleChain.canonical(text) != nil
      if server { taken += 1 }
      #expect(Self.matches(regex, text) == server, "'\(text)': the server \(server ? "takes" : "refuses") it")
    }
    #expect(taken > 200, "the candidates hold locales the server takes (\(taken))")
  }

  @Test func everyMomentThePatternTakesIsOneTheServerReads() throws {
    let regex = try Self.regex(ServedDocument.momentPattern)
    var random = SplitMix64(seed: 38)
    func two(_ range: ClosedRange<Int>) -> String {
      let value = Int.random(in: range, using: &random)
      return value < 10 ? "0\(value)" : "\(value)"
    }
    for _ in 0..<5_000 {
      let year = String(Int.random(in: 0...9999, using: &random)).leftPadded(4)
      let zone =
        Bool.random(using: &random) ? "Z" : (Bool.random(using: &random) ? "+" : "-") + two(0...23) + ":" + two(0...59)
      let text = "\(year)-\(two(1...12))-\(two(1...31))T\(two(0...23)):\(two(0...59)):\(two(0...59))\(zone)"
      #expect(Self.matches(regex, text), "\(text)")
      #expect(TimeZoneChange.moment(text) != nil, "\(text)")
    }
    for refused in ["2026-03-10T09:30:00.5Z", "2026-03-10t09:30:00z", "2026-03-10 09:30:00Z", "2026-03-10T09:30Z"] {
      #expect(TimeZoneChange.moment(refused) == nil, "\(refused)")
      #expect(!Self.matches(regex, refused), "\(refused)")
    }
  }

  @Test func everyZoneTheDocumentNamesIsOneTheServerTakes() throws {
    guard case .array(let names)? = ServedDocument.zones(nullable: true)["enum"] else {
      throw StoreTestFailure("no enum")
    }
    #expect(names.count > 300)
    #expect(names.last == .null)
    for case .string(let name) in names { #expect(TimeZone(identifier: name) != nil, "\(name)") }
  }

  @Test func aDayMayBePutThroughTodayInUTC() throws {
    let now = try #require(ISO8601DateFormatter().date(from: "2026-03-05T23:30:00Z"))
    guard case .string(let pattern)? = ServedDocument.putDate(now: now)["pattern"] else {
      throw StoreTestFailure("no pattern")
    }
    let regex = try Self.regex(pattern)
    #expect(Self.matches(regex, "2026-03-05"))
    #expect(!Self.matches(regex, "2026-03-06"))
  }

  /// The served document as the route answers it: `rizq`'s explanation takes its badge ids
  /// alone, the PUT day and rebuild dates run to today in UTC, time zone changes are one at most.
  @Test func theServedDocumentCarriesTheExactValues() async throws {
    try await withStore(.sqlite) { store, _ in
      let api = try await InProcessAPI(store: store)
      let rizq = try #require(api.api.served.set.byID["rizq"])
      let text = try await api.test { client in try await client.call(.get, "/v1/openapi.json").text }
      let document = try JSONReader.parse(text.utf8)
      let item = try #require(document["paths"]?["/v1/catalogs/rizq/users/{user}/badges/{badge}/explanation"])
      guard case .array(let parameters)? = item["parameters"] else { throw StoreTestFailure("no parameters") }
      let badge = try #require(parameters.first { $0["name"] == .string("badge") })
      #expect(badge["schema"]?["enum"] == .array(rizq.validated.catalog.badges.map { .string($0.id) }))
      let today = CalendarDay.today(in: TimeZone(identifier: "UTC")!)
      for path in ["/v1/catalogs/rizq/users/{user}/days/{date}", "/v1/catalogs/rizq/users/{user}/rebuild"] {
        guard case .array(let parameters)? = document["paths"]?[path]?["parameters"],
          case .string(let pattern)? = parameters.first(where: { $0["name"] == .string("date") })?["schema"]?["pattern"]
        else { throw StoreTestFailure("\(path): no date pattern") }
        #expect(Self.matches(try Self.regex(pattern), today.description), "\(path)")
        #expect(!Self.matches(try Self.regex(pattern), (today + 1).description), "\(path)")
      }
      // An experiment's report runs to today in UTC too (schemathesis asked for 2199-12-25 and got
      // the 400 future-date the generic Date did not say).
      guard
        case .array(let reportParameters)? = document["paths"]?["/v1/admin/experiments/{name}"]?["get"]?["parameters"],
        case .string(let reportPattern)? = reportParameters.first(where: { $0["name"] == .string("date") })?["schema"]?[
          "pattern"]
      else { throw StoreTestFailure("the report: no date pattern") }
      #expect(Self.matches(try Self.regex(reportPattern), today.description))
      #expect(!Self.matches(try Self.regex(reportPattern), (today + 1).description))
      let changes = document["paths"]?["/v1/catalogs/rizq/users/{user}"]?["put"]?["requestBody"]?["content"]?[
        "application/json"]?["schema"]?["properties"]?["timezone_changes"]
      #expect(changes?["items"] == .bool(false))
      #expect(changes?["prefixItems"] == .array([.object([("$ref", .string("#/components/schemas/TimeZoneChange"))])]))
      #expect(
        document["components"]?["parameters"]?["locale"]?["schema"]?["pattern"] == .string(ServedDocument.localePattern)
      )
      // Every operation has an id of its own (a client generator names its methods by them).
      var ids: [String] = []
      if case .object(let paths)? = document["paths"] {
        for (_, item) in paths {
          guard case .object(let methods) = item else { continue }
          for (method, operation) in methods where ["get", "put", "post", "delete"].contains(method) {
            guard case .string(let id)? = operation["operationId"] else {
              throw StoreTestFailure("an operation without an operationId")
            }
            ids.append(id)
          }
        }
      }
      #expect(ids.contains("getProgress_rizq"))
      #expect(Set(ids).count == ids.count, "\(ids.count) operations, \(Set(ids).count) ids")
    }
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

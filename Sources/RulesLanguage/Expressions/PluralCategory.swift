/// One of CLDR's plural categories: the form of a word that goes with a number.
///
/// English has two (`one`, `other`); Arabic has all six. Which category a number takes is a
/// language's rule: 2 is `two` in Arabic and `other` in English.
package enum PluralCategory: String, Sendable, CaseIterable, Codable {
  case zero, one, two, few, many, other
}

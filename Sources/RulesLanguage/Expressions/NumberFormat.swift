/// Numbers for people: no trailing ".0", at most 3 decimals.
package enum NumberFormat {
  /// A number as short as it reads exactly to 3 decimals: `3`, `2.5`, `nan`, `inf`.
  package static func short(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    // Past 1e15 there are no decimals to round (and `value * 1000` could overflow).
    if abs(value) >= 1e15 { return String(value) }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    var text = String(rounded)
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}

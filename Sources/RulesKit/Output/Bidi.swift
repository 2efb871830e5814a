/// Right-to-left texts in lines for a terminal.
///
/// The text output's lines are laid out left to right: labels, ids, numbers and dates in
/// Latin letters around the catalog's texts. A text in Arabic (or Hebrew...) put in such a
/// line as it is makes the terminal's bidi algorithm take the whole line as right to left and
/// reorder its ids and numbers (`الخطوة الأولى (first-step): 0/1` shows its parts out of
/// order). Between a first strong isolate (U+2068) and a pop directional isolate (U+2069) the
/// text keeps its own direction and the line keeps its order.
package enum Bidi {
  /// `text` between U+2068 and U+2069 when it holds right-to-left letters; other text as it is.
  package static func isolated(_ text: String) -> String {
    isRightToLeft(text) ? "\u{2068}\(text)\u{2069}" : text
  }

  /// Whether `text` holds a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana,
  /// N'Ko... and their presentation forms).
  package static func isRightToLeft(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
      default: false
      }
    }
  }

  /// The characters `text` takes on a terminal: its count without the isolates.
  package static func width(_ text: String) -> Int {
    text.unicodeScalars.filter { $0.value != 0x2068 && $0.value != 0x2069 }.count
  }
}

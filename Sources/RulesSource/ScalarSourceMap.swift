/// Finds where a character of a scalar's value was written in the file.
///
/// A scalar's value is not its source text: quotes, escapes, folded line breaks and block
/// indentation all come between them. To point an error at the exact column of, say, an
/// unknown name inside an expression, this walks the source the way YAML builds the value
/// and stops at the wanted character. It runs only when a diagnostic needs it.
extension SourceFile {
  /// The mark of the character at `offset` (counted in Unicode scalars) of the value of the
  /// scalar node that starts at `start` and was written in `style`. An offset at or past the
  /// end maps to just after the last character walked.
  public func mark(ofValueOffset offset: Int, scalarAt start: Mark, style: ScalarStyle) -> Mark {
    guard offset > 0 || style != .plain, let begin = self.offset(of: start) else {
      return start
    }
    var walker = ScalarWalker(bytes: bytes, position: begin, mark: start)
    switch style {
    case .plain: return walker.walkFlow(to: offset, quote: nil)
    case .singleQuoted, .doubleQuoted:
      walker.advance()  // the opening quote
      return walker.walkFlow(to: offset, quote: style == .singleQuoted ? 0x27 : 0x22)
    case .literal, .folded: return walker.walkBlock(to: offset, folded: style == .folded)
    }
  }
}

private struct ScalarWalker {
  let bytes: [UInt8]
  var position: Int
  var mark: Mark

  var atEnd: Bool { position >= bytes.count }
  var current: UInt8 { bytes[position] }
  var breakLength: Int { atEnd ? 0 : SourceFile.lineBreakLength(bytes, at: position) }
  var isBlank: Bool { !atEnd && (current == 0x20 || current == 0x09) }

  mutating func advance() {
    guard !atEnd else { return }
    let length = breakLength
    if length > 0 {
      position += length
      mark = Mark(line: mark.line + 1, column: 1)
    } else {
      position += SourceFile.scalarLength(current)
      mark.column += 1
    }
  }

  /// Plain, single- and double-quoted scalars: runs of blanks and line breaks fold.
  mutating func walkFlow(to target: Int, quote: UInt8?) -> Mark {
    var produced = 0
    while !atEnd {
      if isBlank || breakLength > 0 {
        // A run of white space. Without a line break it is kept as is; with n breaks it
        // becomes one space (n == 1) or n - 1 newlines, all placed at the first break.
        let runStart = mark
        var blanks: [Mark] = []
        var firstBreak: Mark?
        var breaks = 0
        while isBlank || breakLength > 0 {
          if breakLength > 0 {
            if firstBreak == nil { firstBreak = mark }
            breaks += 1
          } else if breaks == 0 {
            blanks.append(mark)
          }
          advance()
        }
        if breaks == 0 {
          if target < produced + blanks.count { return blanks[target - produced] }
          produced += blanks.count
        } else {
          let count = breaks == 1 ? 1 : breaks - 1
          if target < produced + count { return firstBreak ?? runStart }
          produced += count
        }
        continue
      }
      if let quote, current == quote {
        // '' inside single quotes is one quote; otherwise the closing quote ends the value.
        if quote == 0x27, position + 1 < bytes.count, bytes[position + 1] == 0x27 {
          if target == produced { return mark }
          advance()
          advance()
          produced += 1
          continue
        }
        return mark
      }
      if quote == 0x22, current == 0x5C {  // backslash escape
        let escapeMark = mark
        advance()
        if breakLength > 0 {  // an escaped line break joins the lines
          advance()
          while isBlank { advance() }
          continue
        }
        if target == produced { return escapeMark }
        let hexDigits: Int =
          switch atEnd ? 0 : current {
          case UInt8(ascii: "x"): 2
          case UInt8(ascii: "u"): 4
          case UInt8(ascii: "U"): 8
          default: 0
          }
        advance()
        for _ in 0..<hexDigits { advance() }
        produced += 1
        continue
      }
      if target == produced { return mark }
      advance()
      produced += 1
    }
    return mark
  }

  /// Literal (`|`) and folded (`>`) block scalars: indentation is not part of the value.
  mutating func walkBlock(to target: Int, folded: Bool) -> Mark {
    // Skip the header line (indicator, chomping, indentation, comment).
    while !atEnd && breakLength == 0 { advance() }
    advance()
    // The content's indentation is that of its first non-empty line.
    var indent = 0
    var probe = position
    while probe < bytes.count {
      var spaces = 0
      while probe + spaces < bytes.count && bytes[probe + spaces] == 0x20 { spaces += 1 }
      let next = probe + spaces
      if next < bytes.count && SourceFile.lineBreakLength(bytes, at: next) > 0 {
        probe = next + SourceFile.lineBreakLength(bytes, at: next)
        continue
      }
      indent = spaces
      break
    }
    var produced = 0
    var emptyLines = 0
    var previousMoreIndented = false
    var first = true
    while !atEnd {
      var spaces = 0
      while spaces < indent && !atEnd && current == 0x20 {
        advance()
        spaces += 1
      }
      if breakLength > 0 || atEnd {
        emptyLines += 1
        advance()
        continue
      }
      if spaces < indent { break }  // the scalar ended
      let moreIndented = isBlank
      if !first {
        // What the line break(s) before this line became.
        let count: Int
        if !folded || moreIndented || previousMoreIndented {
          count = emptyLines + 1
        } else {
          count = emptyLines == 0 ? 1 : emptyLines
        }
        if target < produced + count { return mark }
        produced += count
      } else {
        produced += emptyLines
        if target < produced { return mark }
      }
      first = false
      emptyLines = 0
      previousMoreIndented = moreIndented
      while !atEnd && breakLength == 0 {
        if target == produced { return mark }
        advance()
        produced += 1
      }
      if target == produced { return mark }
      advance()
    }
    return mark
  }
}

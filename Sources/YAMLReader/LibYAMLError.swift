internal import CYaml
import RulesSource

/// Turns libyaml's error state into a located diagnostic.
enum LibYAMLError {
  static func diagnostic(for parser: yaml_parser_t, in source: SourceFile) -> Diagnostic {
    let problem = TreeBuilder.optionalString(parser.problem) ?? "the YAML is not valid"
    switch parser.error {
    case YAML_READER_ERROR:
      // The reader reports a byte offset rather than a line and column.
      let mark = source.mark(ofOffset: parser.problem_offset)
      let message: String
      if problem.contains("control character") {
        let hex = String(parser.problem_value, radix: 16, uppercase: true)
        message = "the control character 0x\(hex.count < 2 ? "0" + hex : hex) is not allowed in YAML text"
      } else if problem.contains("UTF-8") || problem.contains("Unicode") {
        message = "the text is not valid UTF-8 here (\(problem)); save the file as UTF-8"
      } else {
        message = problem
      }
      return Diagnostic(file: source.path, mark: mark, id: .yamlEncoding, message: message)
    case YAML_MEMORY_ERROR:
      return Diagnostic(
        file: source.path, mark: .start, id: .yamlSyntax, message: "libyaml ran out of memory")
    default:
      var message = problem
      if problem == "mapping values are not allowed in this context" {
        // The usual cause in a catalog: an expression with `? :` written without quotes.
        message += " (a value with ': ' in it needs quotes, e.g. when: \"a ? b : c\")"
      }
      if let context = TreeBuilder.optionalString(parser.context) {
        let contextMark = TreeBuilder.mark(parser.context_mark)
        message += " (\(context) at line \(contextMark.line), column \(contextMark.column))"
      }
      return Diagnostic(
        file: source.path, mark: TreeBuilder.mark(parser.problem_mark), id: .yamlSyntax,
        message: message)
    }
  }
}

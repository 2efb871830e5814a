internal import CYaml
import RulesSource

/// libyaml's events and nothing else: what libyaml alone accepts, and how fast it goes.
/// The reader's tests compare against it, and the benchmarks use it as the ceiling.
public enum EventScan {
  public struct Outcome: Sendable {
    /// Events pulled before the end or the error.
    public var events: Int
    /// libyaml's error, if it stopped on one.
    public var error: Diagnostic?
  }

  /// Pulls every event of `source` through `yaml_parser_parse`, keeping nothing.
  public static func run(_ source: SourceFile) -> Outcome {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
      let error = Diagnostic(
        file: source.path, mark: .start, id: .yamlSyntax, message: "libyaml could not start")
      return Outcome(events: 0, error: error)
    }
    defer { yaml_parser_delete(&parser) }
    return source.bytes.withUnsafeBufferPointer { buffer in
      withUnsafePointer(to: 0 as UInt8) { empty in
        yaml_parser_set_input_string(&parser, buffer.baseAddress ?? empty, buffer.count)
        var event = yaml_event_t()
        var count = 0
        while true {
          guard yaml_parser_parse(&parser, &event) == 1 else {
            return Outcome(events: count, error: LibYAMLError.diagnostic(for: parser, in: source))
          }
          count += 1
          let done = event.type == YAML_STREAM_END_EVENT
          yaml_event_delete(&event)
          if done { return Outcome(events: count, error: nil) }
        }
      }
    }
  }
}

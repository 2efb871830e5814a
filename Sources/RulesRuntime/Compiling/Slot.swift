/// Where a value lives in a frame.
public enum Slot: Sendable, Equatable {
  case int(Int)
  case num(Int)
}

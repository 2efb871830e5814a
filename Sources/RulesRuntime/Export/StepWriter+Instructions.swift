@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Each bytecode instruction of the day as one Swift statement (see `StepWriter`).
extension StepWriter {
  mutating func instruction(_ instruction: Instruction, inProgress: Bool) throws {
    switch instruction {
    case .copyInt(let d, let a): setInt(d, int(a))
    case .copyNum(let d, let a): setNum(d, num(a))
    case .intToNum(let d, let a): setNum(d, "Double(\(int(a)))")
    case .numToInt(let d, let a): setInt(d, "Arithmetic.int(\(num(a)))")
    case .boolToInt(let d, let a): setInt(d, "\(test(a)) ? 1 : 0")
    case .boolToNum(let d, let a): setNum(d, "\(test(a)) ? 1 : 0")

    case .intAdd(let d, let a, let b): setInt(d, "Arithmetic.add(\(int(a)), \(int(b)))")
    case .intSubtract(let d, let a, let b): setInt(d, "Arithmetic.subtract(\(int(a)), \(int(b)))")
    case .intMultiply(let d, let a, let b): setInt(d, "Arithmetic.multiply(\(int(a)), \(int(b)))")
    case .intRemainder(let d, let a, let b): setInt(d, "Arithmetic.remainder(\(int(a)), \(int(b)))")
    case .intNegate(let d, let a): setInt(d, "Arithmetic.negate(\(int(a)))")
    case .intAbs(let d, let a):
      let value = int(a)
      setInt(d, "\(value) == .min ? .max : Swift.abs(\(value))")
    case .intMin(let d, let a, let b): setInt(d, "Swift.min(\(int(a)), \(int(b)))")
    case .intMax(let d, let a, let b): setInt(d, "Swift.max(\(int(a)), \(int(b)))")
    case .intClamp(let d, let x, let low, let high):
      setInt(d, "Arithmetic.clamp(\(int(x)), \(int(low)), \(int(high)))")
    case .intSelect(let d, let c, let t, let o): setInt(d, "\(test(c)) ? \(int(t)) : \(int(o))")

    case .numAdd(let d, let a, let b): setNum(d, "Arithmetic.add(\(num(a)), \(num(b)))")
    case .numSubtract(let d, let a, let b): setNum(d, "Arithmetic.subtract(\(num(a)), \(num(b)))")
    case .numMultiply(let d, let a, let b): setNum(d, "Arithmetic.multiply(\(num(a)), \(num(b)))")
    case .numDivide(let d, let a, let b): setNum(d, "Arithmetic.divide(\(num(a)), \(num(b)))")
    case .numRemainder(let d, let a, let b): setNum(d, "Arithmetic.remainder(\(num(a)), \(num(b)))")
    case .numNegate(let d, let a): setNum(d, "-(\(num(a)))")
    case .numAbs(let d, let a): setNum(d, "Swift.abs(\(num(a)))")
    case .numSqrt(let d, let a):
      let value = num(a)
      setNum(d, "\(value) < 0 ? 0 : (\(value)).squareRoot()")
    case .numPow(let d, let a, let b): setNum(d, "Arithmetic.pow(\(num(a)), \(num(b)))")
    case .numMin(let d, let a, let b): setNum(d, "Swift.min(\(num(a)), \(num(b)))")
    case .numMax(let d, let a, let b): setNum(d, "Swift.max(\(num(a)), \(num(b)))")
    case .numClamp(let d, let x, let low, let high):
      setNum(d, "Arithmetic.clamp(\(num(x)), \(num(low)), \(num(high)))")
    case .numSelect(let d, let c, let t, let o): setNum(d, "\(test(c)) ? \(num(t)) : \(num(o))")
    case .numKernel(let function, let d, let a, let b, let c):
      let arguments = [a, b, c].prefix(function.definition.arity.upperBound).map { num($0) }
      setNum(d, "\(function.definition.kernel!.swift)(\(arguments.joined(separator: ", ")))")
    case .floor(let d, let a): setInt(d, "Arithmetic.int((\(num(a))).rounded(.down))")
    case .ceil(let d, let a): setInt(d, "Arithmetic.int((\(num(a))).rounded(.up))")
    case .round(let d, let a): setInt(d, "Arithmetic.int((\(num(a))).rounded(.toNearestOrAwayFromZero))")

    case .not(let d, let a): setInt(d, "\(test(a)) ? 0 : 1")
    case .and(let d, let a, let b): setInt(d, "\(test(a)) && \(test(b)) ? 1 : 0")
    case .or(let d, let a, let b): setInt(d, "\(test(a)) || \(test(b)) ? 1 : 0")
    case .boolEqual(let d, let a, let b): setInt(d, "(\(test(a))) == (\(test(b))) ? 1 : 0")
    case .boolNotEqual(let d, let a, let b): setInt(d, "(\(test(a))) != (\(test(b))) ? 1 : 0")
    case .intCompare(let c, let d, let a, let b): setInt(d, "\(int(a)) \(c.spelling) \(int(b)) ? 1 : 0")
    case .numCompare(let c, let d, let a, let b): setInt(d, "\(num(a)) \(c.spelling) \(num(b)) ? 1 : 0")
    case .stringEqual, .stringNotEqual, .stringConcat:
      throw SwiftDayExport.Unsupported(
        description:
          "it compares texts ('==' or '!=' between strings), which has no Swift translation; its day runs on the interpreter"
      )

    case .intTotal(let aggregate, let d, let value):
      setInt(d, "Arithmetic.add(t\(aggregate), \(int(value)))")
    case .numTotal(let aggregate, let d, let value):
      setNum(d, "Arithmetic.add(t\(aggregate), \(num(value)))")
    case .intWindow(let aggregate, let d, let value):
      intBases.insert(aggregate)
      line("w\(aggregate) = \(int(value))")
      setInt(d, "Arithmetic.add(b\(aggregate), w\(aggregate))")
    case .numWindow(let aggregate, let d, let value):
      numBases.insert(aggregate)
      line("w\(aggregate) = \(num(value))")
      setNum(d, "Arithmetic.add(b\(aggregate), w\(aggregate))")
    case .consecutive(let index, let counts, let skips):
      let rule = bytecode.streaks[index]
      let name = catalog.catalog.streaks[index].name
      line("// \(name)")
      line("p\(index) = q\(index)")
      if inProgress && !rule.isFinal { line("d\(index) = false") }
      let earn = rule.hasFreezes ? "earnEvery: \(rule.earnEvery), maxFreezes: \(Self.literal(rule.maxFreezes))" : nil
      let limit = rule.maxDays == .max ? "" : ", maxDays: \(rule.maxDays)"
      let count = "p\(index).count(on: day, " + (earn ?? "earnEvery: 0, maxFreezes: Int.max") + limit + ")"
      let breaks = inProgress && !rule.isFinal ? "d\(index) = true" : breakOrProtect(index)
      let counted = test(counts)
      let skipped = skips >= 0 ? test(skips) : "false"
      switch (counted, skipped) {
      case ("true", _): line(count)
      case ("false", "true"): break
      case ("false", "false"): line(breaks)
      case (_, "false"):
        block("if \(counted)") { $0.line(count) }
        lines[lines.count - 1] += " else {"
        depth += 1
        line(breaks)
        depth -= 1
        line("}")
      default:
        block("if \(counted)") { $0.line(count) }
        lines[lines.count - 1] += " else if !(\(skipped)) {"
        depth += 1
        line(breaks)
        depth -= 1
        line("}")
      }
      publish(index)
    case .elapsed(let index, let resets):
      let rule = bytecode.streaks[index]
      line("// \(catalog.catalog.streaks[index].name)")
      line("p\(index) = q\(index)")
      line(
        "p\(index).elapse(to: day, start: start, origin: state.origin, needsStart: \(rule.needsStart), "
          + "resets: \(resets >= 0 ? test(resets) : "false"))")
      publish(index, freezes: "0")
    case .periodic:
      // `step()` refuses a catalog with a periodic streak before any instruction is written.
      throw SwiftDayExport.Unsupported(
        description: "it has a periodic streak, which has no Swift translation; its day runs on the interpreter")
    }
  }
}

@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Writes one catalog's `step`, statement by statement, mirroring `DayRunner.step`.
struct StepWriter {
  package let program: Program
  let bytecode: Bytecode
  let layout: Layout
  /// The slots some statement reads (from the pass before): a store to any other slot is left
  /// out. nil on the first pass: every store is written.
  let live: (ints: Set<Int>, nums: Set<Int>)?
  var intReads = Set<Int>()
  var numReads = Set<Int>()
  var intWrites = Set<Int>()
  var numWrites = Set<Int>()
  /// Windows whose base (the sum without the oldest day) the day reads, ints and numbers.
  var intBases = Set<Int>()
  var numBases = Set<Int>()
  var lines: [String] = []
  var depth = 2

  init(program: Program, live: (ints: Set<Int>, nums: Set<Int>)?) {
    self.program = program
    bytecode = program.bytecode
    layout = program.layout
    self.live = live
  }

  var catalog: ValidatedCatalog { program.catalog }

  // MARK: - Operands

  mutating func int(_ slot: Int) -> String {
    if slot < 0 { return Self.literal(bytecode.intConstants[-slot - 1]) }
    intReads.insert(slot)
    return "i\(slot)"
  }

  mutating func num(_ slot: Int) -> String {
    if slot < 0 { return Self.literal(bytecode.numConstants[-slot - 1]) }
    numReads.insert(slot)
    return "n\(slot)"
  }

  /// An int slot as a condition (`!= 0`), a constant one folded.
  mutating func test(_ slot: Int) -> String {
    if slot < 0 { return bytecode.intConstants[-slot - 1] != 0 ? "true" : "false" }
    return "\(int(slot)) != 0"
  }

  static func literal(_ value: Int) -> String {
    value == .min ? "Int.min" : "\(value)"
  }

  static func literal(_ value: Double) -> String {
    guard value.isFinite else { return "Double(bitPattern: 0x\(String(value.bitPattern, radix: 16)))" }
    let text = "\(value)"
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }

  mutating func line(_ text: String) {
    lines.append(String(repeating: "  ", count: depth) + text)
  }

  mutating func block(_ head: String, _ body: (inout StepWriter) throws -> Void) rethrows {
    line(head + " {")
    depth += 1
    try body(&self)
    depth -= 1
    line("}")
  }

  /// `i<slot> = value`, left out when no statement reads the slot.
  mutating func setInt(_ slot: Int, _ value: String) {
    if let live, !live.ints.contains(slot) { return }
    intWrites.insert(slot)
    line("i\(slot) = \(value)")
  }

  mutating func setNum(_ slot: Int, _ value: String) {
    if let live, !live.nums.contains(slot) { return }
    numWrites.insert(slot)
    line("n\(slot) = \(value)")
  }

  // MARK: - The step

  mutating func step() throws -> String {
    // A repeating badge's earnings (one a period) are the interpreter's alone for now.
    if let badge = program.repeatingBadges.first {
      throw SwiftDayExport.Unsupported(
        description:
          "its badge '\(catalog.badges[badge].id)' repeats (`repeats`), which has no Swift translation; its day runs on the interpreter"
      )
    }
    // So are periodic streaks (a period's count and goal).
    if let streak = catalog.streaks.first(where: { $0.streak.periodic != nil }) {
      throw SwiftDayExport.Unsupported(
        description:
          "its streak '\(streak.streak.name)' is periodic (`type: periodic`), which has no Swift translation; its day runs on the interpreter"
      )
    }
    // So are prerequisites (a badge's `requires`, looked at again after each unlock).
    if let badge = program.badgeRequires.indices.first(where: { !program.badgeRequires[$0].isEmpty }) {
      throw SwiftDayExport.Unsupported(
        description:
          "its badge '\(catalog.badges[badge].id)' requires others (`requires`), which has no Swift translation; its day runs on the interpreter"
      )
    }
    let streaks = catalog.streaks.count
    let aggregates = catalog.aggregates.count
    let badges = catalog.badges.count
    depth = 2
    let declarations = lines.count
    line("// The day in progress.")
    load()
    try run(inProgress: true)
    if badges > 0 {
      line("// The badges.")
      line("var unlocked: [Int] = []")
      try unlockBadges()
    } else {
      line("if check { state.lastCheck = day }")
    }
    finish: do {
      let deferring = deferringStreaks
      guard !deferring.isEmpty else { break finish }
      let differs = deferring.map { "d\($0)" }.joined(separator: " || ")
      try block("if \(differs)") { w in
        w.line("// The day finished: the breaks it deferred.")
        if w.bytecode.streaksAlone {
          for index in deferring {
            w.block("if d\(index)") { w in
              w.line(w.breakOrProtect(index))
              w.publish(index)
            }
          }
        } else {
          w.load()
          try w.run(inProgress: false)
        }
      }
    }
    commit()
    line(badges > 0 ? "return unlocked" : "return []")

    // The declarations, now that the slots used are known.
    var head: [String] = []
    let pad = String(repeating: "  ", count: 2)
    for slot in intReads.union(intWrites).sorted() {
      head.append(pad + (intWrites.contains(slot) ? "var" : "let") + " i\(slot) = 0")
    }
    for slot in numReads.union(numWrites).sorted() {
      head.append(pad + (numWrites.contains(slot) ? "var" : "let") + " n\(slot) = 0.0")
    }
    for index in 0..<streaks {
      head.append(pad + "let q\(index) = state.streaks[\(index)]")
      head.append(pad + "var p\(index) = q\(index)")
    }
    for index in deferringStreaks { head.append(pad + "var d\(index) = false") }
    for aggregate in 0..<aggregates {
      switch bytecode.commits.first(where: { $0.aggregate == aggregate }) {
      case .intSum: head.append(pad + "let t\(aggregate) = state.intSums[\(aggregate)]")
      case .numSum: head.append(pad + "let t\(aggregate) = state.numSums[\(aggregate)]")
      case .intWindow:
        head.append(pad + "var w\(aggregate) = 0")
        if intBases.contains(aggregate) {
          head.append(
            pad + "let b\(aggregate) = state.windows[\(aggregate)]!.\(base("intBase", aggregate))")
        }
      case .numWindow:
        head.append(pad + "var w\(aggregate) = 0.0")
        if numBases.contains(aggregate) {
          head.append(pad + "let b\(aggregate) = state.windows[\(aggregate)]!.\(base("numBase", aggregate))")
        }
      default: break
      }
    }
    lines.insert(contentsOf: head, at: declarations)
    return """
        /// One whole day: checked in progress (badges unlock), then finished and counted.
        public mutating func step(day: Int, values: [Int]?, state: inout CountedState, start: Int?, check: Bool) -> [Int] {
      \(lines.joined(separator: "\n"))
        }

      """
  }

  /// What a window's value of the day is added to: `intBase` (its sum without its oldest day)
  /// for `last(n, x)`; for a period sum, the sum of its period's days before the day.
  func base(_ name: String, _ aggregate: Int) -> String {
    guard case .period(let period) = catalog.aggregates[aggregate].kind else { return name }
    return "\(name)(newest: calendar.daysBefore(.\(period), ofDay: day, weekStart: .\(catalog.catalog.weekStarts)))"
  }

  /// The consecutive streaks whose break a day in progress defers (not `final`).
  var deferringStreaks: [Int] {
    bytecode.streaks.indices.filter { index in
      guard case .consecutive = catalog.streaks[index].streak.kind else { return false }
      return !bytecode.streaks[index].isFinal
    }
  }

  /// `DayRunner.load`: the inputs (a day without a record: their defaults) and built-ins.
  mutating func load() {
    let inputs = catalog.inputs
    let defaults = inputs.map { $0.encode($0.defaultValue) }
    func assign(_ w: inout StepWriter, _ input: Int, _ value: String) {
      switch w.layout.inputs[input] {
      case .int(let slot): w.setInt(slot, value)
      case .num(let slot): w.setNum(slot, "Double(bitPattern: UInt64(UInt(bitPattern: \(value))))")
      }
    }
    line("if let values {")
    depth += 1
    line("precondition(values.count == \(inputs.count), \"a record holds one value per input\")")
    for input in inputs.indices { assign(&self, input, "values[\(input)]") }
    depth -= 1
    if !inputs.isEmpty {
      line("} else {")
      depth += 1
      for input in inputs.indices { assign(&self, input, StepWriter.literal(defaults[input])) }
      depth -= 1
    }
    line("}")
    setInt(layout.logged, "values == nil ? 0 : 1")
    setInt(layout.day, "day - (start ?? state.origin ?? day)")
    setInt(layout.badgesCount, "state.badgeCount")
    setInt(layout.badgesXP, "state.badgeXP")
    let read = layout.calendarFieldsRead
    if read.contains(.weekday) { setInt(layout.calendar[0], "CalendarField.weekday(ofDay: day)") }
    if read.contains(where: { $0 != .weekday }) {
      line("let hijri = calendar.hijri(ofDay: day)")
      setInt(layout.calendar[1], "hijri.year")
      setInt(layout.calendar[2], "hijri.month")
      setInt(layout.calendar[3], "hijri.day")
      setInt(layout.calendar[4], "hijri.monthDays")
    }
  }

  /// `DayRunner.run`: the day's instructions.
  mutating func run(inProgress: Bool) throws {
    for pc in bytecode.day {
      try instruction(bytecode.instructions[pc], inProgress: inProgress)
    }
  }

  mutating func code(_ range: Range<Int>) throws {
    for pc in range {
      try instruction(bytecode.instructions[pc], inProgress: true)
    }
  }

  /// `DayRunner.unlockBadges`: a look at every criterion first (most days unlock nothing),
  /// then the badges in order, again while an unlock changes a metric the badges read.
  mutating func unlockBadges() throws {
    let free = program.freeBadges
    let groups = program.progressiveGroups
    let loops = !bytecode.badgeMetrics.isEmpty
    try block("if state.badgeCount < \(catalog.badges.count)") { w in
      try w.code(w.bytecode.allCriteria)
      // Most days unlock nothing: look first, without touching the state.
      w.line("var holds = false")
      w.atCheck { w in
        for badge in free {
          w.line(
            "if state.unlocked[\(badge)] == nil && \(w.test(w.bytecode.allCriteriaResults[badge])) { holds = true }")
        }
      }
      if !groups.isEmpty {
        w.block("if check") { w in
          for badges in groups {
            w.chain(badges) { w, badge in
              w.line("if \(w.test(w.bytecode.allCriteriaResults[badge])) { holds = true }")
            }
          }
        }
      }
      try w.block("if holds") { w in
        // `unlocks`: how many this check has unlocked, all together and per group.
        if w.program.unlocks.perCheck != nil { w.line("var total = 0") }
        for group in w.limitedGroups { w.line("var inGroup\(group) = 0") }
        if loops {
          for group in groups.indices { w.line("var done\(group) = false") }
          try w.block("while true") { w in
            w.line("var changed = false")
            try w.pass(free: free, groups: groups, loops: true)
            w.line("guard changed else { break }")
            w.setInt(w.layout.badgesCount, "state.badgeCount")
            w.setInt(w.layout.badgesXP, "state.badgeXP")
            try w.code(w.bytecode.badgeMetrics)
          }
        } else {
          try w.pass(free: free, groups: groups, loops: false)
        }
      }
    }
    line("if check { state.lastCheck = day }")
  }

  /// One pass over the badges: each locked badge outside progressive groups, then (`check`)
  /// the next badge of each progressive group not yet done in this check.
  mutating func pass(free: [Int], groups: [[Int]], loops: Bool) throws {
    let perCheck = program.unlocks.perCheck
    let perGroup = program.unlocks.perGroup
    try atCheck { w in
      for badge in free {
        var condition = "state.unlocked[\(badge)] == nil"
        if let perCheck { condition += " && total < \(perCheck)" }
        if let perGroup, let group = w.program.badgeGroups[badge] { condition += " && inGroup\(group) < \(perGroup)" }
        try w.block("if \(condition)") { w in try w.tryUnlock(badge, group: nil, loops: loops) }
      }
    }
    guard !groups.isEmpty else { return }
    try block("if check") { w in
      for (group, badges) in groups.enumerated() {
        var conditions = loops ? ["!done\(group)"] : []
        if let perCheck { conditions.append("total < \(perCheck)") }
        try w.block(conditions.isEmpty ? "do" : "if " + conditions.joined(separator: " && ")) { w in
          try w.chain(badges) { w, badge in try w.tryUnlock(badge, group: group, loops: loops) }
        }
      }
    }
  }

  /// `body`, inside `if check` when the badges outside progressive groups unlock at the check
  /// only (`unlocks: {at: check}`).
  mutating func atCheck(_ body: (inout StepWriter) throws -> Void) rethrows {
    if program.unlocks.at == .check {
      try block("if check", body)
    } else {
      try body(&self)
    }
  }

  /// A streak's break (or protected day), keeping the progress towards the next freeze when
  /// its freezes are earned by counted days overall.
  func breakOrProtect(_ index: Int) -> String {
    bytecode.streaks[index].keepsProgress
      ? "p\(index).breakOrProtect(on: day, keepsProgress: true)" : "p\(index).breakOrProtect(on: day)"
  }

  /// The groups whose badges outside progressive groups `unlocks.per_group` counts.
  var limitedGroups: [Int] {
    guard program.unlocks.perGroup != nil else { return [] }
    return Set(program.freeBadges.compactMap { program.badgeGroups[$0] }).sorted()
  }

  /// `if state.unlocked[a] == nil { ... } else if state.unlocked[b] == nil { ... } ...`: the
  /// first locked badge of a progressive group.
  mutating func chain(_ badges: [Int], _ body: (inout StepWriter, Int) throws -> Void) rethrows {
    for (position, badge) in badges.enumerated() {
      let head = "if state.unlocked[\(badge)] == nil {"
      if position == 0 {
        line(head)
      } else {
        lines[lines.count - 1] += " else " + head
      }
      depth += 1
      try body(&self, badge)
      depth -= 1
      line("}")
    }
  }

  /// The badge's criterion, and its unlock when it holds.
  mutating func tryUnlock(_ badge: Int, group: Int?, loops: Bool) throws {
    let criterion = bytecode.criteria[badge]
    try code(criterion.code)
    let xp = program.badgeXP[badge]
    block("if \(test(criterion.result))") { w in
      w.line("state.unlocked[\(badge)] = day")
      w.line("state.badgeCount += 1")
      w.line("state.badgeXP = Arithmetic.add(state.badgeXP, \(StepWriter.literal(xp)))")
      w.line("unlocked.append(\(badge))")
      if w.program.unlocks.perCheck != nil { w.line("total += 1") }
      if group == nil, let badgeGroup = w.program.badgeGroups[badge], w.limitedGroups.contains(badgeGroup) {
        w.line("inGroup\(badgeGroup) += 1")
      }
      if loops {
        w.line("changed = true")
        if let group { w.line("done\(group) = true") }
      }
    }
  }

  /// `DayRunner.commit`: the sums, the windows and the streaks into the state.
  mutating func commit() {
    let streaks = catalog.streaks.count
    line("// The day counted into the state.")
    for commit in bytecode.commits {
      switch commit {
      case .intSum(let aggregate, let slot): line("state.intSums[\(aggregate)] = \(int(slot))")
      case .numSum(let aggregate, let slot): line("state.numSums[\(aggregate)] = \(num(slot))")
      case .intWindow(let aggregate): line("state.windows[\(aggregate)]!.push(int: w\(aggregate))")
      case .numWindow(let aggregate): line("state.windows[\(aggregate)]!.push(num: w\(aggregate))")
      case .streak: break
      }
    }
    // One uniqueness check for all the streaks (an assignment per streak would check each).
    if streaks > 0 {
      line("state.streaks.withUnsafeMutableBufferPointer { streaks in")
      depth += 1
      line(
        "precondition(streaks.count == \(streaks), \"the state is not this catalog's (CountedState(for:) makes one)\")")
      for index in 0..<streaks { line("streaks[\(index)] = p\(index)") }
      depth -= 1
      line("}")
    }
    line("state.countedThrough = day")
  }

  /// Puts a streak's fields as the day leaves them in its slots.
  mutating func publish(_ index: Int, freezes: String? = nil) {
    let rule = bytecode.streaks[index]
    setInt(rule.current, "p\(index).current")
    setInt(rule.best, "p\(index).best")
    setInt(rule.freezes, freezes ?? "p\(index).freezes")
  }
}

extension Bytecode.Commit {
  /// The aggregate a sum or window commit writes, nil for a streak's.
  var aggregate: Int? {
    switch self {
    case .intSum(let aggregate, _), .numSum(let aggregate, _): aggregate
    case .intWindow(let aggregate), .numWindow(let aggregate): aggregate
    case .streak: nil
    }
  }
}

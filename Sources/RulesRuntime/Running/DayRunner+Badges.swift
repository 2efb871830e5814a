@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The badges: whether their criteria hold on the frame, and unlocking them.
extension DayRunner {
  /// Whether `badge`'s criterion holds on the frame as it is: a comparison of two slots is
  /// made in place, anything else runs its instructions.
  @inline(__always)
  func holds(_ badge: Int) -> Bool {
    let test = tests[badge]
    return test.kind == .code ? runs(test) : test.holds(frame.ints, frame.nums)
  }

  /// Whether `badge`'s criterion holds on the frame as the day (and its check) left it, unlocked
  /// or not: what `rules reach` reads of a day the real runner made.
  package func criterionHolds(_ badge: Int) -> Bool { holds(badge) }

  /// Runs a criterion's instructions and reads its result.
  private func runs(_ test: CriterionTest) -> Bool {
    machine.run(ops: test.ops)
    return frame.ints[test.result] != 0
  }

  /// The same, always by running the criterion's instructions (the plain path, for the tests
  /// that check `holds` against it).
  func holdsByRunning(_ badge: Int) -> Bool {
    machine.run(criterionStarts[badge]..<criterionEnds[badge])
    return frame.ints[criterionResults[badge]] != 0
  }

  /// How many operations the machine's code has, its ranges' stops left out (for the tests:
  /// fewer than the bytecode's instructions when some are fused).
  var operationCount: Int { machine.operationCount }

  /// How many criteria are made in place (for the tests).
  var criteriaInPlace: Int {
    (0..<criterionStarts.count).count { tests[$0].kind != .code }
  }

  /// The badges whose criterion holds on the frame as it is (for the tests that check the
  /// bytecode against the closures).
  func holding() -> [Int] {
    criterionStarts.indices.filter(holds)
  }

  /// The same, from the run of every criterion at once.
  func holdingAtOnce() -> [Int] {
    machine.run(bytecode.allCriteria)
    return allResults.indices.filter { frame.ints[allResults[$0]] != 0 }
  }

  /// Unlocks the badges whose criterion holds on `day` (already run): every badge outside
  /// progressive groups, and when `check` is true the next badge of each progressive group.
  /// Returns the badges unlocked, in the order they unlocked.
  @discardableResult
  @inline(__always)
  package func unlockBadges(day: Int, state: inout CountedState, check: Bool) -> [Int] {
    // A repeating badge earned in a period that has ended can be earned again.
    if !repeatingBadges.isEmpty { rollOver(day: day, state: &state) }
    // Most days unlock nothing: look first, without touching the state.
    guard state.badgeCount < badgeTotal || !repeatingBadges.isEmpty, anyHolds(state.unlocked, check: check) else {
      if check { state.lastCheck = day }
      return []
    }
    return unlockHolding(day: day, state: &state, check: check)
  }

  /// Makes the day's metrics that read `badges.count` and `badges.xp` see `state`'s unlocks:
  /// a rebuild puts the saved unlocks back after its check, and its report counts their XP.
  package func refreshBadgeMetrics(_ state: CountedState) {
    guard hasBadgeMetrics else { return }
    frame.ints[badgesCountSlot] = state.badgeCount
    frame.ints[badgesXPSlot] = state.badgeXP
    machine.run(bytecode.badgeMetrics)
  }

  /// `unlockBadges` once a badge it looks at holds.
  private func unlockHolding(day: Int, state: inout CountedState, check: Bool) -> [Int] {
    var unlocked: [Int] = []
    let groups = program.progressiveGroups
    var groupsDone = check && !groups.isEmpty ? [Bool](repeating: false, count: groups.count) : []
    let frame = frame
    // `unlocks`: the badges outside progressive groups at the check only, and how many a
    // check unlocks, all together and per group.
    let lookAtFree = check || !freeAtCheck
    let perCheck = program.unlocks.perCheck ?? .max
    let perGroup = program.unlocks.perGroup ?? .max
    var inGroup =
      program.unlocks.perGroup == nil ? [] : [Int](repeating: 0, count: program.catalog.catalog.groups.count)
    while true {
      var changed = false
      if lookAtFree {
        for badge in freeBadges where state.unlocked[badge] == nil {
          if unlocked.count >= perCheck { break }
          let group = program.badgeGroups[badge]
          if let group, !inGroup.isEmpty, inGroup[group] >= perGroup { continue }
          if holds(badge) && program.prerequisitesMet(badge, in: state) {
            unlock(badge, day: day, state: &state)
            unlocked.append(badge)
            if let group, !inGroup.isEmpty { inGroup[group] += 1 }
            changed = true
          }
        }
      }
      if check {
        for (group, badges) in groups.enumerated() where !groupsDone[group] {
          if unlocked.count >= perCheck { break }
          guard let next = badges.first(where: { state.unlocked[$0] == nil }) else { continue }
          if holds(next) && program.prerequisitesMet(next, in: state) {
            unlock(next, day: day, state: &state)
            unlocked.append(next)
            groupsDone[group] = true
            changed = true
          }
        }
      }
      // A badge that unlocked changes badges.count and badges.xp: metrics that read them are
      // computed again and the badges still locked looked at once more. So they are when a
      // badge requires another (`requires`): the one just unlocked may be its last prerequisite.
      guard changed, hasBadgeMetrics || !program.badgeRequires.isEmpty else { break }
      if hasBadgeMetrics {
        frame.ints[badgesCountSlot] = state.badgeCount
        frame.ints[badgesXPSlot] = state.badgeXP
        machine.run(bytecode.badgeMetrics)
      }
    }
    if check { state.lastCheck = day }
    return unlocked
  }

  /// Whether a badge that `unlockBadges` looks at holds: a locked badge outside progressive
  /// groups, or (`check`) the next badge of a progressive group. Only locked badges are looked
  /// at: a comparison in place, other criteria by their instructions, badge by badge when
  /// that runs fewer of them than every criterion at once.
  func anyHolds(_ state: CountedState, check: Bool) -> Bool {
    anyHolds(state.unlocked, check: check)
  }

  @inline(__always)
  private func anyHolds(_ unlocked: [Int?], check: Bool) -> Bool {
    unlocked.withUnsafeBufferPointer { unlocked in
      var pending = 0
      var length = 0
      let ints = frame.ints
      let nums = frame.nums
      // Badges that unlock at the check only are not looked at on the days before it.
      for position in 0..<(check || !freeAtCheck ? freeBadges.count : 0) {
        let badge = freeList[position]
        guard unlocked[badge] == nil else { continue }
        let test = tests + badge
        if test.pointee.kind == .code {
          lockedCode[pending] = badge
          pending += 1
          length += test.pointee.code.count
        } else if test.pointee.holds(ints, nums) {
          return true
        }
      }
      if check {
        for badges in program.progressiveGroups {
          guard let next = badges.first(where: { unlocked[$0] == nil }) else { continue }
          let test = tests[next]
          if test.kind == .code {
            lockedCode[pending] = next
            pending += 1
            length += test.code.count
          } else if test.holds(frame.ints, frame.nums) {
            return true
          }
        }
      }
      guard pending > 0 else { return false }
      // A run costs about two instructions' dispatch besides its own.
      if length + 2 * pending < allCriteriaLength {
        for index in 0..<pending where runs(tests[lockedCode[index]]) { return true }
        return false
      }
      machine.run(ops: allCriteriaOps)
      return allResults.withUnsafeBufferPointer { results in
        for index in 0..<pending where ints[results[lockedCode[index]]] != 0 { return true }
        return false
      }
    }
  }

  /// What `anyHolds` finds, found by running every criterion (the plain path, for the tests).
  func anyHoldsByRunningAll(_ state: CountedState, check: Bool) -> Bool {
    machine.run(bytecode.allCriteria)
    let ints = frame.ints
    for badge in freeBadges
    where (check || !freeAtCheck) && state.unlocked[badge] == nil && ints[allResults[badge]] != 0 {
      return true
    }
    guard check else { return false }
    for badges in program.progressiveGroups {
      if let next = badges.first(where: { state.unlocked[$0] == nil }), ints[allResults[next]] != 0 { return true }
    }
    return false
  }

  /// Locks again each repeating badge earned before the period of `day` began: its criterion,
  /// read on the period's own sums, is looked at again from the period's first day.
  func rollOver(day: Int, state: inout CountedState) {
    for badge in repeatingBadges {
      guard let earned = state.unlocked[badge], let period = program.badgeRepeats[badge] else { continue }
      if earned < day - dayCalendar.daysBefore(period, ofDay: day, weekStart: weekStart) {
        state.unlocked[badge] = nil
      }
    }
  }

  private func unlock(_ badge: Int, day: Int, state: inout CountedState) {
    state.unlocked[badge] = day
    if !repeatingBadges.isEmpty, program.badgeRepeats[badge] != nil { state.earnings[badge].append(day) }
    state.badgeCount += 1
    state.badgeXP = Arithmetic.add(state.badgeXP, badgeXP[badge])
  }
}

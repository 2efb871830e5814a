import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The binary form of a state: what `binary()` writes and `init(binary:for:)` reads. It holds
/// what the JSON holds, in a fraction of the bytes and without a JSON parser:
///
///     "RS"  binaryFormatVersion (varint)  catalog id (string)  catalog version (zigzag)
///     section*                            (tag varint, payload length varint, payload)
///     checksum                            (FNV-1a 32 of every byte before it, little-endian)
///
/// Numbers are LEB128 varints (zigzag for signed ones and days), doubles their 8 bytes, strings
/// a length and UTF-8. Streaks, sums, windows and unlocks are saved by name, as in the JSON,
/// so a catalog that gains a badge or a streak still reads the state; a section that would be
/// empty (or a day that is nil) is left out. `records` (the digests of the last counted days)
/// is a first day and a count, then only the days that had a record: an empty day costs
/// nothing.
///
/// To add a field: give it a new tag (`Tag`), write it only when it is not its default, and
/// read it in `decodeBinary`; a reader skips a tag it does not know, so older builds still read
/// the state. Bump `binaryFormatVersion` only for a change an older reader must not read
/// (older builds then refuse the state as newer).
extension UserState {
  /// The version of the binary form this build writes (and the newest it reads).
  public static let binaryFormatVersion = 1

  /// The first bytes of every binary state.
  static let binaryMagic: [UInt8] = [0x52, 0x53]  // "RS"

  /// The sections of the binary form. Numbers are never reused.
  enum Tag: UInt64 {
    case user = 1
    case date, countedThrough, lastCheck, origin, milestone, unlocks, streaks, sums, windows, records,
      pending
    /// Every earning of each repeating badge (`repeats`), added after version 1 without a bump:
    /// a reader that does not know it skips it (and knows no catalog with `repeats` either).
    /// Repeating badges are written here only, not in `unlocks`.
    case earnings
    /// The inputs each pending record names (`EncodedRecord.reported`), for a catalog whose
    /// streaks read them (`final_once_reported`), added after version 1 without a bump: a
    /// reader that does not know it skips it (and knows no such catalog either).
    case reported
    /// Each periodic streak's current period (`PeriodTally`), by the streak's name, added after
    /// version 1 without a bump, as `reported`.
    case periods
  }

  /// The state in its compact binary form (see the extension's documentation): what to save
  /// when no person reads it. `init(binary:for:)` reads it back exactly.
  public func binary() -> Data {
    let catalog = program.catalog
    var out = StateBinaryWriter(capacity: 256)
    out.bytes.append(contentsOf: Self.binaryMagic)
    out.count(Self.binaryFormatVersion)
    out.string(catalog.catalog.id)
    out.signed(catalogVersion)
    if let user { out.section(Tag.user.rawValue) { $0.string(user) } }
    for (tag, day) in [
      (Tag.date, date?.number), (.countedThrough, counted.countedThrough), (.lastCheck, counted.lastCheck),
      (.origin, counted.origin),
    ] {
      if let day { out.section(tag.rawValue) { $0.signed(day) } }
    }
    if let mark = milestoneMark {
      out.section(Tag.milestone.rawValue) { out in
        out.signed(mark.current)
        if let start = mark.start { out.signed(start) }
      }
    }
    let unlocked = counted.unlocked.indices.filter {
      counted.unlocked[$0] != nil && program.badgeRepeats[$0] == nil
    }
    if !unlocked.isEmpty || !otherUnlocks.isEmpty {
      out.section(Tag.unlocks.rawValue) { out in
        out.count(unlocked.count + otherUnlocks.count)
        for index in unlocked {
          out.string(catalog.badges[index].badge.id)
          out.signed(counted.unlocked[index]!)
        }
        for unlock in otherUnlocks {
          out.string(unlock.id)
          out.signed(unlock.date.number)
        }
      }
    }
    let earned = program.repeatingBadges.filter { !counted.earnings[$0].isEmpty }
    if !earned.isEmpty {
      // Each badge by id, its number of earnings, then their days: the first, then the gaps.
      out.section(Tag.earnings.rawValue) { out in
        out.count(earned.count)
        for index in earned {
          let days = counted.earnings[index]
          out.string(catalog.badges[index].badge.id)
          out.count(days.count)
          out.signed(days[0])
          for position in days.indices.dropFirst() { out.count(days[position] - days[position - 1]) }
        }
      }
    }
    if !catalog.streaks.isEmpty {
      out.section(Tag.streaks.rawValue) { out in
        out.count(catalog.streaks.count)
        for index in catalog.streaks.indices {
          let streak = counted.streaks[index]
          out.string(catalog.streaks[index].streak.name)
          out.signed(streak.current)
          out.signed(streak.best)
          out.signed(streak.freezes)
          out.signed(streak.progress)
          out.bytes.append((streak.anchor == nil ? 0 : 1) | (streak.lastProtected == nil ? 0 : 2))
          if let anchor = streak.anchor { out.signed(anchor) }
          if let protected = streak.lastProtected { out.signed(protected) }
        }
      }
    }
    let periodic = catalog.streaks.indices.filter { catalog.streaks[$0].streak.periodic != nil }
    if !periodic.isEmpty {
      // Each periodic streak by name: whether a period is counted (1) with its first day, then
      // the days counted and whether it met its goal.
      out.section(Tag.periods.rawValue) { out in
        out.count(periodic.count)
        for index in periodic {
          let tally = PeriodTally(counted.streaks[PeriodTally.slot(of: index, in: catalog)])
          out.string(catalog.streaks[index].streak.name)
          out.bytes.append(tally.start == nil ? 0 : 1)
          if let start = tally.start { out.signed(start) }
          out.count(tally.count)
          out.bytes.append(tally.met ? 1 : 0)
        }
      }
    }
    let aggregates = catalog.aggregates.indices
    let sums = aggregates.filter { counted.windows[$0] == nil }
    if !sums.isEmpty {
      out.section(Tag.sums.rawValue) { out in
        out.count(sums.count)
        for index in sums {
          out.string(program.aggregateKeys[index])
          if catalog.aggregates[index].type == .number {
            out.bytes.append(1)
            out.double(counted.numSums[index])
          } else {
            out.bytes.append(0)
            out.signed(counted.intSums[index])
          }
        }
      }
    }
    let windows = aggregates.filter { counted.windows[$0] != nil }
    if !windows.isEmpty {
      out.section(Tag.windows.rawValue) { out in
        out.count(windows.count)
        for index in windows {
          let window = counted.windows[index]!
          out.string(program.aggregateKeys[index])
          out.count(window.days)
          out.count(window.head)
          if catalog.aggregates[index].type == .number {
            out.bytes.append(1)
            out.double(window.numSum)
            for value in window.nums { out.double(value) }
          } else {
            out.bytes.append(0)
            out.signed(window.intSum)
            for value in window.ints { out.signed(value) }
          }
        }
      }
    }
    if !digests.isEmpty { out.section(Tag.records.rawValue) { Self.writeDigests(digests, to: &$0) } }
    if !pending.isEmpty {
      out.section(Tag.pending.rawValue) { out in
        // The inputs by name (a catalog that gains or loses one still reads the records),
        // then each record's values as literals of their type.
        out.count(catalog.inputs.count)
        for input in catalog.inputs { out.string(input.name) }
        out.count(pending.count)
        for record in pending {
          out.signed(record.date.number)
          for (input, raw) in zip(catalog.inputs, record.values) {
            switch input.decode(raw) {
            case .bool(let flag): out.bytes.append(flag ? 1 : 0)
            case .int(let number):
              out.bytes.append(2)
              out.signed(number)
            case .number(let number):
              out.bytes.append(3)
              out.double(number)
            case .member(let index, let type):
              out.bytes.append(4)
              out.string(type.values.indices.contains(index) ? type.values[index] : "")
            case .string(let text):
              out.bytes.append(4)
              out.string(text)
            }
          }
        }
      }
    }
    if program.tracksReported, pending.contains(where: { $0.reported != nil }) {
      // Per pending record, in order: 0 (not known), or 1, a count and the positions (in the
      // pending section's list of inputs, the catalog's).
      out.section(Tag.reported.rawValue) { out in
        out.count(pending.count)
        for record in pending {
          guard let named = record.reported else {
            out.bytes.append(0)
            continue
          }
          out.bytes.append(1)
          out.count(named.count)
          for position in named { out.count(position) }
        }
      }
    }
    let checksum = StateBinaryWriter.checksum(out.bytes)
    for shift in stride(from: 0, to: 32, by: 8) {
      out.bytes.append(UInt8(truncatingIfNeeded: checksum >> UInt32(shift)))
    }
    return Data(out.bytes)
  }

  /// `records`: the days (a first day, a count, and whether they follow each other), then the
  /// days whose digest is a record's (by position and its 64-bit hash), then any digest of
  /// another form (by position and its text). Days with an empty digest are not written.
  private static func writeDigests(_ digests: [Int: String], to out: inout StateBinaryWriter) {
    let days = digests.keys.sorted()
    out.count(days.count)
    out.signed(days[0])
    let contiguous = days.last! - days[0] == days.count - 1
    out.bytes.append(contiguous ? 0 : 1)
    if !contiguous {
      for index in 1..<days.count { out.count(days[index] - days[index - 1]) }
    }
    var hashed: [(Int, UInt64)] = []
    var other: [(Int, String)] = []
    for (position, day) in days.enumerated() {
      let digest = digests[day]!
      if digest.isEmpty { continue }
      if let hash = hexHash(digest) { hashed.append((position, hash)) } else { other.append((position, digest)) }
    }
    out.count(hashed.count)
    var previous = -1
    for (position, hash) in hashed {
      out.count(position - previous - 1)
      out.fixed64(hash)
      previous = position
    }
    out.count(other.count)
    for (position, text) in other {
      out.count(position)
      out.string(text)
    }
  }

  /// The hash of a digest written as `EncodedRecord.digest` writes one (16 lowercase hex
  /// digits), or nil.
  private static func hexHash(_ digest: String) -> UInt64? {
    guard digest.utf8.count == 16 else { return nil }
    var value: UInt64 = 0
    for byte in digest.utf8 {
      switch byte {
      case 48...57: value = value << 4 | UInt64(byte - 48)
      case 97...102: value = value << 4 | UInt64(byte - 87)
      default: return nil
      }
    }
    return value
  }

  /// A digest as `EncodedRecord.digest` writes it.
  private static func hexDigest(_ hash: UInt64) -> String {
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  package static func decodeBinary(_ bytes: [UInt8], for program: Program) throws(EngineError) -> UserState {
    let catalog = program.catalog
    func fail(_ message: String) -> EngineError {
      EngineError(.badState, "the state is not usable: \(message)")
    }
    let corrupt = fail("it is truncated or corrupt")
    guard bytes.count >= 2, bytes[0] == binaryMagic[0], bytes[1] == binaryMagic[1] else {
      throw fail("it is not a binary rules state (it does not begin with \"RS\")")
    }
    var header = StateBinaryReader(bytes, from: 2)
    guard let version = try? header.unsigned(), version >= 1 else { throw corrupt }
    guard version <= UInt64(binaryFormatVersion) else {
      throw fail("it was written by a newer version of rules (binary format \(version))")
    }
    guard bytes.count >= header.position + 4 else { throw corrupt }
    let body = bytes.count - 4
    var stored: UInt32 = 0
    for index in 0..<4 { stored |= UInt32(bytes[body + index]) << UInt32(8 * index) }
    guard StateBinaryWriter.checksum(bytes[..<body]) == stored else { throw corrupt }
    var reader = StateBinaryReader(bytes, from: header.position, to: body)
    do {
      let catalogID = try reader.string()
      guard catalogID == catalog.catalog.id else {
        throw EngineError(.badState, "this state belongs to the catalog '\(catalogID)', not '\(catalog.catalog.id)'")
      }
      let savedVersion = try reader.signed()
      var state = UserState(program: program, user: nil)
      state.catalogVersion = savedVersion
      var warnings: [EngineWarning] = []
      if savedVersion != catalog.catalog.version {
        warnings.append(
          EngineWarning(
            .catalogVersionChanged,
            "the state was written with version \(savedVersion) of the catalog '\(catalogID)'; this is version \(catalog.catalog.version)"
          ))
      }
      var seen = Set<UInt64>()
      var streaks: StateBinaryReader?
      var sums: StateBinaryReader?
      var windows: StateBinaryReader?
      var reported: StateBinaryReader?
      var periods: StateBinaryReader?
      var pendingSlots: [Int?] = []
      while !reader.isAtEnd {
        var (tag, payload) = try reader.section()
        guard seen.insert(tag).inserted else { throw corrupt }
        guard let known = Tag(rawValue: tag) else { continue }  // a later build's field
        switch known {
        case .user: state.user = try payload.string()
        case .date: state.date = CalendarDay(number: try payload.day())
        case .countedThrough: state.counted.countedThrough = try payload.day()
        case .lastCheck: state.counted.lastCheck = try payload.day()
        case .origin: state.counted.origin = try payload.day()
        case .milestone:
          let current = try payload.signed()
          state.milestoneMark = MilestoneMark(current: current, start: payload.isAtEnd ? nil : try payload.day())
        case .unlocks:
          let count = try payload.count(each: 2)
          for _ in 0..<count {
            let id = try payload.string()
            let day = try payload.day()
            if let index = program.badgePositions[id] {
              state.counted.unlocked[index] = state.counted.unlocked[index].map { min($0, day) } ?? day
            } else {
              state.otherUnlocks.append((id, CalendarDay(number: day)))
            }
          }
        case .earnings:
          let count = try payload.count(each: 3)
          for _ in 0..<count {
            let id = try payload.string()
            let days = try payload.count(each: 1)
            guard days > 0 else { throw corrupt }
            var day = try payload.day()
            var earned = [day]
            for _ in 1..<days {
              let gap = try payload.natural()
              guard gap > 0, day + gap <= 1_000_000 else { throw corrupt }
              day += gap
              earned.append(day)
            }
            // A badge that no longer repeats keeps its first earning; one the catalog no longer
            // has, every earning.
            if let index = program.badgePositions[id] {
              if program.badgeRepeats[index] != nil {
                state.counted.earnings[index] = earned
              } else {
                state.counted.unlocked[index] = state.counted.unlocked[index].map { min($0, earned[0]) } ?? earned[0]
              }
            } else {
              state.otherUnlocks += earned.map { (id, CalendarDay(number: $0)) }
            }
          }
        case .streaks: streaks = payload
        case .sums: sums = payload
        case .windows: windows = payload
        case .records: state.digests = try readDigests(&payload)
        case .pending: (state.pending, pendingSlots) = try readPending(&payload, catalog: catalog, fail: fail)
        case .reported: reported = payload
        case .periods: periods = payload
        }
        // Sections read later start where they are; the others must have been read whole.
        if ![.streaks, .sums, .windows, .reported, .periods].contains(known), !payload.isAtEnd { throw corrupt }
      }
      if let counted = state.counted.countedThrough, let date = state.date, counted >= date.number {
        throw fail(
          "'counted_through' (\(CalendarDay(number: counted))) is not before its 'date' (\(date)); "
            + "the days up to the day before 'date' are counted")
      }
      state.counted.settleEarnings(program, on: state.date?.number)
      let counting = state.counted.countedThrough != nil
      if var payload = reported {
        guard try payload.count(each: 1) == state.pending.count else { throw corrupt }
        for index in state.pending.indices {
          let known = try payload.byte()
          guard known < 2 else { throw corrupt }
          guard known == 1 else { continue }
          var named: [Int] = []
          for _ in 0..<(try payload.count(each: 1)) {
            let position = try payload.natural()
            guard position < pendingSlots.count else { throw corrupt }
            // An input the catalog no longer has is left out.
            if let slot = pendingSlots[position] { named.append(slot) }
          }
          if program.tracksReported { state.pending[index].reported = named.sorted() }
        }
        guard payload.isAtEnd else { throw corrupt }
      }

      // Streaks by name: the catalog's streak at the same position first (the usual case).
      var streakFound = Array(repeating: false, count: catalog.streaks.count)
      if var payload = streaks {
        let names = catalog.streaks.map(\.streak.name)
        let count = try payload.count(each: 6)
        for position in 0..<count {
          let name = try payload.string()
          let current = try payload.signed()
          let best = try payload.signed()
          let freezes = try payload.signed()
          let progress = try payload.signed()
          let flags = try payload.byte()
          guard flags < 4 else { throw corrupt }
          let anchor = flags & 1 != 0 ? try payload.day() : nil
          let protected = flags & 2 != 0 ? try payload.day() : nil
          guard let index = Self.index(of: name, at: position, in: names) else { continue }
          guard current >= 0, best >= 0, freezes >= 0 else { throw fail("the streak '\(name)' is malformed") }
          state.counted.streaks[index] = StreakState(
            current: current, best: best, freezes: freezes, progress: progress, anchor: anchor,
            lastProtected: protected)
          streakFound[index] = true
        }
        guard payload.isAtEnd else { throw corrupt }
      }
      if var payload = periods {
        let names = catalog.streaks.map(\.streak.name)
        let count = try payload.count(each: 4)
        for position in 0..<count {
          let name = try payload.string()
          let counted = try payload.byte()
          guard counted < 2 else { throw corrupt }
          let start = counted == 1 ? try payload.day() : nil
          let days = try payload.natural()
          let met = try payload.byte()
          guard met < 2 else { throw corrupt }
          // A streak the catalog no longer has, or that is no longer periodic, is left out.
          guard let index = Self.index(of: name, at: position, in: names), catalog.streaks[index].streak.periodic != nil
          else { continue }
          state.counted.streaks[PeriodTally.slot(of: index, in: catalog)] =
            PeriodTally(start: start, count: days, met: met == 1).slot
        }
        guard payload.isAtEnd else { throw corrupt }
      }
      if counting {
        for (index, streak) in catalog.streaks.enumerated() where !streakFound[index] {
          warnings.append(
            EngineWarning(
              .newSinceState,
              "the streak '\(streak.streak.name)' is new since the state was written; it counts from today"
            ))
        }
      }

      let keys = program.aggregateKeys
      var aggregateFound = Array(repeating: false, count: keys.count)
      if var payload = sums {
        let count = try payload.count(each: 3)
        for position in 0..<count {
          let key = try payload.string()
          let isNumber = try payload.byte()
          guard isNumber < 2 else { throw corrupt }
          let int = isNumber == 0 ? try payload.signed() : 0
          let number = isNumber == 1 ? try payload.double() : 0
          guard let index = Self.index(of: key, at: position, in: keys), state.counted.windows[index] == nil else {
            continue
          }
          if catalog.aggregates[index].type == .number {
            state.counted.numSums[index] = Arithmetic.finite(isNumber == 1 ? number : Double(int))
          } else {
            state.counted.intSums[index] = isNumber == 0 ? int : Self.integer(number)
          }
          aggregateFound[index] = true
        }
        guard payload.isAtEnd else { throw corrupt }
      }
      if var payload = windows {
        let count = try payload.count(each: 4)
        for position in 0..<count {
          let key = try payload.string()
          let days = try payload.count(each: 1)
          let head = try payload.natural()
          let isNumber = try payload.byte()
          guard isNumber < 2, head < max(days, 1) else { throw corrupt }
          var ints = Array(repeating: 0, count: days)
          var nums = Array(repeating: 0.0, count: days)
          var intSum = 0
          var numSum = 0.0
          if isNumber == 1 {
            numSum = try payload.double()
            for day in 0..<days { nums[day] = try payload.double() }
          } else {
            intSum = try payload.signed()
            for day in 0..<days { ints[day] = try payload.signed() }
          }
          guard let index = Self.index(of: key, at: position, in: keys), var window = state.counted.windows[index]
          else { continue }
          guard days == window.days else { throw fail("the window \(key) has the wrong length") }
          window.head = head
          if catalog.aggregates[index].type == .number {
            window.nums = isNumber == 1 ? nums.map(Arithmetic.finite) : ints.map(Double.init)
            window.numSum = isNumber == 1 ? Arithmetic.finite(numSum) : window.nums.reduce(0, Arithmetic.add)
          } else {
            window.ints = isNumber == 0 ? ints : nums.map(Self.integer)
            window.intSum = isNumber == 0 ? intSum : window.ints.reduce(0, Arithmetic.add)
          }
          state.counted.windows[index] = window
          aggregateFound[index] = true
        }
        guard payload.isAtEnd else { throw corrupt }
      }
      if counting {
        for (index, key) in keys.enumerated() where !aggregateFound[index] {
          warnings.append(
            EngineWarning(.newSinceState, "\(key) is new since the state was written; it counts from today"))
        }
      }
      state.warnings = warnings
      return state
    } catch let error as EngineError {
      throw error
    } catch {
      throw corrupt
    }
  }

  /// Where `name` is in `names`: `position` when it is there (a state of this catalog
  /// version), else a search; nil when the catalog does not have it (any more).
  private static func index(of name: String, at position: Int, in names: [String]) -> Int? {
    if position < names.count, names[position] == name { return position }
    return names.firstIndex(of: name)
  }

  /// A number read into an int: truncated, 0 when it is not a finite Int.
  private static func integer(_ number: Double) -> Int {
    number.isFinite && abs(number) < 9.2e18 ? Int(number) : 0
  }

  private static func readDigests(_ payload: inout StateBinaryReader) throws(StateBinaryReader.Malformed) -> [Int:
    String]
  {
    let count = try payload.unsigned()
    guard count >= 1, count <= UInt64(UserState.digestDays * 100) else { throw StateBinaryReader.Malformed() }
    var days = [try payload.day()]
    let contiguous = try payload.byte()
    guard contiguous < 2 else { throw StateBinaryReader.Malformed() }
    for _ in 1..<max(1, Int(count)) {
      let step = contiguous == 0 ? 1 : try payload.natural()
      guard step >= 1 else { throw StateBinaryReader.Malformed() }
      let day = days[days.count - 1] + step
      guard day <= 1_000_000 else { throw StateBinaryReader.Malformed() }
      days.append(day)
    }
    var digests = [Int: String](minimumCapacity: days.count)
    for day in days { digests[day] = "" }
    let hashed = try payload.count(each: 9)
    var position = -1
    for _ in 0..<hashed {
      position += try payload.natural() + 1
      guard position < days.count else { throw StateBinaryReader.Malformed() }
      digests[days[position]] = hexDigest(try payload.fixed64())
    }
    let other = try payload.count(each: 2)
    for _ in 0..<other {
      let position = try payload.natural()
      guard position < days.count else { throw StateBinaryReader.Malformed() }
      digests[days[position]] = try payload.string()
    }
    return digests
  }

  /// The pending records, and for each input of the section's list its position in the catalog
  /// (nil for one it no longer has).
  private static func readPending(
    _ payload: inout StateBinaryReader, catalog: ValidatedCatalog, fail: (String) -> EngineError
  ) throws -> ([EncodedRecord], [Int?]) {
    let inputCount = try payload.count()
    let names = catalog.inputs.map(\.name)
    var slots: [Int?] = []
    for _ in 0..<inputCount {
      let name = try payload.string()
      slots.append(Self.index(of: name, at: slots.count, in: names))
    }
    let count = try payload.count(each: 1 + inputCount)
    var records: [EncodedRecord] = []
    for _ in 0..<count {
      let day = CalendarDay(number: try payload.day())
      guard records.last.map({ $0.date < day }) ?? true else { throw StateBinaryReader.Malformed() }
      var values = catalog.inputs.map { $0.encode($0.defaultValue) }
      for slot in slots {
        let literal: DayRecord.Value
        switch try payload.byte() {
        case 0: literal = .bool(false)
        case 1: literal = .bool(true)
        case 2: literal = .int(try payload.signed())
        case 3: literal = .number(try payload.double())
        case 4: literal = .string(try payload.string())
        default: throw StateBinaryReader.Malformed()
        }
        // Inputs the catalog no longer has are left out; new ones take their defaults.
        guard let index = slot else { continue }
        let input = catalog.inputs[index]
        do {
          values[index] = input.encode(try input.value(of: literal, found: literal.kindDescription))
        } catch {
          throw fail("the pending record of \(day) is malformed (\(error.message))")
        }
      }
      records.append(EncodedRecord(date: day, values: values))
    }
    return (records, slots)
  }
}

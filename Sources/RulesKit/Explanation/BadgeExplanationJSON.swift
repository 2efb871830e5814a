import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Why a badge is or is not unlocked on a date, as JSON (`rules explain --format json` and the
/// server's `GET .../badges/{id}/explanation`): the facts `BadgeExplanation` writes as text.
///
/// The criterion's conditions carry the values they saw on the date; `missing` lists those
/// that do not hold while the badge is locked (with `or`, one branch may be enough).
package enum BadgeExplanationJSON {
  /// The explanation of `program`'s badge `index` for `history` as of `date`. The criterion's
  /// values come from counting `history`; whether the badge is unlocked (and when), waits, and
  /// its progress come from `held` when given (the evaluation a store keeps, whose unlocks a
  /// count from scratch may not all give), else from that same count.
  package static func explain(
    _ program: Program, badge index: Int, history: History, date: CalendarDay, catalog: String,
    held: Evaluation? = nil
  ) -> JSONValue {
    let validated = program.catalog
    let badge = validated.badges[index]
    let id = badge.badge.id
    let evaluator = DayRunner(program: program)
    var state = CountedState(for: validated)
    _ = CheckRunner.check(evaluator, history: history, date: date, state: &state)
    evaluator.completeMetrics()

    let unlockedOn: CalendarDay?
    let locked: Evaluation.LockedBadge?
    if let held {
      unlockedOn = held.badges.unlocked.first { $0.id == id }?.date
      locked = unlockedOn == nil ? held.badges.locked.first { $0.id == id } : nil
    } else if let day = state.unlocked[index] {
      unlockedOn = CalendarDay(number: day)
      locked = nil
    } else {
      unlockedOn = nil
      let report = EvaluationReporter(program: program, evaluator: evaluator).report(
        day: date, user: history.user, start: history.start, state: state, new: [], calendar: history.calendar)
      locked = report.badges.locked.first { $0.id == id }
    }
    let waiting = locked?.waiting == true
    let conditions = CriterionTerms(program: program, frame: evaluator.frame).terms(
      badge.when, source: badge.badge.when.text)
    let holds = program.compile(badge.when)(evaluator.frame)
    let missing = unlockedOn == nil && !waiting ? conditions.filter { !$0.holds } : []

    // The prerequisites (`requires`): each unlocked or not, as the evaluation held has them.
    var prerequisites: [(id: String, unlocked: Bool)] = []
    if !badge.badge.requires.isEmpty {
      let missing: Set<String>
      if let held {
        let unlocked = Set(held.badges.unlocked.map(\.id))
        missing = Set(
          program.badgeRequires[index].map { validated.badges[$0].badge.id }.filter { !unlocked.contains($0) })
      } else {
        missing = Set(program.missingPrerequisites(index, in: state).map { validated.badges[$0].badge.id })
      }
      prerequisites = program.badgeRequires[index].map { position in
        let id = validated.badges[position].badge.id
        return (id, !missing.contains(id))
      }
    }
    var notes: [JSONValue] = []
    let stillLocked = prerequisites.filter { !$0.unlocked }.map(\.id)
    if unlockedOn == nil, !stillLocked.isEmpty {
      notes.append(.string("it needs \(stillLocked.map { "'\($0)'" }.joined(separator: ", ")) unlocked first"))
    }
    if unlockedOn == nil {
      let unlocks = validated.catalog.unlocks
      func most(_ limit: Int) -> String { "at most \(limit) badge\(limit == 1 ? "" : "s")" }
      if waiting, let limit = unlocks.perCheck {
        notes.append(
          .string(
            "its criterion holds; the catalog unlocks \(most(limit)) per check (unlocks: per_check), in catalog order"))
      } else if waiting, let limit = unlocks.perGroup, badge.group != nil {
        notes.append(
          .string(
            "its criterion holds; the catalog unlocks \(most(limit)) of a group per check (unlocks: per_group), in catalog order"
          ))
      }
      if let group = badge.group, validated.catalog.groups[group].progressive {
        let members = validated.badges.indices.filter { validated.badges[$0].group == group }
        let isUnlocked: (Int) -> Bool = { member in
          if let held { return held.badges.unlocked.contains { $0.id == validated.badges[member].badge.id } }
          return state.unlocked[member] != nil
        }
        if let blocker = members.first(where: { !isUnlocked($0) }), blocker != index {
          notes.append(
            .string(
              "it is in the progressive group '\(validated.catalog.groups[group].id)': '\(validated.badges[blocker].badge.id)' unlocks first, one badge per check"
            ))
        }
      }
    }
    let progress: JSONValue
    if let locked, let current = locked.current, let target = locked.target, let fraction = locked.progress {
      progress = .object([("current", current.json), ("target", target.json), ("progress", .number(fraction))])
    } else {
      progress = .null
    }
    var fields: [(String, JSONValue)] = [
      ("catalog", .string(catalog)),
      ("user", history.user.map(JSONValue.string) ?? .null),
      ("date", .string(date.description)),
      ("badge", .string(id)),
      ("name", .string(badge.badge.name)),
      ("description", badge.badge.description.map(JSONValue.string) ?? .null),
      ("state", .string(unlockedOn != nil ? "unlocked" : waiting ? "waiting" : "locked")),
      ("unlocked_on", unlockedOn.map { .string($0.description) } ?? .null),
      ("when", .string(badge.badge.when.text)),
      ("holds", .bool(holds == .bool(true))),
      ("conditions", .array(conditions.map(\.json))),
      ("missing", .array(missing.map(\.json))),
      ("progress", progress),
      ("notes", .array(notes)),
    ]
    // Only for a badge with prerequisites: each with whether it is unlocked.
    if !prerequisites.isEmpty {
      fields.append(
        (
          "requires",
          .array(prerequisites.map { .object([("id", .string($0.id)), ("unlocked", .bool($0.unlocked))]) })
        ))
    }
    return .object(fields)
  }
}

/// The conditions of a criterion with the values they saw: each comparison with its two sides,
/// each other boolean term with its value (what `CriterionExplainer` writes as lines).
struct CriterionTerms {
  struct Term {
    var text: String
    var left: Value?
    var op: String?
    var right: Value?
    var value: Value
    var holds: Bool { value == .bool(true) }

    var json: JSONValue {
      var fields: [(String, JSONValue)] = [("text", .string(text))]
      if let left, let op, let right {
        fields += [("left", left.json), ("operator", .string(op)), ("right", right.json)]
      }
      fields += [("value", value.json), ("holds", .bool(holds))]
      return .object(fields)
    }
  }

  let program: Program
  let frame: Frame

  func terms(_ expr: TypedExpr, source: String) -> [Term] {
    var terms: [Term] = []
    collect(expr, source: source, into: &terms)
    if terms.isEmpty, expr.type == .bool {
      terms.append(Term(text: text(expr, source), value: program.compile(expr)(frame)))
    }
    return terms
  }

  private func collect(_ expr: TypedExpr, source: String, into terms: inout [Term]) {
    switch expr.kind {
    case .binary(.and, let left, let right), .binary(.or, let left, let right):
      collect(left, source: source, into: &terms)
      collect(right, source: source, into: &terms)
    case .unary(.not, let operand):
      collect(operand, source: source, into: &terms)
    case .conditional(let condition, let then, let otherwise):
      collect(condition, source: source, into: &terms)
      collect(then, source: source, into: &terms)
      collect(otherwise, source: source, into: &terms)
    case .binary(let op, let left, let right) where op.isComparison || op.isEquality:
      terms.append(
        Term(
          text: text(expr, source), left: program.compile(left)(frame), op: op.rawValue,
          right: program.compile(right)(frame), value: program.compile(expr)(frame)))
    case .literal:
      break
    default:
      guard expr.type == .bool else { return }
      terms.append(Term(text: text(expr, source), value: program.compile(expr)(frame)))
    }
  }

  /// The written text of a subexpression.
  private func text(_ expr: TypedExpr, _ source: String) -> String {
    let bytes = Array(source.utf8)
    guard expr.range.lowerBound >= 0, expr.range.upperBound <= bytes.count, !expr.range.isEmpty else {
      return expr.canonical
    }
    return String(decoding: bytes[expr.range], as: UTF8.self)
  }
}

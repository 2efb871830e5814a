@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// What only reports read, compiled to the same bytecode as the day (`BytecodeGenerator`) and
/// run on the same machine (`ReportMachine`): the metrics' and the badges' progress measures,
/// and the messages' conditions and template arguments. Each part is a fragment of its own
/// (`Bytecode.reports`), run when a report asks for it, over a copy of the day's layout slots.
/// A value that is a slot of the layout or a constant (most progress measures: `streak`, `7`)
/// needs no instruction: its fragment is empty and the report reads the slot.
///
/// A class: a report takes it from the program once (a struct of a dozen arrays was a dozen
/// retains and releases, about 1,300 instructions a report).
final class ReportCode: Sendable {
  /// The instructions of every fragment, their constants and string literals.
  let bytecode: Bytecode
  /// The fragment computing every metric's progress measures.
  let metricCode: Range<Int>
  /// Each metric's progress measure towards its next value, if it has one.
  let metricProgress: [Measure?]
  /// Each badge's fragment (its measures at once) and its progress measures.
  let badgeCode: [Range<Int>]
  let badgeProgress: [[Measure]]
  /// Each message: its fragment (conditions and template arguments at once) and where it reads them.
  let messages: [Message]

  /// A value a report reads after a fragment ran: its slot and its type.
  struct Result: Sendable {
    let slot: Slot
    let type: ValueType
  }

  /// One progress measure: where the user is, where the badge (or the metric's next value) is.
  struct Measure: Sendable {
    let current: Result
    let target: Result
  }

  /// A template and where its arguments' values are; the text is written by `Template.render`
  /// in the language asked for.
  struct CompiledTemplate: Sendable {
    let template: Template
    let arguments: [(key: String, value: Result)]
  }

  /// A message: its condition, title, variants (each with its condition) and action. A
  /// condition is the int slot of its result.
  struct Message: Sendable {
    let code: Range<Int>
    let when: Int?
    let title: CompiledTemplate?
    let variants: [(when: Int?, text: CompiledTemplate)]
    let action: CompiledTemplate?
  }

  /// The report code of `catalog`.
  init(_ catalog: ValidatedCatalog, layout: Layout) {
    var generator = BytecodeGenerator(layout: layout)
    var fragments: [Range<Int>] = []
    func result(_ expr: TypedExpr, _ g: inout BytecodeGenerator) -> Result {
      Result(slot: g.value(expr), type: expr.type)
    }
    func measure(_ part: ProgressPart, _ g: inout BytecodeGenerator) -> Measure {
      Measure(current: result(part.current, &g), target: result(part.target, &g))
    }
    func template(_ template: TypedTemplate, _ g: inout BytecodeGenerator) -> CompiledTemplate {
      CompiledTemplate(
        template: template.template, arguments: template.arguments.map { ($0.key, result($0.expr, &g)) })
    }
    func fragment<T>(_ body: (inout BytecodeGenerator) -> T) -> (Range<Int>, T) {
      let (code, value) = generator.fragment(body)
      if !code.isEmpty { fragments.append(code) }
      return (code, value)
    }

    (metricCode, metricProgress) = fragment { g in
      catalog.metricProgress.map { part in part.map { measure($0, &g) } }
    }
    var badgeCode: [Range<Int>] = []
    badgeProgress = catalog.badges.map { badge in
      let (code, measures) = fragment { g in badge.progress.map { measure($0, &g) } }
      badgeCode.append(code)
      return measures
    }
    self.badgeCode = badgeCode
    messages = catalog.messages.map { message in
      let (code, compiled) = fragment { g in
        let when = message.when.map { g.bool($0) }
        let title = message.title.map { template($0, &g) }
        let variants = message.variants.map { variant in
          (when: variant.when.map { g.bool($0) }, text: template(variant.text, &g))
        }
        let action = message.action.map { template($0, &g) }
        return Message(code: 0..<0, when: when, title: title, variants: variants, action: action)
      }
      return Message(
        code: code, when: compiled.when, title: compiled.title, variants: compiled.variants, action: compiled.action)
    }
    bytecode = Bytecode(fragments: generator, reports: fragments)
  }
}

/// One expression compiled alone, which any frame of its program's runners can compute
/// (`Program.compile`, for explanations and embedders).
struct ExpressionCode: Sendable {
  let bytecode: Bytecode
  let code: Range<Int>
  let result: ReportCode.Result

  init(_ expr: TypedExpr, layout: Layout) {
    var generator = BytecodeGenerator(layout: layout)
    let (code, slot) = generator.fragment { $0.value(expr) }
    self.code = code
    result = ReportCode.Result(slot: slot, type: expr.type)
    bytecode = Bytecode(fragments: generator, reports: code.isEmpty ? [] : [code])
  }
}

import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// A module's `requires` that the importing catalog does not satisfy.
  package static let unmetRequirement: DiagnosticID = "unmet-requirement"
  /// Something that must not depend on badge unlocks does (streaks, history sums).
  package static let badgeDependency: DiagnosticID = "badge-dependency"
  /// A repeating badge whose criterion cannot start again each period, or in a progressive group.
  package static let badgeRepeats: DiagnosticID = "badge-repeats"
}

/// Validates a loaded catalog in the manner of cel-go: parse every expression, resolve names,
/// order metrics and streaks by what they read (reporting cycles), infer each one's types in
/// that order, and collect every problem rather than stopping at the first. When nothing is an
/// error the result is a `ValidatedCatalog` ready to evaluate.
package struct CatalogValidator {
  private let catalog: Catalog
  private let sources: [String: SourceFile]
  private var diagnostics: [Diagnostic] = []
  /// The type inference of every expression, over the catalog's names (`environment`).
  private var inference: TypeInference
  /// The names of the final environment, for the one-pass parser of badges' criteria.
  private var fastNames = TypedParser.Names(Environment())

  private init(catalog: Catalog, sources: [String: SourceFile]) {
    self.catalog = catalog
    self.sources = sources
    self.inference = TypeInference(environment: Environment())
  }

  /// Checks `catalog`. `sources` holds the text of its files, to point at columns inside
  /// expressions. A rule module checked on its own (`isModule`) may use the names it
  /// `requires` as if they were inputs.
  package static func validate(
    _ catalog: Catalog, sources: [String: SourceFile], isModule: Bool = false
  ) -> (ValidatedCatalog?, [Diagnostic]) {
    // Names a module requires but nobody defines are checked as inputs of their type: a
    // module alone may use them, and in a catalog the unmet requirement is the one error.
    var catalog = catalog
    var unmet: [Requirement] = []
    let defined = Set(catalog.inputs.map(\.name) + catalog.metrics.map(\.name))
    for requirement in catalog.requirements where !defined.contains(requirement.name) {
      if !catalog.inputs.contains(where: { $0.name == requirement.name }) {
        let kind: Input.Kind =
          switch requirement.type {
          case .bool: .bool
          case .int: .int
          default: .number
          }
        catalog.inputs.append(
          Input(
            name: requirement.name, origin: requirement.origin, kind: kind,
            defaultValue: Input.implicitDefault(of: kind, name: requirement.name)))
      }
      unmet.append(requirement)
    }
    var instance = CatalogValidator(catalog: catalog, sources: sources)
    if !isModule {
      for requirement in unmet {
        instance.report(
          requirement.origin, .unmetRequirement,
          "this module requires '\(requirement.name)' (\(requirement.type.name)), which the catalog '\(catalog.id)' does not define as an input or a metric"
        )
      }
    }
    let validated = instance.run(isModule: isModule)
    return (validated, instance.diagnostics)
  }

  // MARK: - The passes

  /// The names `catalog`'s expressions can see (the first of a name defined twice: the
  /// duplicate is reported by `DuplicateNameRule`), each metric's type not known yet. Made in a
  /// function of its own so that the inference given it holds the only copy, and learns each
  /// metric's type in place.
  private static func environment(of catalog: Catalog) -> Environment {
    var environment = Environment()
    for (index, input) in catalog.inputs.enumerated() where environment.inputs[input.name] == nil {
      environment.inputs[input.name] = (index, input.type)
    }
    for (index, streak) in catalog.streaks.enumerated() where environment.streaks[streak.name] == nil {
      environment.streaks[streak.name] = index
    }
    for (index, metric) in catalog.metrics.enumerated() where environment.metrics[metric.name] == nil {
      environment.metrics[metric.name] = (index, .invalid)
    }
    return environment
  }

  private mutating func run(isModule: Bool) -> ValidatedCatalog? {
    diagnostics += CatalogRules.validate(catalog)

    inference = TypeInference(environment: Self.environment(of: catalog))

    // Parse metrics and streak conditions, then order them by what they read.
    var metricExprs: [Expr?] = []
    for metric in catalog.metrics { metricExprs.append(parse(metric.expression)) }
    var streakExprs: [[Expr?]] = []
    for streak in catalog.streaks {
      switch streak.kind {
      case .consecutive(let counts, let skips, _):
        streakExprs.append([parse(counts), skips.flatMap { parse($0) }])
      case .periodic(let counts, _, _, _):
        streakExprs.append([parse(counts), nil])
      case .elapsed(let resets):
        streakExprs.append([resets.flatMap { parse($0) }])
      }
    }
    let graph = DependencyGraph(
      catalog: catalog, metricExprs: metricExprs, streakExprs: streakExprs)
    for cycle in graph.cycles {
      for (node, path) in cycle {
        let origin = graph.origin(of: node)
        report(
          origin, .dependencyCycle,
          "\(graph.describe(node)) depends on itself: " + path.joined(separator: " → "))
      }
    }

    // Infer types in dependency order, learning each metric's type as we go.
    var metricTypes = [TypedExpr?](repeating: nil, count: catalog.metrics.count)
    var streakChecks = [ValidatedStreak?](repeating: nil, count: catalog.streaks.count)
    var badgeDependent = Set<Int>()
    for node in graph.order {
      switch node {
      case .metric(let index):
        let metric = catalog.metrics[index]
        guard let expr = metricExprs[index] else { continue }
        let typed = inferTypes(expr, metric.expression) { inference, expr in
          inference.infer(expr)
        }
        switch typed.type {
        case .bool, .int, .number, .enumeration, .invalid: break
        case .string:
          report(
            metric.expression, offset: 0, .typeMismatch,
            "a metric holds a number, true/false or an enum value; this is a string (text belongs in a message template)"
          )
        }
        let type: ValueType = typed.type == .string ? .invalid : typed.type
        inference.learn(metric: metric.name, index: index, type: type)
        metricTypes[index] = typed
        if readsBadges(typed, dependent: badgeDependent) { badgeDependent.insert(index) }
      case .streak(let index):
        streakChecks[index] = validateStreak(index, streakExprs[index], badgeDependent: badgeDependent)
      }
    }
    for (index, streak) in catalog.streaks.enumerated() where streakChecks[index] == nil {
      streakChecks[index] = ValidatedStreak(streak: streak, counts: nil, skips: nil, resets: nil)
    }

    fastNames = TypedParser.Names(inference.environment)
    var badges: [ValidatedBadge] = []
    badges.reserveCapacity(catalog.badges.count)
    var badgeReads = BadgeReads(metricCount: catalog.metrics.count)
    var repeating: [Int] = []
    // What each badge reads is noted while its tree is in the cache (`BadgeReads`).
    for index in catalog.badges.indices {
      let badge = validateBadge(index)
      badgeReads.addCriterion(badge.when)
      if badge.hasExplicitProgress {
        for part in badge.progress { badgeReads.addProgress(part) }
      }
      if badge.repeats != nil { repeating.append(index) }
      badges.append(badge)
    }
    for index in repeating { validateRepeats(badges[index], metrics: metricTypes) }
    var metricProgress: [ProgressPart?] = []
    for metric in catalog.metrics {
      metricProgress.append(metric.progress.flatMap { validateProgress($0, of: "a metric") })
    }
    var messages: [ValidatedMessage] = []
    for message in catalog.messages { messages.append(validateMessage(message)) }
    if !isModule { validateRequirements() }
    let leaderboards = validateLeaderboards()
    validateAggregates(badgeDependent: badgeDependent)

    guard !diagnostics.hasErrors else { return nil }
    var validated = ValidatedCatalog(
      catalog: catalog,
      streaks: streakChecks.map { $0! },
      metrics: metricTypes.map { $0! },
      metricProgress: metricProgress,
      aggregates: inference.aggregates,
      order: evaluationOrder(graph: graph, metrics: metricTypes.map { $0! }, streaks: streakChecks.map { $0! }),
      badges: badges,
      messages: messages,
      milestoneStreak: catalog.milestones.flatMap { track in
        catalog.streaks.firstIndex { $0.name == track.streak }
      },
      badgeDependentMetrics: graph.order.compactMap { node in
        if case .metric(let index) = node, badgeDependent.contains(index) { return index }
        return nil
      },
      badgeReads: badgeReads)
    validated.leaderboards = leaderboards
    return validated
  }

  private mutating func validateStreak(_ index: Int, _ exprs: [Expr?], badgeDependent: Set<Int>)
    -> ValidatedStreak
  {
    let streak = catalog.streaks[index]
    func condition(_ expr: Expr?, _ source: ExpressionSource?, _ key: String) -> TypedExpr? {
      guard let expr, let source else { return nil }
      let typed = inferTypes(expr, source) { inference, expr in
        inference.infer(expr, expecting: .bool, role: "a streak's '\(key)'")
      }
      if readsBadges(typed, dependent: badgeDependent) {
        report(
          source, offset: 0, .badgeDependency,
          "a streak's '\(key)' cannot read badges.count or badges.xp (badges unlock after streaks are counted)"
        )
      }
      return typed
    }
    switch streak.kind {
    case .consecutive(let counts, let skips, _):
      return ValidatedStreak(
        streak: streak, counts: condition(exprs[0], counts, "counts"),
        skips: condition(exprs[1], skips, "skips"), resets: nil)
    case .periodic(let counts, _, _, _):
      return ValidatedStreak(streak: streak, counts: condition(exprs[0], counts, "counts"), skips: nil, resets: nil)
    case .elapsed(let resets):
      return ValidatedStreak(
        streak: streak, counts: nil, skips: nil, resets: condition(exprs[0], resets, "resets"))
    }
  }

  /// The catalog's badge at `index`, read in place: the result shares the catalog's array of
  /// badges instead of holding a copy of the badge.
  private mutating func validateBadge(_ index: Int) -> ValidatedBadge {
    var when = Self.placeholder
    // The text read in place: a copy of the whole `ExpressionSource` (its text and its file
    // retained, then released) is for the reference path alone.
    if let typed = TypedParser.infer(catalog.badges[index].when.text, names: fastNames, expecting: .bool) {
      when = typed
    } else {
      let source = catalog.badges[index].when
      if let expr = parse(source) {
        when = inferTypes(expr, source) { inference, expr in
          inference.infer(expr, expecting: .bool, role: "a badge's 'when'")
        }
      }
    }
    // Inferred progress (nil) is made from `when` when asked for.
    var progress: [ProgressPart]?
    if let measure = catalog.badges[index].progress {
      progress = validateProgress(measure, of: "a badge").map { [$0] } ?? []
    }
    let group = catalog.badges[index].group.flatMap { id in catalog.groups.firstIndex { $0.id == id } }
    return ValidatedBadge(badges: catalog.badges, index: index, when: when, progress: progress, group: group)
  }

  /// A repeating badge (`repeats: week`) is earned once in each period, so its criterion must
  /// start again with the period: it reads the period's own sum (`week(x)`), directly or through
  /// a metric. One that reads only `total(x)`, `last(n, x)`, streaks or the day's inputs would
  /// hold again on the first day of the next period, or never stop holding. A badge of a
  /// progressive group unlocks once, in its turn: it cannot repeat.
  private mutating func validateRepeats(_ badge: ValidatedBadge, metrics: [TypedExpr?]) {
    guard let period = badge.badge.repeats else { return }
    let origin = badge.badge.repeatsOrigin ?? badge.badge.origin
    if let group = badge.group, catalog.groups[group].progressive {
      report(
        origin, .badgeRepeats,
        "a badge of the progressive group '\(catalog.groups[group].id)' cannot repeat (the group unlocks each badge once, in order); take it out of the group or remove 'repeats'"
      )
      return
    }
    var visited = Set<Int>()
    func reads(_ expr: TypedExpr) -> Bool {
      var found = false
      expr.forEachAggregate { index in
        if index < inference.aggregates.count, inference.aggregates[index].kind == .period(period) { found = true }
      }
      if found { return true }
      expr.forEachSymbol { symbol in
        guard !found, case .metric(let index) = symbol, visited.insert(index).inserted,
          index < metrics.count, let metric = metrics[index]
        else { return }
        if reads(metric) { found = true }
      }
      return found
    }
    guard !reads(badge.when) else { return }
    let name = Self.periodName(period)
    let when = badge.badge.when.text
    let example =
      when.contains("total(")
      ? when.replacingOccurrences(of: "total(", with: "\(period.rawValue)(")
      : "\(period.rawValue)(\(catalog.inputs.first?.name ?? "x")) >= 1"
    report(
      origin, .badgeRepeats,
      "a badge that repeats every \(name) needs a criterion that starts again each \(name): '\(when)' reads no \(period.rawValue)(x) (directly or through a metric); count the \(name)'s days with \(period.rawValue)(x), e.g. when: \(example)"
    )
  }

  private static func periodName(_ period: PeriodSum) -> String {
    switch period {
    case .week: "week"
    case .month: "month"
    case .hijriMonth: "Hijri month"
    }
  }

  /// A progress measure, its `current` and `target` typed as numbers.
  private mutating func validateProgress(
    _ measure: (current: ExpressionSource, target: ExpressionSource), of owner: String
  ) -> ProgressPart? {
    var typedCurrent = TypedParser.infer(measure.current.text, names: fastNames, expecting: nil)
    if typedCurrent == nil, let expr = parse(measure.current) {
      typedCurrent = inferTypes(expr, measure.current) {
        $0.inferNumeric($1, role: "\(owner)'s progress 'current'")
      }
    }
    var typedTarget = TypedParser.infer(measure.target.text, names: fastNames, expecting: nil)
    if typedTarget == nil, let expr = parse(measure.target) {
      typedTarget = inferTypes(expr, measure.target) {
        $0.inferNumeric($1, role: "\(owner)'s progress 'target'")
      }
    }
    guard let typedCurrent, let typedTarget else { return nil }
    return ProgressPart(current: typedCurrent, target: typedTarget)
  }

  private mutating func validateMessage(_ message: Message) -> ValidatedMessage {
    func condition(_ source: ExpressionSource?, _ role: String) -> TypedExpr? {
      guard let source, let expr = parse(source) else { return nil }
      return inferTypes(expr, source) { $0.infer($1, expecting: .bool, role: role) }
    }
    let when = condition(message.when, "a message's 'when'")
    let title = message.title.map { template($0) }
    var variants: [(when: TypedExpr?, text: TypedTemplate)] = []
    for variant in message.text {
      variants.append((condition(variant.when, "a wording's 'when'"), template(variant.text)))
    }
    let action = message.action.map { template($0) }
    return ValidatedMessage(
      message: message, when: when, title: title, variants: variants, action: action)
  }

  private mutating func template(_ source: ExpressionSource) -> TypedTemplate {
    let (parsed, errors) = Template.parse(source.text)
    for error in errors { report(error, in: source) }
    let plurals = Set(parsed.plurals.map(\.key))
    var arguments: [(key: String, expr: TypedExpr)] = []
    for argument in parsed.arguments {
      let typed =
        plurals.contains(argument.key)
        ? inference.inferNumeric(argument.expr, role: "a plural's number") : inference.infer(argument.expr)
      for var error in inference.errors {
        error.offset += argument.offset  // from the placeholder's text to the whole template's
        report(error, in: source)
      }
      arguments.append((argument.key, typed))
    }
    return TypedTemplate(template: parsed, arguments: arguments)
  }

  /// Every module requirement the catalog defines must have a fitting type.
  private mutating func validateRequirements() {
    let inputNames = Set(
      catalog.inputs.filter { input in
        !catalog.requirements.contains { $0.name == input.name && $0.origin == input.origin }
      }.map(\.name))
    for requirement in catalog.requirements {
      let found: ValueType?
      if inputNames.contains(requirement.name) {
        found = inference.environment.inputs[requirement.name]?.type
      } else {
        found = inference.environment.metrics[requirement.name]?.type
      }
      guard let found else { continue }  // unmet: reported before the check
      let fits =
        found == requirement.type || found == .invalid
        || (requirement.type == .number && found == .int)
      if !fits {
        report(
          requirement.origin, .unmetRequirement,
          "this module requires '\(requirement.name)' to be \(requirement.type), but the catalog '\(catalog.id)' defines it as \(found)"
        )
      }
    }
  }

  /// History sums cannot read badge totals: the sums are kept before badges unlock.
  private mutating func validateAggregates(badgeDependent: Set<Int>) {
    for aggregate in inference.aggregates where readsBadges(aggregate.argument, dependent: badgeDependent) {
      // The aggregate's own place is inside some expression; point at the catalog.
      report(
        Origin(file: catalog.file, mark: .start), .badgeDependency,
        "total() and last() cannot sum badges.count or badges.xp: \(aggregate.argument.canonical)")
    }
  }

  /// Whether `expr` reads badge totals, directly or through a badge-dependent metric.
  private func readsBadges(_ expr: TypedExpr, dependent: Set<Int>) -> Bool {
    var reads = false
    expr.forEachSymbol { symbol in
      switch symbol {
      case .badgesCount, .badgesXP: reads = true
      case .metric(let index) where dependent.contains(index): reads = true
      default: break
      }
    }
    expr.forEachAggregate { index in
      if index < inference.aggregates.count,
        readsBadges(inference.aggregates[index].argument, dependent: dependent)
      {
        reads = true
      }
    }
    return reads
  }

  /// The steps of a day: each node of the graph, preceded by the aggregates it reads that
  /// were not computed yet (inner ones first).
  private func evaluationOrder(graph: DependencyGraph, metrics: [TypedExpr], streaks: [ValidatedStreak])
    -> [EvaluationStep]
  {
    var steps: [EvaluationStep] = []
    var done = Set<Int>()
    func addAggregates(of expr: TypedExpr?) {
      guard let expr else { return }
      var found: [Int] = []
      expr.forEachAggregate { found.append($0) }
      for index in found.sorted() where !done.contains(index) {
        addAggregates(of: inference.aggregates[index].argument)
        done.insert(index)
        steps.append(.aggregate(index))
      }
    }
    for node in graph.order {
      switch node {
      case .metric(let index):
        addAggregates(of: metrics[index])
        steps.append(.metric(index))
      case .streak(let index):
        addAggregates(of: streaks[index].counts)
        addAggregates(of: streaks[index].skips)
        addAggregates(of: streaks[index].resets)
        steps.append(.streak(index))
      }
    }
    // Aggregates only badges or messages read come last.
    for index in inference.aggregates.indices where !done.contains(index) {
      addAggregates(of: inference.aggregates[index].argument)
      if !done.contains(index) {
        done.insert(index)
        steps.append(.aggregate(index))
      }
    }
    return steps
  }

  // MARK: - Helpers

  private static let placeholder = TypedExpr(.literal(.bool(false)), .invalid, range: 0..<0)

  private mutating func parse(_ source: ExpressionSource) -> Expr? {
    switch Parser.parse(source.text) {
    case .success(let expr): return expr
    case .failure(let error):
      report(error, in: source)
      return nil
    }
  }

  private mutating func inferTypes(
    _ expr: Expr, _ source: ExpressionSource, _ body: (inout TypeInference, Expr) -> TypedExpr
  ) -> TypedExpr {
    let typed = body(&inference, expr)
    for error in inference.errors { report(error, in: source) }
    return typed
  }

  private mutating func report(_ error: ExpressionError, in source: ExpressionSource) {
    diagnostics.append(
      Diagnostic(
        file: source.origin.file, mark: mark(of: error.offset, in: source),
        severity: error.severity, id: error.id, message: error.message))
  }

  private mutating func report(
    _ source: ExpressionSource, offset: Int, _ id: DiagnosticID, _ message: String
  ) {
    diagnostics.append(
      Diagnostic(
        file: source.origin.file, mark: mark(of: offset, in: source), id: id, message: message))
  }

  private mutating func report(_ origin: Origin, _ id: DiagnosticID, _ message: String) {
    diagnostics.append(Diagnostic(file: origin.file, mark: origin.mark, id: id, message: message))
  }

  /// The file position of a UTF-8 offset in an expression's text.
  private func mark(of offset: Int, in source: ExpressionSource) -> Mark {
    let prefix = source.text.utf8.prefix(max(0, offset))
    let scalars = String(decoding: prefix, as: UTF8.self).unicodeScalars.count
    guard let file = sources[source.origin.file] else { return source.origin.mark }
    return file.mark(ofValueOffset: scalars, scalarAt: source.origin.mark, style: source.style)
  }
}

extension DiagnosticID {
  /// A declared leaderboard (`leaderboards`) whose value or id cannot be ranked or served.
  package static let invalidLeaderboard: DiagnosticID = "invalid-leaderboard"
}

extension CatalogValidator {
  /// Types each declared leaderboard's value: a number that the day already computes (a
  /// metric, an input, a streak's field, or a history sum such as `week(x)`, which joins the catalog's
  /// aggregates), so the evaluation reads it off the frame and no expression is compiled for
  /// it alone. Its id may not be an all-time leaderboard's name (a metric's): the API serves
  /// both under `.../leaderboards/{name}`. Returns the typed values, in catalog order.
  mutating func validateLeaderboards() -> [TypedExpr] {
    var typed: [TypedExpr] = []
    for leaderboard in catalog.leaderboards {
      if catalog.metrics.contains(where: { $0.name == leaderboard.id }) {
        report(
          leaderboard.origin, .invalidLeaderboard,
          "the leaderboard id '\(leaderboard.id)' is the name of the metric '\(leaderboard.id)', whose all-time leaderboard has that name; choose another id"
        )
      }
      guard let expr = parse(leaderboard.value) else {
        typed.append(Self.placeholder)
        continue
      }
      let value = inferTypes(expr, leaderboard.value) { inference, expr in inference.infer(expr) }
      typed.append(value)
      guard value.type != .invalid else { continue }
      guard value.type == .int || value.type == .number else {
        report(
          leaderboard.value, offset: 0, .typeMismatch,
          "a leaderboard ranks a number; '\(leaderboard.value.text)' is \(value.type)")
        continue
      }
      switch value.kind {
      case .aggregate, .symbol(.metric), .symbol(.streak), .symbol(.input): continue
      default:
        report(
          leaderboard.value, offset: 0, .invalidLeaderboard,
          "a leaderboard's value is a metric, an input, a streak's field or a period sum (week(x), month(x), hijri_month(x), total(x)); define a metric for '\(leaderboard.value.text)' and rank it"
        )
      }
    }
    return typed
  }
}

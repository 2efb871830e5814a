@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

extension ValidatedCatalog {
  /// The calendar built-ins (`weekday`, `hijri.*`) some expression of the catalog reads:
  /// streak conditions, history sums, metrics, badge criteria and progress, messages and
  /// their templates. An evaluator computes only these for each day, so a catalog that reads
  /// none pays nothing for them.
  package var calendarFieldsRead: Set<CalendarField> {
    var fields = Set<CalendarField>()
    func look(_ expr: TypedExpr?) {
      expr?.forEachSymbol { symbol in
        if case .calendar(let field) = symbol { fields.insert(field) }
      }
    }
    func look(_ template: TypedTemplate?) {
      for argument in template?.arguments ?? [] { look(argument.expr) }
    }
    for streak in streaks {
      look(streak.counts)
      look(streak.skips)
      look(streak.resets)
    }
    for aggregate in aggregates { look(aggregate.argument) }
    for metric in metrics { look(metric) }
    for progress in metricProgress {
      look(progress?.current)
      look(progress?.target)
    }
    // The badges' criteria and explicit progress: noted as they were validated.
    fields.formUnion(badgeReads.calendar)
    for message in messages {
      look(message.when)
      look(message.title)
      for variant in message.variants {
        look(variant.when)
        look(variant.text)
      }
      look(message.action)
    }
    return fields
  }
}

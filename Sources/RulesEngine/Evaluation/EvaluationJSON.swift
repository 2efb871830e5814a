/// The JSON of `rules eval --format json`, with the keys and layout PRODUCT.md documents.
/// Sections a catalog does not use are empty or null, never missing.
extension Evaluation {
  public var json: JSONValue {
    .object([
      ("catalog", .string(catalog)),
      ("user", user.map(JSONValue.string) ?? .null),
      ("date", .string(date.description)),
      (
        "streaks",
        .object(
          streaks.map { streak in
            (
              streak.name,
              .object([
                ("current", .int(streak.current)), ("best", .int(streak.best)),
                ("freezes", .int(streak.freezes)),
              ])
            )
          })
      ),
      ("metrics", .object(metrics.map { ($0.name, $0.value.json) })),
      (
        "milestones",
        .object([
          ("streak", milestones.streak.map(JSONValue.string) ?? .null),
          ("reached", .array(milestones.reached.map(JSONValue.string))),
          ("today", milestones.today.map(JSONValue.string) ?? .null),
          (
            "next",
            milestones.next.map { next in
              .object([("id", .string(next.id)), ("day", .int(next.day)), ("days_until", .int(next.daysUntil))])
            } ?? .null
          ),
        ])
      ),
      (
        "badges",
        .object([
          (
            "unlocked",
            .array(unlocked.map { .object([("id", .string($0.id)), ("date", .string($0.date.description))]) })
          ),
          ("new", .array(new.map(JSONValue.string))),
          (
            "locked",
            .array(
              locked.map { badge in
                .object([
                  ("id", .string(badge.id)),
                  ("current", badge.current?.json ?? .null),
                  ("target", badge.target?.json ?? .null),
                  ("progress", badge.progress.map(JSONValue.number) ?? .null),
                ])
              })
          ),
        ])
      ),
      (
        "quote",
        quote.map { quote in
          .object([
            ("id", .string(quote.id)), ("text", .string(quote.text)),
            ("arabic", quote.arabic.map(JSONValue.string) ?? .null),
            ("source", quote.source.map(JSONValue.string) ?? .null),
            ("category", quote.category.map(JSONValue.string) ?? .null),
          ])
        } ?? .null
      ),
      (
        "message",
        message.map { message in
          .object([
            ("id", .string(message.id)),
            ("title", message.title.map(JSONValue.string) ?? .null),
            ("text", .string(message.text)),
            ("action", message.action.map(JSONValue.string) ?? .null),
            ("icon", message.icon.map(JSONValue.string) ?? .null),
          ])
        } ?? .null
      ),
    ])
  }
}

extension Value {
  /// Bools, numbers and strings as JSON; enum values as their names.
  public var json: JSONValue {
    switch self {
    case .bool(let value): .bool(value)
    case .int(let value): .int(value)
    case .number(let value): .number(value)
    case .string(let value): .string(value)
    case .member: .string(description)
    }
  }
}

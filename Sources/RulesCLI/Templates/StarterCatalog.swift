/// What `rules init NAME` writes: a small commented catalog and a scenario file that tests it.
enum StarterCatalog {
  static func catalog(_ id: String) -> String {
    """
    # yaml-language-server: $schema=catalog.schema.json
    # The reward scheme of the \(id) app. `rules check` validates this file, `rules test` runs
    # its scenarios in tests/\(id).yaml. The format: docs/catalog-format.md.
    catalog: \(id)
    name: \(id)
    version: 1

    # What the app reports each day. A day without a record takes the defaults.
    inputs:
      practiced:
        type: bool
        description: The user did the day's practice.

    # Counters of days in a row. `counts` is an expression over the inputs; a day where it
    # does not hold breaks the streak (the day being evaluated only once it is over).
    streaks:
      practice:
        name: Practice streak
        counts: practiced

    # Days on one streak's timeline, reached when the streak is exactly that long.
    milestones:
      streak: practice
      list:
        - {id: first-week, day: 7, title: First week}

    # Once-only achievements: each unlocks on the first day its `when` holds, and stays.
    badges:
      - id: three-in-a-row
        name: Three in a Row
        description: Practice three days in a row
        when: practice.current >= 3

    # The quote of the day: day-of-year rotation shows quote (dayOfYear - 1) % count.
    quotes:
      rotation: day-of-year
      list:
        - {id: q1, text: Small steps every day.}

    # The message of the day: the first whose `when` holds. {expressions} are filled in.
    messages:
      - id: streak
        when: practice.current > 0
        text: "{practice.current} {practice.current == 1 ? 'day' : 'days'} in a row. Keep going!"
      - id: start
        text: Practice today to start a streak.

    """
  }

  static func scenarios(_ id: String) -> String {
    """
    # yaml-language-server: $schema=scenario.schema.json
    # Scenarios for catalogs/\(id).yaml: a history, and what the app's check of each date must
    # show. Run them with `rules test`. The format: docs/scenarios.md.
    catalog: ../\(id).yaml
    scenarios:
      - name: three days of practice unlock Three in a Row
        history:
          days:
            - {date: 2026-01-01, practiced: true}
            - {date: 2026-01-02, practiced: true}
            - {date: 2026-01-03, practiced: true}
        expect:
          - date: 2026-01-02
            streaks: {practice: 2}
            locked: [three-in-a-row]
            message_text: 2 days in a row. Keep going!
          - date: 2026-01-03
            streaks: {practice: 3}
            new: [three-in-a-row]
            quote: q1

      - name: a day without practice breaks the streak once it is over
        history:
          days:
            - {date: 2026-01-01, practiced: true}
            - {date: 2026-01-02, practiced: false}
        through: 2026-01-03
        expect:
          - date: 2026-01-02
            streaks: {practice: 1}
          - date: 2026-01-03
            streaks: {practice: {current: 0, best: 1}}
            message: start

    """
  }
}

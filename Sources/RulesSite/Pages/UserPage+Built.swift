/// The user page's two parts that grow with the history (a step per day, a cell per calendar
/// day), built with `HTMLBuilder` rather than by the template: a year's page holds 365 of each,
/// and swift-mustache's lookups and casts per value were most of its time. The markup is what
/// the templates wrote before (the pages are byte for byte the same), and so are the data-*
/// attributes of docs/site.md.
extension UserPage {
  /// Every day step (`section.step`), each followed by a line break.
  var stepsHTML: BuiltHTML {
    var html = HTMLBuilder(capacity: steps.count * 2048)
    for step in steps { step.write(into: &html) }
    return html.built
  }
}

extension UserPage.Step {
  func write(into html: inout HTMLBuilder) {
    var attributes: [HTMLBuilder.Attribute] = [
      .value("class", "step"), .value("id", "day-\(date)"), .value("data-day", date),
    ]
    if hidden { attributes.append(.flag("hidden")) }
    attributes.append(.value("aria-label", date))
    html.element("section", attributes) { html in
      html.newline()
      html.element("h3", text: date)
      html.newline()
      html.element("div", .value("class", "values")) { html in
        html.element("table") { html in
          html.element("caption", text: "Streaks")
          html.element("thead") { html in
            html.element("tr") { html in
              for column in ["streak", "current", "best", "freezes"] {
                html.element("th", .value("scope", "col"), text: column)
              }
            }
          }
          html.element("tbody") { html in
            html.newline()
            for streak in streaks {
              let current = String(streak.current)
              let best = String(streak.best)
              // A periodic streak's row says its period too: `2026-W22 2/3`.
              var attributes: [HTMLBuilder.Attribute] = [
                .value("data-streak", streak.name), .value("data-current", current), .value("data-best", best),
              ]
              if let period = streak.period {
                attributes += [
                  .value("data-period", period.id), .value("data-period-count", String(period.count)),
                  .value("data-goal", String(period.goal)),
                ]
              }
              html.element("tr", attributes) { html in
                html.element("th", .value("scope", "row")) { html in html.element("code", text: streak.name) }
                html.element(
                  "td", text: current + (streak.period.map { " (\($0.id) \($0.count)/\($0.goal))" } ?? ""))
                html.element("td", text: best)
                html.element("td", text: String(streak.freezes))
              }
            }
            html.newline()
          }
        }
        html.newline()
        html.element("table") { html in
          html.element("caption", text: "Metrics")
          html.element("thead") { html in
            html.element("tr") { html in
              html.element("th", .value("scope", "col"), text: "metric")
              html.element("th", .value("scope", "col"), text: "value")
            }
          }
          html.element("tbody") { html in
            html.newline()
            for metric in metrics {
              html.element("tr", .value("data-metric", metric.name), .value("data-value", metric.value)) { html in
                html.element("th", .value("scope", "row")) { html in html.element("code", text: metric.name) }
                html.element("td", text: metric.value)
              }
            }
            html.newline()
          }
        }
      }
      html.newline()
      if let milestone {
        html.element("p", .value("class", "event"), .value("data-day-milestone", milestone)) { html in
          html.text("◆ Milestone reached: ")
          html.element("code", text: milestone)
        }
      }
      html.newline()
      for unlock in unlocks {
        html.element("p", .value("class", "event"), text: "★ Unlocked: \(unlock)")
      }
      html.newline()
      if let quote {
        html.element("figure", .value("class", "quote")) { html in
          html.element("blockquote") { html in html.element("p", text: quote) }
          if let quoteSource { html.element("figcaption", text: quoteSource) }
        }
      }
      html.newline()
      if let message {
        html.element("div", .value("class", "message"), .value("data-message", messageID ?? "")) { html in
          html.element("p") { html in
            if let messageTitle {
              html.element("strong", text: messageTitle)
              html.text(" ")
            }
            html.text(message)
          }
        }
      }
      html.newline()
    }
    html.newline()
  }
}

extension UserPage.Month {
  /// The month's cells: the blanks before the 1st, then each day (a link to its step, or a
  /// day without one).
  var cellsHTML: BuiltHTML {
    var html = HTMLBuilder(capacity: days.count * 320)
    for _ in blanks {
      html.element("span", .value("class", "blank"), .value("role", "presentation"), text: "")
    }
    for day in days {
      if let step = day.step {
        var attributes: [HTMLBuilder.Attribute] = [
          .value("role", "listitem"), .value("class", "day s-\(day.status)"), .value("href", "#day-\(day.date)"),
          .value("data-step", String(step)), .value("data-date", day.date), .value("data-status", day.status),
          .value("aria-label", day.label),
        ]
        if day.asOf { attributes.append(.value("aria-current", "date")) }
        html.element("a", attributes) { html in
          html.text(String(day.number))
          html.element("span", .value("class", "mark"), .value("aria-hidden", "true"), text: day.marks)
        }
      } else {
        html.element(
          "span", .value("role", "listitem"), .value("class", "day s-none"), .value("data-date", day.date),
          .value("data-status", "none"), text: String(day.number))
      }
    }
    return html.built
  }
}

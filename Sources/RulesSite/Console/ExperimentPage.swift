import Foundation

/// An experiment's report in the console: retention on days 1, 7 and 30 and each badge's unlock
/// rate per arm, each a point with its 95% interval as a bar; the difference variant − control
/// of every figure with its interval against zero; and every number in tables. The figures are
/// the report's (`GET /v1/admin/experiments/{name}`); the page only draws them, in SVG it writes
/// itself (no script).
package struct ExperimentPage: Sendable {
  /// An estimate with its interval (nil bounds: too few users to tell).
  package struct Estimate: Sendable {
    package var estimate: Double
    package var lower: Double
    package var upper: Double

    package init(estimate: Double, lower: Double, upper: Double) {
      self.estimate = estimate
      self.lower = lower
      self.upper = upper
    }
  }

  /// One arm's share (of users retained, or holding a badge).
  package struct ArmShare: Sendable {
    package var hits: Int
    package var users: Int
    package var interval: Estimate?

    package init(hits: Int, users: Int, interval: Estimate?) {
      self.hits = hits
      self.users = users
      self.interval = interval
    }
  }

  /// One arm's mean (active days per week, a streak's current length).
  package struct ArmMean: Sendable {
    package var users: Int
    package var interval: Estimate?

    package init(users: Int, interval: Estimate?) {
      self.users = users
      self.interval = interval
    }
  }

  /// A row of a share chart: one arm's point and interval on a 0 to 100% axis.
  package struct ShareRow: Sendable {
    package var arm: String
    package var tone: String
    package var hits: Int
    package var users: Int
    package var estimate: String
    package var lower: String
    package var upper: String
    package var text: String
    package var y: Int
    package var textY: Int
    package var x1: Int
    package var x2: Int
    package var cx: Int
    package var shown: Bool
  }

  /// A chart of one share in both arms.
  package struct ShareChart: Sendable {
    package var metric: String
    package var title: String
    package var label: String
    package var rows: [ShareRow]
  }

  /// A difference variant − control against zero, on its own symmetric axis.
  package struct DifferenceRow: Sendable {
    package var metric: String
    package var estimate: String
    package var lower: String
    package var upper: String
    package var text: String
    /// The interval excludes zero: the report shows a difference.
    package var excludesZero: Bool
    /// The same, `true` or `false`, for the data attribute.
    package var excludes: String
    package var shown: Bool
    package var x1: Int
    package var x2: Int
    package var cx: Int
    package var y: Int
    package var textY: Int
  }

  /// A mean's row of the table.
  package struct MeanRow: Sendable {
    package var metric: String
    package var control: String
    package var variant: String
  }

  /// An experiment of the list.
  package struct Listed: Sendable {
    package var name: String
    package var href: String
    package var status: String
    package var share: String
    package var started: String
    package var ended: String
  }

  /// A catalog's experiments.
  package struct CatalogList: Sendable {
    package var catalog: String
    package var experiments: [Listed]
    package var any: Bool

    package init(catalog: String, experiments: [Listed]) {
      self.catalog = catalog
      self.experiments = experiments
      any = !experiments.isEmpty
    }
  }

  package var chrome: Chrome
  package var name: String
  package var catalog: String
  package var share: String
  package var status: String
  package var started: String
  package var ended: String?
  package var date: String
  package var action: String
  package var controlUsers: Int
  package var variantUsers: Int
  package var retention: [ShareChart]
  package var badges: [ShareChart]
  package var differences: [DifferenceRow]
  package var differencesHeight: Int
  package var differencesLabel: String
  package var means: [MeanRow]

  /// The share axis: 0% at x 150, 100% at x 550.
  static let shareLeft = 150
  static let shareWidth = 400
  /// The differences' axes: zero at x 350, ±the row's largest bound at ±180.
  static let zeroX = 350
  static let halfWidth = 180

  /// `value` (a share) as a percentage with one decimal.
  static func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

  /// `value` with three decimals (a mean, or a difference of means).
  static func decimal(_ value: Double) -> String { String(format: "%.3f", value) }

  static func x(_ share: Double) -> Int { shareLeft + Int((min(max(share, 0), 1) * Double(shareWidth)).rounded()) }

  /// The chart of one share (`metric`) in both arms.
  static func chart(metric: String, title: String, control: ArmShare, variant: ArmShare) -> ShareChart {
    let rows = [("control", "tone-old", control), ("variant", "tone-new", variant)].enumerated().map {
      index, arm in
      let (name, tone, share) = arm
      let y = 10 + index * 20
      guard let interval = share.interval else {
        return ShareRow(
          arm: name, tone: tone, hits: share.hits, users: share.users, estimate: "", lower: "", upper: "",
          text: "\(name): no user counted", y: y, textY: y + 4, x1: 0, x2: 0, cx: 0, shown: false)
      }
      return ShareRow(
        arm: name, tone: tone, hits: share.hits, users: share.users, estimate: String(interval.estimate),
        lower: String(interval.lower), upper: String(interval.upper),
        text:
          "\(name): \(percent(interval.estimate)) (\(share.hits) of \(share.users)), 95% interval \(percent(interval.lower)) to \(percent(interval.upper))",
        y: y, textY: y + 4, x1: x(interval.lower), x2: x(interval.upper), cx: x(interval.estimate), shown: true)
    }
    return ShareChart(
      metric: metric, title: title, label: "\(title): " + rows.map(\.text).joined(separator: "; "), rows: rows)
  }

  package init(
    name: String, catalog: String, share: String, status: String, started: String, ended: String?, date: String,
    controlUsers: Int, variantUsers: Int, retention: [(day: Int, control: ArmShare, variant: ArmShare)],
    badges: [(badge: String, control: ArmShare, variant: ArmShare)],
    means: [(metric: String, control: ArmMean, variant: ArmMean)], differences: [(metric: String, interval: Estimate?)],
    csrf: String
  ) {
    chrome = ConsoleChrome.chrome("\(name) — rules console", csrf: csrf, current: "Experiments")
    chrome.style += Self.style
    self.name = name
    self.catalog = catalog
    self.share = share
    self.status = status
    self.started = started
    self.ended = ended
    self.date = date
    action = "/console/experiments/\(OverviewPage.segment(name))"
    self.controlUsers = controlUsers
    self.variantUsers = variantUsers
    self.retention = retention.map {
      Self.chart(metric: "retention_d\($0.day)", title: "Day \($0.day)", control: $0.control, variant: $0.variant)
    }
    self.badges = badges.map {
      Self.chart(metric: "badge.\($0.badge)", title: $0.badge, control: $0.control, variant: $0.variant)
    }
    self.means = means.map { mean in
      func text(_ arm: ArmMean) -> String {
        guard let interval = arm.interval else { return "– (\(arm.users) users)" }
        return
          "\(Self.decimal(interval.estimate)) [\(Self.decimal(interval.lower)), \(Self.decimal(interval.upper))] (\(arm.users) users)"
      }
      return MeanRow(metric: mean.metric, control: text(mean.control), variant: text(mean.variant))
    }
    self.differences = differences.enumerated().map { index, difference in
      let y = 10 + index * 24
      let isShare = difference.metric.hasPrefix("retention_") || difference.metric.hasPrefix("badge.")
      func format(_ value: Double) -> String {
        isShare ? String(format: "%+.1f pts", value * 100) : String(format: "%+.3f", value)
      }
      guard let interval = difference.interval else {
        return DifferenceRow(
          metric: difference.metric, estimate: "", lower: "", upper: "", text: "\(difference.metric): too few users",
          excludesZero: false, excludes: "false", shown: false, x1: 0, x2: 0, cx: 0, y: y, textY: y + 4)
      }
      let reach = max(abs(interval.lower), abs(interval.upper), 1e-9)
      func x(_ value: Double) -> Int { Self.zeroX + Int((value / reach * Double(Self.halfWidth)).rounded()) }
      let excludes = interval.lower > 0 || interval.upper < 0
      return DifferenceRow(
        metric: difference.metric, estimate: String(interval.estimate), lower: String(interval.lower),
        upper: String(interval.upper),
        text:
          "\(difference.metric): \(format(interval.estimate)), 95% interval \(format(interval.lower)) to \(format(interval.upper))"
          + (excludes ? ", a difference" : ", no difference shown"),
        excludesZero: excludes, excludes: String(excludes), shown: true, x1: x(interval.lower), x2: x(interval.upper),
        cx: x(interval.estimate),
        y: y, textY: y + 4)
    }
    differencesHeight = max(differences.count, 1) * 24 + 12
    differencesLabel =
      "Variant minus control, each on its own scale around zero: "
      + self.differences.map(\.text).joined(separator: "; ")
  }

  /// The list of experiments, per catalog served.
  package static func list(_ catalogs: [CatalogList], csrf: String) -> ExperimentListPage {
    var chrome = ConsoleChrome.chrome("Experiments — rules console", csrf: csrf, current: "Experiments")
    chrome.style += style
    return ExperimentListPage(chrome: chrome, catalogs: catalogs)
  }

  /// A listed experiment.
  package static func listed(
    name: String, status: String, share: String, started: String, ended: String?
  ) -> Listed {
    Listed(
      name: name, href: "/console/experiments/\(OverviewPage.segment(name))", status: status, share: share,
      started: started, ended: ended ?? "")
  }

  static let style = """
    .interval{max-width:640px} .interval text{fill:var(--fg);font-size:12px} .interval .axis{stroke:var(--line)}
    .interval .zero{stroke:var(--muted);stroke-dasharray:3 3} .interval line.whisker{stroke-width:3}
    .interval .tone-old{stroke:var(--old);fill:var(--old)} .interval .tone-new{stroke:var(--new);fill:var(--new)}
    .interval .shows{stroke:var(--gain);fill:var(--gain)} .interval .none{stroke:var(--muted);fill:var(--muted)}
    """

  static let template = """
    {{> head}}
    <h1>{{name}}</h1>
    <p class="sub"><code>{{catalog}}</code> · {{share}} in the variant · <span data-status="{{status}}">{{status}}</span> · started <time datetime="{{started}}">{{started}}</time>{{#ended}} · ended <time datetime="{{.}}">{{.}}</time>{{/ended}}</p>
    <form class="inline" method="get" action="{{action}}"><div><label for="report-date">As of</label><br><input id="report-date" name="date" type="date" value="{{date}}"></div><button type="submit">Show</button></form>
    <ul class="stats" data-report-date="{{date}}">
    <li data-arm-users="control" data-value="{{controlUsers}}"><span class="n">{{controlUsers}}</span> users in control</li>
    <li data-arm-users="variant" data-value="{{variantUsers}}"><span class="n">{{variantUsers}}</span> users in the variant</li>
    </ul>
    <p class="note">Each point has its 95% interval: Wilson's for a share; Newcombe's hybrid score interval for a difference of shares, Welch's for a difference of means (docs/experiments.md). Retention on day N counts the users assigned at least N days before the report's date.</p>
    <section aria-labelledby="h-retention"><h2 id="h-retention">Retention</h2>
    <ul class="grid impact">{{#retention}}{{> experiment-share}}{{/retention}}</ul></section>
    <section aria-labelledby="h-differences"><h2 id="h-differences">Variant − control</h2>
    <p class="note">Each row on its own scale; the dashed line is zero. Green: the interval excludes zero.</p>
    <svg class="interval" role="img" aria-label="{{differencesLabel}}" viewBox="0 0 640 {{differencesHeight}}" width="100%">
    <line class="zero" x1="350" y1="0" x2="350" y2="{{differencesHeight}}"></line>
    {{#differences}}<g data-difference="{{metric}}" data-estimate="{{estimate}}" data-lower="{{lower}}" data-upper="{{upper}}" data-excludes-zero="{{excludes}}"><text x="160" y="{{textY}}" text-anchor="end">{{metric}}</text>{{^shown}}<text x="170" y="{{textY}}">too few users</text>{{/shown}}{{#shown}}<line class="whisker {{#excludesZero}}shows{{/excludesZero}}{{^excludesZero}}none{{/excludesZero}}" x1="{{x1}}" y1="{{y}}" x2="{{x2}}" y2="{{y}}"></line><circle class="{{#excludesZero}}shows{{/excludesZero}}{{^excludesZero}}none{{/excludesZero}}" cx="{{cx}}" cy="{{y}}" r="5"></circle>{{/shown}}<title>{{text}}</title></g>{{/differences}}
    </svg>
    <table><thead><tr><th scope="col">figure</th><th scope="col">variant − control</th></tr></thead><tbody>{{#differences}}<tr data-difference-row="{{metric}}"><th scope="row"><code>{{metric}}</code></th><td>{{text}}</td></tr>{{/differences}}</tbody></table>
    </section>
    <section aria-labelledby="h-means"><h2 id="h-means">Means per arm</h2>
    <table><thead><tr><th scope="col">figure</th><th scope="col">control</th><th scope="col">variant</th></tr></thead><tbody>{{#means}}<tr data-mean="{{metric}}"><th scope="row"><code>{{metric}}</code></th><td>{{control}}</td><td>{{variant}}</td></tr>{{/means}}</tbody></table>
    </section>
    <section aria-labelledby="h-badges"><h2 id="h-badges">Unlock rates</h2>
    <ul class="grid impact">{{#badges}}{{> experiment-share}}{{/badges}}</ul>{{^badges}}<p>The catalogs have no badge.</p>{{/badges}}</section>
    {{> foot}}
    """

  static let shareTemplate = """
    <li data-share-chart="{{metric}}"><h3>{{title}}</h3>
    <svg class="interval" role="img" aria-label="{{label}}" viewBox="0 0 640 62" width="100%">
    <line class="axis" x1="150" y1="42" x2="550" y2="42"></line><line class="axis" x1="150" y1="38" x2="150" y2="46"></line><line class="axis" x1="350" y1="38" x2="350" y2="46"></line><line class="axis" x1="550" y1="38" x2="550" y2="46"></line><text x="150" y="58" text-anchor="middle">0%</text><text x="350" y="58" text-anchor="middle">50%</text><text x="550" y="58" text-anchor="middle">100%</text>
    {{#rows}}<g data-arm="{{arm}}" data-hits="{{hits}}" data-users="{{users}}" data-estimate="{{estimate}}" data-lower="{{lower}}" data-upper="{{upper}}"><text x="140" y="{{textY}}" text-anchor="end">{{arm}}</text>{{#shown}}<line class="whisker {{tone}}" x1="{{x1}}" y1="{{y}}" x2="{{x2}}" y2="{{y}}"></line><circle class="{{tone}}" cx="{{cx}}" cy="{{y}}" r="5"></circle>{{/shown}}{{^shown}}<text x="160" y="{{textY}}">no user counted yet</text>{{/shown}}<title>{{text}}</title></g>{{/rows}}
    </svg></li>
    """

  static let listTemplate = """
    {{> head}}
    <h1>Experiments</h1>
    {{#catalogs}}<section data-experiments-of="{{catalog}}"><h2><code>{{catalog}}</code></h2>
    {{#any}}<table><thead><tr><th scope="col">experiment</th><th scope="col">status</th><th scope="col">share</th><th scope="col">started</th><th scope="col">ended</th></tr></thead><tbody>
    {{#experiments}}<tr data-experiment="{{name}}" data-status="{{status}}"><td><a href="{{href}}">{{name}}</a></td><td>{{status}}</td><td>{{share}}</td><td>{{started}}</td><td>{{ended}}</td></tr>{{/experiments}}
    </tbody></table>{{/any}}{{^any}}<p>No experiment yet: <code>rules-server experiment start</code> or <code>POST /v1/admin/experiments</code> starts one.</p>{{/any}}
    </section>{{/catalogs}}
    {{> foot}}
    """
}

/// The console's list of experiments, per catalog served.
package struct ExperimentListPage: Sendable {
  package var chrome: Chrome
  package var catalogs: [ExperimentPage.CatalogList]
}

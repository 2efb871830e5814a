/// The console's templates, registered with the studio's (`SiteTemplates`): the same head, foot,
/// badge, user and impact parts, every value written with `{{...}}` (HTML-escaped).
enum ConsoleTemplates {
  static let templates: [String: String] = [
    "console-signin": signIn, "console-index": index, "console-overview": overview,
    "console-leaderboard": leaderboard, "console-events": events, "console-candidate": candidate,
    "console-impact": impact, "console-reload": reload, "console-user": user,
    "console-experiment": ExperimentPage.template, "experiment-share": ExperimentPage.shareTemplate,
    "console-experiments": ExperimentPage.listTemplate,
  ]

  static let signIn = """
    {{> head}}
    <h1>Sign in to the console</h1>
    {{#message}}<p class="refused" role="alert" data-refused>{{.}}</p>{{/message}}
    {{#configured}}
    <form class="stack" method="post" action="/console/signin">
    <label for="token">Admin token</label>
    <input id="token" name="token" type="password" autocomplete="current-password" required>
    <button type="submit">Sign in</button>
    </form>
    <p class="note">The token is checked once and not kept: the server sets a cookie for this site only
    (HttpOnly, SameSite=Strict), which page scripts cannot read and other sites cannot send. It lasts 8 hours or until you sign out.</p>
    {{/configured}}
    {{^configured}}<p class="refused" data-unconfigured>This server has no admin token: start it with RULES_API_TOKEN set to sign in to the console.</p>{{/configured}}
    {{> foot}}
    """

  static let index = """
    {{> head}}
    <h1>Catalogs served</h1>
    <p class="sub">From <code>{{folder}}</code>, loaded <time datetime="{{loaded}}" data-loaded="{{loaded}}">{{loaded}}</time>.</p>
    <ul class="cards">
    {{#catalogs}}<li class="card" data-catalog="{{id}}" data-version="{{version}}"><h2><a href="{{href}}">{{name}}</a></h2><p><code>{{id}}</code> · version {{version}}</p></li>
    {{/catalogs}}
    </ul>
    {{> foot}}
    """

  static let overview = """
    {{> head}}
    <h1>{{name}}</h1>
    <p class="sub"><code>{{id}}</code> · version <span data-version="{{version}}">{{version}}</span> served since <time datetime="{{loaded}}" data-loaded="{{loaded}}">{{loaded}}</time> · as of <span data-date="{{date}}">{{date}}</span> (UTC)</p>
    <ul class="stats">
    <li data-stat="users" data-value="{{users}}"><span class="n">{{users}}</span> users</li>
    <li data-stat="users_evaluated_on_date" data-value="{{usersEvaluatedOnDate}}"><span class="n">{{usersEvaluatedOnDate}}</span> evaluated today</li>
    <li data-stat="users_evaluated" data-value="{{usersEvaluated}}"><span class="n">{{usersEvaluated}}</span> evaluated ever</li>
    <li data-stat="unlocks_30" data-value="{{unlocks30}}"><span class="n">{{unlocks30}}</span> unlocks in 30 days</li>
    </ul>
    <form class="inline" method="get" action="{{userAction}}"><div><label for="user-id">Find a user</label><br><input id="user-id" name="id" type="search" required></div><button type="submit">Show</button></form>
    <section aria-labelledby="h-unlocks"><h2 id="h-unlocks">Unlocks per day</h2>
    <svg class="chart" role="img" aria-label="{{daysLabel}}" viewBox="0 0 660 180" width="100%">
    <line class="axis" x1="38" y1="150" x2="640" y2="150"></line>
    {{#days}}<g data-unlocks-day="{{date}}" data-count="{{count}}"><rect class="bar" x="{{x}}" y="{{y}}" width="16" height="{{height}}"><title>{{date}}: {{count}}</title></rect>{{#tick}}<text x="{{x}}" y="168">{{.}}</text>{{/tick}}</g>{{/days}}
    </svg>
    <details><summary>Each day</summary><table><thead><tr><th scope="col">day</th><th scope="col">unlocks</th></tr></thead><tbody>{{#days}}<tr><td>{{date}}</td><td>{{count}}</td></tr>{{/days}}</tbody></table></details>
    </section>
    <section aria-labelledby="h-streaks"><h2 id="h-streaks">Current streaks by length</h2>
    <ul class="grid impact">{{#streaks}}<li data-streak-chart="{{name}}" data-total="{{total}}"><h3><code>{{name}}</code></h3><p class="meta">{{total}} users with a current run</p>
    <svg class="bars" role="img" aria-label="{{chartLabel}}" viewBox="0 0 400 {{height}}" width="100%" height="{{height}}">{{#bars}}<g data-bucket="{{key}}" data-count="{{value}}"><text x="104" y="{{y}}" dy="15" text-anchor="end">{{label}}</text><rect class="track" x="110" y="{{y}}" width="240" height="18" rx="3"></rect><rect class="tone-new" x="110" y="{{y}}" width="{{width}}" height="18" rx="3"></rect><text x="{{textX}}" y="{{y}}" dy="15">{{value}}</text></g>{{/bars}}</svg>
    </li>{{/streaks}}</ul>{{^streaks}}<p>This catalog has no streak.</p>{{/streaks}}
    </section>
    <section aria-labelledby="h-boards"><h2 id="h-boards">Leaderboards</h2>
    <ul class="plain">{{#leaderboards}}<li><a href="{{href}}">{{label}}</a></li>{{/leaderboards}}</ul></section>
    {{> foot}}
    """

  static let leaderboard = """
    {{> head}}
    <h1>{{name}}</h1>
    <p class="sub"><a href="{{overview}}">{{catalog}}</a></p>
    <nav class="langs" aria-label="Leaderboards"><ul>{{#boards}}<li><a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{label}}</a></li>{{/boards}}</ul></nav>
    {{#period}}<form class="inline" method="get" action="{{action}}" data-period-picker><div><label for="period">Period</label><br><input id="period" name="period" value="{{id}}" required></div><button type="submit">Show</button></form>
    <p class="sub" data-period="{{id}}" data-start="{{start}}" data-end="{{end}}">{{id}}: {{start}} to {{end}} · <a href="{{previous}}" rel="prev" data-period-previous="{{previousID}}">{{previousID}}</a> · <a href="{{next}}" rel="next" data-period-next="{{nextID}}">{{nextID}}</a></p>{{/period}}
    <form class="inline" method="get" action="{{action}}"><div><label for="around">Find a user</label><br><input id="around" name="around" type="search" value="{{around}}" required></div>{{#period}}<input type="hidden" name="period" value="{{id}}">{{/period}}<button type="submit">Find</button></form>
    {{#message}}<p class="refused" role="alert">{{.}}</p>{{/message}}
    <table data-leaderboard="{{name}}"{{#period}} data-board-period="{{id}}"{{/period}}><thead><tr><th scope="col">rank</th><th scope="col">user</th><th scope="col">value</th></tr></thead><tbody>
    {{#entries}}<tr data-rank="{{rank}}" data-user="{{user}}" data-value="{{value}}"{{#found}} aria-current="true" class="found"{{/found}}><td>{{rank}}</td><td><a href="{{href}}">{{user}}</a></td><td>{{value}}</td></tr>{{/entries}}
    </tbody></table>
    {{^entries}}<p>No user has this standing yet.</p>{{/entries}}
    <nav class="pager" aria-label="Pages">{{#previous}}<a href="{{.}}" rel="prev">Ranks before</a>{{/previous}}{{#next}}<a href="{{.}}" rel="next">Ranks after</a>{{/next}}</nav>
    {{> foot}}
    """

  static let events = """
    {{> head}}
    <h1>Events</h1>
    <p id="feed-status" role="status">The newest {{shown}} events; new ones appear at the top.</p>
    <table><thead><tr><th scope="col">id</th><th scope="col">catalog</th><th scope="col">user</th><th scope="col">date</th><th scope="col">kind</th><th scope="col">subject</th></tr></thead>
    <tbody id="event-feed" data-after="{{after}}" data-source="{{source}}">
    {{#events}}<tr data-event-id="{{id}}" data-kind="{{kind}}"><td>{{id}}</td><td>{{catalog}}</td><td><a href="{{href}}">{{user}}</a></td><td>{{date}}</td><td>{{kind}}</td><td>{{subject}}</td></tr>
    {{/events}}
    </tbody></table>
    {{> foot}}
    """

  static let candidate = """
    {{> head}}
    <h1>A candidate catalog</h1>
    <p>See what a catalog file would change for every user of the store (as <code>rules-server diff</code> reports it), then reload the served catalogs from <code>{{folder}}</code>.</p>
    {{#message}}<p class="refused" role="alert" data-refused>{{.}}</p>{{/message}}
    <form class="stack" method="post" action="/console/candidate">
    <input type="hidden" name="csrf" value="{{csrf}}">
    <label for="candidate-catalog">Compare with the catalog served</label>
    <select id="candidate-catalog" name="catalog">{{#catalogs}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{id}}</option>{{/catalogs}}</select>
    <label for="candidate-path">A file of {{folder}} (for example <code>rizq.yaml</code>)</label>
    <input id="candidate-path" name="file" type="text">
    <label for="candidate-file">Or a file from this computer (at most {{limit}})</label>
    <input id="candidate-file" type="file" accept=".yaml,.yml,text/yaml">
    <p id="candidate-note" class="note" role="status"></p>
    <label for="candidate-text">Or its text (at most {{limit}})</label>
    <textarea id="candidate-text" name="text" data-max="{{maxBytes}}" spellcheck="false"></textarea>
    <button type="submit">Show the impact</button>
    </form>
    {{> foot}}
    """

  static let impact = """
    {{> head}}
    {{#impact}}{{> impact-body}}{{/impact}}
    {{#notes}}<p class="note" data-store-note>{{.}}</p>{{/notes}}
    <section aria-labelledby="h-reload"><h2 id="h-reload">Reload</h2>
    {{^inFolder}}<p class="note">This candidate is not a file of <code>{{folder}}</code>: a reload reads the folder, so copy it there first.</p>{{/inFolder}}
    <form method="post" action="/console/reload"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">Reload the catalogs of {{folder}}</button></form>
    <p class="note">The reload checks every catalog of the folder as <code>POST /v1/admin/catalogs/reload</code> does: one that fails <code>rules check</code> refuses it whole; a stored value a catalog cannot take as it is is read as its nearest value.</p>
    </section>
    {{> foot}}
    """

  static let reload = """
    {{> head}}
    {{#reloaded}}<h1>Catalogs reloaded</h1>
    <div class="done" data-reloaded="true"><p>The catalogs served now:</p>
    <ul>{{#catalogs}}<li data-catalog="{{id}}" data-version="{{version}}"><code>{{id}}</code> {{name}}, version {{version}}{{#notes}}<br><span class="note">{{.}}</span>{{/notes}}</li>{{/catalogs}}</ul></div>{{/reloaded}}
    {{^reloaded}}<h1>Reload refused</h1>
    <div class="refused" data-reloaded="false"><p>The catalogs were not reloaded; the ones served are unchanged:</p>
    <ul>{{#problems}}<li data-problem><pre dir="ltr" tabindex="0">{{.}}</pre></li>{{/problems}}</ul></div>{{/reloaded}}
    <p><a href="/console">The catalogs served</a> · <a href="/console/candidate">Another candidate</a></p>
    {{> foot}}
    """

  static let user = """
    {{> head}}
    {{#page}}<h1>{{user}}</h1>
    <p class="sub"><a href="{{catalogHref}}">{{catalogName}}</a> · {{first}} to {{date}} (the stored days)</p>{{/page}}
    <form class="inline" method="get" action="{{action}}"><div><label for="user-id">User</label><br><input id="user-id" name="id" type="search" value="{{user}}" required></div><div><label for="user-date">As of</label><br><input id="user-date" name="date" type="date" value="{{date}}"></div><button type="submit">Show</button></form>
    <section aria-labelledby="h-progress" data-progress-date="{{date}}"><h2 id="h-progress">What the app shows on {{date}}</h2>
    <div class="values"><table><caption>Streaks</caption><thead><tr><th scope="col">streak</th><th scope="col">current</th><th scope="col">best</th><th scope="col">freezes</th></tr></thead><tbody>
    {{#streaks}}<tr data-progress-streak="{{name}}" data-current="{{value}}" data-best="{{best}}" data-freezes="{{freezes}}"><th scope="row"><code>{{name}}</code></th><td>{{value}}</td><td>{{best}}</td><td>{{freezes}}</td></tr>{{/streaks}}
    </tbody></table>
    <table><caption>Metrics</caption><thead><tr><th scope="col">metric</th><th scope="col">value</th></tr></thead><tbody>
    {{#metrics}}<tr data-progress-metric="{{name}}" data-value="{{value}}"><th scope="row"><code>{{name}}</code></th><td>{{value}}</td></tr>{{/metrics}}
    </tbody></table>
    <table><caption>Unlocked</caption><thead><tr><th scope="col">badge</th><th scope="col">on</th></tr></thead><tbody>
    {{#unlocked}}<tr data-progress-badge="{{id}}" data-date="{{date}}"><th scope="row">{{name}}</th><td>{{date}}</td></tr>{{/unlocked}}
    </tbody></table></div>
    {{#milestone}}<p>Last milestone reached: <code data-progress-milestone="{{.}}">{{.}}</code></p>{{/milestone}}
    </section>
    {{#hasAdjustments}}<section aria-labelledby="h-adjustments"><h2 id="h-adjustments">Pauses and support</h2>
    <table><caption>What changes how the user's days count (docs/store.md, Support)</caption><thead><tr><th scope="col">what</th><th scope="col">streak</th><th scope="col">days</th><th scope="col">why</th></tr></thead><tbody>
    {{#adjustments}}<tr data-adjustment="{{kind}}" data-streak="{{streak}}" data-from="{{from}}" data-through="{{through}}"><th scope="row">{{label}}</th><td>{{streak}}</td><td>{{days}}</td><td>{{reason}}</td></tr>{{/adjustments}}
    </tbody></table></section>{{/hasAdjustments}}
    {{#page}}{{> user-body}}{{/page}}
    {{> foot}}
    """
}

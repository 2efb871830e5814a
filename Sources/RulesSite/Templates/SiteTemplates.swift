import Mustache

/// The pages' Mustache templates, compiled once. `{{name}}` writes a value HTML-escaped by
/// `SiteHTML` (a catalog name holding `<script>` is text); the only unescaped values (`{{{...}}}`)
/// are the style and the script of `SiteAssets`, which are ours, and the user page's day steps
/// and calendar cells, `BuiltHTML` from `HTMLBuilder`, which escapes every value in them.
package enum SiteTemplates {
  static let library: MustacheLibrary = {
    var library = MustacheLibrary()
    // Every template (a partial starts with swift-mustache's HTML again) escapes with ours.
    MustacheContentTypes.register(SiteHTML(), named: SiteHTML.name)
    for (name, text) in templates {
      do {
        try library.register("{{% CONTENT_TYPE: \(SiteHTML.name)}}\n" + text, named: name)
      } catch {
        preconditionFailure("the template '\(name)' does not parse: \(error)")
      }
    }
    return library
  }()

  /// `object` rendered with the template `name`.
  package static func render(_ object: Any, _ name: String) -> String {
    library.render(object, withTemplate: name) ?? ""
  }

  static let templates: [String: String] = [
    "head": head, "foot": foot, "badge": badge, "index": index, "catalog": catalog, "diagnostics": diagnostics,
    "user": user, "impact": impact, "problem": problem, "user-body": userBody, "impact-body": impactBody,
  ].merging(ConsoleTemplates.templates) { own, _ in own }

  static let head = """
    <!doctype html>
    {{#chrome}}
    <html lang="{{lang}}" dir="{{dir}}">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta http-equiv="Content-Security-Policy" content="{{csp}}">
    <title>{{title}}</title>
    <style>{{{style}}}</style>
    </head>
    <body>
    <a class="skip" href="#main">{{skip}}</a>
    <header class="top"><nav aria-label="Site"><a href="{{home}}">{{brand}}</a>{{#nav}} <a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{label}}</a>{{/nav}}</nav>{{#signOut}}<form class="signout" method="post" action="/console/signout"><input type="hidden" name="csrf" value="{{.}}"><button type="submit">Sign out</button></form>{{/signOut}}</header>
    {{/chrome}}
    <main id="main">
    """

  static let foot = """
    </main>
    <footer class="foot"><p>{{#chrome}}{{madeBy}} <code>rules</code> {{madeFrom}}{{/chrome}}</p></footer>
    {{#chrome}}<script>{{{script}}}</script>{{/chrome}}
    </body>
    </html>
    """

  static let badge = """
    <li class="badge hue-{{hue}}" data-badge="{{id}}" data-state="{{state}}"{{#unlockedOn}} data-date="{{.}}"{{/unlockedOn}}{{#reachStatus}} data-reach="{{.}}"{{/reachStatus}}{{#fromDay}} data-from-day="{{.}}"{{/fromDay}}>
    <div class="badge-head"><span class="emoji" aria-hidden="true">{{emoji}}</span>
    <h3>{{name}}</h3></div>
    <p class="state state-{{state}}">{{stateLabel}}{{#unlockedOn}} · <bdi dir="ltr">{{.}}</bdi>{{/unlockedOn}}{{#progressText}} · <bdi dir="ltr">{{.}}</bdi>{{/progressText}}</p>
    {{#percentDone}}<meter min="0" max="100" value="{{.}}" aria-label="progress of {{id}}">{{.}}%</meter>{{/percentDone}}
    {{#reachFlag}}<p class="reach-flag" data-reach-flag="{{reachStatus}}"><strong>{{.}}</strong>{{#reachWhy}}: <bdi dir="ltr">{{.}}</bdi>{{/reachWhy}}</p>{{/reachFlag}}
    {{#fromDay}}<p class="reach">{{fromDayText}} <bdi dir="ltr">{{.}}</bdi>{{#witnessHref}} · <a href="{{.}}" data-witness>{{witnessText}}</a>{{/witnessHref}}</p>{{/fromDay}}
    {{#about}}<p>{{.}}</p>{{/about}}
    <p class="criterion"><code dir="ltr">{{criterion}}</code></p>
    {{#hasRequires}}<p class="requires">{{#words}}{{requires}}{{/words}}{{^words}}Requires{{/words}}: {{#requires}}<span class="prerequisite" data-requires="{{id}}" data-state="{{state}}">{{name}}</span> {{/requires}}</p>{{/hasRequires}}
    <p class="meta"><code dir="ltr">{{id}}</code>{{#xp}} · <bdi dir="ltr">{{.}} XP</bdi>{{/xp}}{{#groupName}} · {{.}}{{/groupName}}{{#groupOrder}} #{{.}}{{/groupOrder}}{{#colorName}} · <span class="swatch"></span>{{.}}{{/colorName}}</p>
    {{#whyNotYet}}<details class="why"><summary>Why not yet</summary><pre dir="ltr" tabindex="0">{{.}}</pre></details>{{/whyNotYet}}
    </li>
    """

  static let index = """
    {{> head}}
    <h1>Catalogs</h1>
    <p>Every catalog of <code>{{folder}}</code>, its users and the changes since the revision asked for.</p>
    {{#broken}}
    <section class="broken" data-broken="{{path}}"><h2>{{path}}</h2><p><a href="{{href}}">{{errors}} errors: see the problems</a></p></section>
    {{/broken}}
    <ul class="cards">
    {{#catalogs}}
    <li class="card" data-catalog="{{id}}"><h2><a href="{{href}}">{{name}}</a></h2>
    <p><code>{{id}}</code> · version {{version}} · {{badges}} badges · {{milestones}} milestones</p>
    <p>Languages: {{#languages}}<a href="{{href}}">{{label}}</a> {{/languages}}</p>
    <p>Users: {{#users}}<a href="{{href}}" data-user="{{label}}">{{label}}</a> {{/users}}{{^users}}none{{/users}}</p>
    {{#impact}}<p><a href="{{href}}" data-impact-page="{{id}}">{{label}}</a></p>{{/impact}}
    </li>
    {{/catalogs}}
    </ul>
    {{#unread}}
    <section class="unread"><h2>{{path}}: not read</h2><ul>{{#problems}}<li>{{.}}</li>{{/problems}}</ul></section>
    {{/unread}}
    {{#notes}}<p class="note">{{.}}</p>{{/notes}}
    {{> foot}}
    """

  static let catalog = """
    {{> head}}
    <h1>{{name}}</h1>
    <p class="sub"><code dir="ltr">{{id}}</code> · {{words.version}} {{version}}</p>
    {{#description}}<p>{{.}}</p>{{/description}}
    <nav class="langs" aria-label="{{words.language}}"><ul>{{#languages}}<li><a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{label}}</a></li>{{/languages}}</ul></nav>
    <p class="note" data-as-of="{{date}}">{{words.newUser}} <bdi dir="ltr">{{date}}</bdi>.</p>
        
    <section aria-labelledby="h-streaks"><h2 id="h-streaks">{{words.streaks}}</h2>
    <ul class="plain">{{#streaks}}<li><code dir="ltr">{{name}}</code>{{#about}}: {{.}}{{/about}}</li>{{/streaks}}</ul></section>
    <section aria-labelledby="h-milestones"><h2 id="h-milestones">{{words.milestones}}</h2>
    {{#hasMilestones}}<ol class="timeline">
    {{#milestones}}<li class="milestone" data-milestone="{{day}}" data-id="{{id}}" data-state="{{state}}"{{#reachStatus}} data-reach="{{.}}"{{/reachStatus}}{{#fromDay}} data-from-day="{{.}}"{{/fromDay}}>
    <span class="mday">{{words.day}} {{day}}</span> <strong>{{name}}</strong>{{#otherName}} <span class="other">{{.}}</span>{{/otherName}}
    {{#title}}<span class="title">{{.}}</span>{{/title}}{{#meaning}}<span class="meaning">{{.}}</span>{{/meaning}}
    {{#reachFlag}}<span class="reach-flag" data-reach-flag="{{reachStatus}}"><strong>{{.}}</strong>{{#reachWhy}}: <bdi dir="ltr">{{.}}</bdi>{{/reachWhy}}</span>{{/reachFlag}}
    {{#fromDay}}<span class="reach">{{words.fromDay}} <bdi dir="ltr">{{.}}</bdi>{{#witnessHref}} · <a href="{{.}}" data-witness>{{words.journeyThere}}</a>{{/witnessHref}}</span>{{/fromDay}}</li>
    {{/milestones}}
    </ol>{{/hasMilestones}}{{^hasMilestones}}<p>—</p>{{/hasMilestones}}</section>
    <section aria-labelledby="h-badges"><h2 id="h-badges">{{words.badges}}</h2>
    <ul class="grid">{{#badges}}{{> badge}}{{/badges}}</ul>{{^badges}}<p>—</p>{{/badges}}</section>
    <section aria-labelledby="h-quotes"><h2 id="h-quotes">{{words.quotes}}</h2>
    {{#quotes}}<figure class="quote" data-quote="{{id}}"><blockquote><p>{{text}}</p>{{#arabic}}<p lang="ar" dir="rtl">{{.}}</p>{{/arabic}}</blockquote>{{#source}}<figcaption>{{.}}</figcaption>{{/source}}</figure>
    {{/quotes}}{{^quotes}}<p>—</p>{{/quotes}}</section>
    <section aria-labelledby="h-messages"><h2 id="h-messages">{{words.messages}}</h2>
    <ul class="plain messages">{{#messages}}<li data-message="{{id}}">{{#title}}<p><strong>{{.}}</strong></p>{{/title}}<p class="meta">{{words.criterion}}: <code dir="ltr">{{when}}</code></p>
    {{#wordings}}<div class="wording" data-wording="{{index}}">{{#condition}}<p class="meta">{{words.criterion}}: <code dir="ltr">{{.}}</code></p>{{/condition}}{{#otherwise}}<p class="meta">{{words.otherwise}}</p>{{/otherwise}}{{#samples}}{{#text}}<p>{{.}}</p>{{/text}}{{#hasRows}}<table class="samples"><thead><tr><th scope="col">n</th><th scope="col">{{words.form}}</th><th scope="col">{{words.text}}</th></tr></thead><tbody>{{#rows}}<tr data-n="{{n}}"{{#form}} data-form="{{.}}"{{/form}}><td>{{number}}</td><td>{{#form}}<code dir="ltr">{{.}}</code>{{/form}}</td><td>{{text}}</td></tr>{{/rows}}</tbody></table>{{/hasRows}}{{/samples}}</div>{{/wordings}}</li>
    {{/messages}}</ul>{{^messages}}<p>—</p>{{/messages}}</section>
    <section aria-labelledby="h-users"><h2 id="h-users">{{words.users}}</h2><ul class="plain">{{#users}}<li><a href="{{href}}">{{label}}</a></li>{{/users}}</ul>{{^users}}<p>—</p>{{/users}}</section>
    {{> foot}}
    """

  static let diagnostics = """
    {{> head}}
    <h1>{{path}} cannot be used</h1>
    <p class="summary" data-errors="{{errors}}" data-warnings="{{warnings}}">{{errors}} errors, {{warnings}} warnings (as <code>rules check</code> reports them). Fix the file and reload this page.</p>
    <ol class="problems">
    {{#problems}}<li class="problem sev-{{severity}}" data-diagnostic="{{id}}" data-file="{{file}}" data-line="{{line}}" data-column="{{column}}">
    <p><strong>{{file}}:{{line}}:{{column}}</strong> {{severity}}: {{message}} <code>[{{id}}]</code></p>
    <pre dir="ltr" tabindex="0">{{text}}</pre></li>
    {{/problems}}
    </ol>
    {{#notes}}<p class="note">{{.}}</p>{{/notes}}
    {{> foot}}
    """

  static let user = """
    {{> head}}
    <h1>{{user}}</h1>
    <p class="sub"><a href="{{catalogHref}}">{{catalogName}}</a> · {{first}} to {{date}}</p>
    {{> user-body}}
    {{> foot}}
    """

  /// The user page without its head, title and foot (the console draws it under a user's progress).
  static let userBody = """
    {{^hasDays}}<p>This history has no days up to {{date}}.</p>{{/hasDays}}
    {{#hasDays}}
    <section aria-labelledby="h-calendar"><h2 id="h-calendar">Calendar{{#streakName}} (<code>{{.}}</code>){{/streakName}}</h2>
    <ul class="legend plain"><li><span class="day s-good">1</span> good</li><li><span class="day s-missed">1</span> missed</li><li><span class="day s-rest">1</span> rest</li><li><span class="day s-freeze">1</span> covered by a freeze</li><li>★ unlock · ◆ milestone</li></ul>
    <div class="months">
    {{#months}}<div class="month"><h3>{{title}}</h3><div class="cal" role="list">
    {{{cells}}}
    </div></div>{{/months}}
    </div></section>
    <section aria-labelledby="h-step"><h2 id="h-step">Day by day</h2>
    <div class="stepper"><button type="button" id="day-prev">Previous day</button>
    <label for="day-slider">Day</label> <input id="day-slider" type="range" min="0" max="{{lastStep}}" value="{{asOfStep}}" step="1">
    <output id="day-output" for="day-slider">{{date}}</output>
    <button type="button" id="day-next">Next day</button></div>
    {{{steps}}}</section>
    <section aria-labelledby="h-runs"><h2 id="h-runs">Streak runs</h2>
    {{#streakRuns}}<div class="runs"><h3><code>{{name}}</code> <span class="meta">{{summary}}</span></h3>
    <svg role="img" aria-label="{{name}}: {{summary}}" viewBox="0 0 {{width}} 24" preserveAspectRatio="none" width="100%" height="24"><rect class="track" x="0" y="0" width="{{width}}" height="24"></rect>{{#runs}}<rect class="run" x="{{x}}" y="2" width="{{width}}" height="20"><title>{{label}}</title></rect>{{/runs}}</svg>
    <details><summary>Each run</summary><ul class="plain small">{{#runs}}<li>{{label}}</li>{{/runs}}</ul></details></div>{{/streakRuns}}
    </section>
    <section aria-labelledby="h-events"><h2 id="h-events">Unlocks and milestones</h2>
    <ol class="plain">{{#events}}<li data-event="{{kind}}" data-id="{{id}}" data-date="{{date}}"><time datetime="{{date}}">{{date}}</time> {{kind}} <strong>{{name}}</strong> <code>{{id}}</code></li>{{/events}}</ol>{{^events}}<p>None yet.</p>{{/events}}
    </section>
    {{/hasDays}}
    <section aria-labelledby="h-badges"><h2 id="h-badges">Badges on {{date}}</h2>
    <ul class="grid">{{#badges}}{{> badge}}{{/badges}}</ul></section>
    """

  static let impact = """
    {{> head}}
    {{> impact-body}}
    {{> foot}}
    """

  /// The impact page without its head and foot (the console adds the reload under it).
  static let impactBody = """
    <h1>Impact: <code>{{id}}</code></h1>
    <p class="sub">{{old}} → {{new}} · {{users}} users as of {{date}}, as <code>rules diff --format json</code> counts them</p>
    <section aria-labelledby="h-changes"><h2 id="h-changes">Changes</h2>
    <table><thead><tr><th scope="col">section</th><th scope="col">id</th><th scope="col">change</th><th scope="col">fields</th></tr></thead><tbody>
    {{#changes}}<tr data-change="{{section}}/{{id}}"><td>{{section}}</td><td><code>{{id}}</code></td><td>{{change}}</td><td>{{fields}}</td></tr>{{/changes}}
    </tbody></table>
    {{#warnings}}<p class="note">{{.}}</p>{{/warnings}}</section>
    <section aria-labelledby="h-badges"><h2 id="h-badges">Badges</h2>
    <ul class="grid impact">{{#badges}}<li class="impact-row" data-impact="{{id}}" data-hold="{{hold}}" data-would-hold="{{wouldHold}}" data-gain="{{gain}}" data-kept-unearned="{{keptUnearned}}">
    <h3><code>{{id}}</code></h3>
    <svg class="bars" role="img" aria-label="{{chartLabel}}" viewBox="0 0 400 88" width="100%" height="88">{{#bars}}<g><text x="104" y="{{y}}" dy="15" text-anchor="end">{{label}}</text><rect class="track" x="110" y="{{y}}" width="240" height="18" rx="3"></rect><rect class="tone-{{tone}}" x="110" y="{{y}}" width="{{width}}" height="18" rx="3"></rect><text x="{{textX}}" y="{{y}}" dy="15">{{value}}</text></g>{{/bars}}</svg>
    </li>{{/badges}}</ul></section>
    {{#hasMilestones}}<section aria-labelledby="h-milestones"><h2 id="h-milestones">Milestones</h2>
    <table><thead><tr><th scope="col">milestone</th><th scope="col">reached</th><th scope="col">would reach</th><th scope="col">would gain</th><th scope="col">kept unearned</th></tr></thead><tbody>
    {{#milestones}}<tr data-impact-milestone="{{id}}" data-hold="{{hold}}" data-would-hold="{{wouldHold}}" data-gain="{{gain}}" data-kept-unearned="{{keptUnearned}}"><th scope="row"><code>{{id}}</code></th><td>{{hold}}</td><td>{{wouldHold}}</td><td>{{gain}}</td><td>{{keptUnearned}}</td></tr>{{/milestones}}
    </tbody></table></section>{{/hasMilestones}}
    <section aria-labelledby="h-shifts"><h2 id="h-shifts">Streaks and metrics: how values change</h2>
    <ul class="grid impact">{{#shifts}}<li data-shift="{{name}}" data-changed="{{changed}}"><h3><code>{{name}}</code></h3><p class="meta">changes for {{changed}} of {{users}} users</p>
    <svg class="bars" role="img" aria-label="{{chartLabel}}" viewBox="0 0 400 {{height}}" width="100%" height="{{height}}">{{#bars}}<g data-delta="{{label}}" data-count="{{value}}"><text x="104" y="{{y}}" dy="15" text-anchor="end">{{label}}</text><rect class="track" x="110" y="{{y}}" width="240" height="18" rx="3"></rect><rect class="tone-{{tone}}" x="110" y="{{y}}" width="{{width}}" height="18" rx="3"></rect><text x="{{textX}}" y="{{y}}" dy="15">{{value}}</text></g>{{/bars}}</svg>
    </li>{{/shifts}}</ul>
    {{^shifts}}<p>No user's streak or metric changes.</p>{{/shifts}}
    {{#hasUnchanged}}<p class="meta">Unchanged for every user: {{#unchanged}}<code data-unchanged="{{.}}">{{.}}</code> {{/unchanged}}</p>{{/hasUnchanged}}</section>
    {{#failed}}<p class="note">Not counted: {{.}}</p>{{/failed}}
    """

  static let problem = """
    {{> head}}
    <h1>{{chrome.title}}</h1>
    <p class="problem-text">{{message}}</p>
    {{> foot}}
    """
}

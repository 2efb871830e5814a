/// The console's additions to the studio's style and script. The script follows the event
/// feed (a JSON route polled every two seconds, the rows written as text) and reads a chosen
/// candidate file into the form's text area; it computes nothing.
package enum ConsoleAssets {
  package static let style = """
    .top{display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap}
    .top nav{display:flex;gap:16px;flex-wrap:wrap} .top nav a[aria-current]{font-weight:700;text-decoration:none}
    .signout{margin:0}
    form.stack{display:grid;gap:8px;max-width:720px} form.inline{display:flex;gap:8px;align-items:end;flex-wrap:wrap;margin:8px 0}
    label{font-weight:600} input[type=text],input[type=password],input[type=search],input[type=date],select,textarea{font:inherit;padding:4px 8px;border:1px solid var(--muted);border-radius:6px;background:var(--card);color:var(--fg)}
    textarea{width:100%;min-height:12em;font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:14px}
    .stats{display:flex;gap:12px;flex-wrap:wrap;list-style:none;padding:0} .stats li{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:8px 16px;min-width:150px}
    .stats .n{display:block;font-size:1.8em;font-weight:700}
    .chart{max-width:640px} .chart text{fill:var(--fg);font-size:12px} .chart .bar{fill:var(--new)} .chart .axis{stroke:var(--line)}
    .refused{border:2px solid var(--h0);border-radius:10px;padding:8px 12px} .done{border:2px solid var(--gain);border-radius:10px;padding:8px 12px}
    .pager{display:flex;gap:16px} form.stack button{justify-self:start}
    tr.found{background:var(--rest)} tr.found td{font-weight:700}
    """

  package static let script = """
    (function () {
      var feed = document.getElementById('event-feed');
      var status = document.getElementById('feed-status');
      if (feed && status) {
        var after = feed.getAttribute('data-after');
        var source = feed.getAttribute('data-source');
        var cell = function (row, text) { var td = document.createElement('td'); td.textContent = text; row.appendChild(td); return td; };
        var poll = function () {
          fetch(source + '?after=' + encodeURIComponent(after), { credentials: 'same-origin', headers: { Accept: 'application/json' } })
            .then(function (answer) { if (!answer.ok) throw new Error('the server answered ' + answer.status); return answer.json(); })
            .then(function (body) {
              body.events.forEach(function (event) {
                var row = document.createElement('tr');
                row.setAttribute('data-event-id', String(event.id));
                row.setAttribute('data-kind', event.kind);
                cell(row, String(event.id));
                cell(row, event.catalog);
                var who = document.createElement('td');
                var link = document.createElement('a');
                link.href = '/console/catalogs/' + encodeURIComponent(event.catalog) + '/user?id=' + encodeURIComponent(event.user);
                link.textContent = event.user;
                who.appendChild(link);
                row.appendChild(who);
                cell(row, event.date);
                cell(row, event.kind);
                cell(row, event.subject);
                feed.insertBefore(row, feed.firstChild);
              });
              after = String(body.next);
              feed.setAttribute('data-after', after);
              status.textContent = 'Following new events: checked at ' + new Date().toLocaleTimeString() + '.';
            })
            .catch(function (error) { status.textContent = 'Not following: ' + error.message + '; trying again.'; })
            .then(function () { setTimeout(poll, 2000); });
        };
        setTimeout(poll, 2000);
      }
      var file = document.getElementById('candidate-file');
      var text = document.getElementById('candidate-text');
      if (file && text) {
        file.addEventListener('change', function () {
          var chosen = file.files[0];
          var note = document.getElementById('candidate-note');
          if (!chosen) return;
          if (chosen.size > Number(text.getAttribute('data-max'))) {
            note.textContent = chosen.name + ' is over the limit; it was not read.';
            return;
          }
          var reader = new FileReader();
          reader.onload = function () { text.value = reader.result; note.textContent = chosen.name + ' read into the text below.'; };
          reader.readAsText(chosen);
        });
      }
    })();
    """
}

/// The pages' style and script, inside every page (no file, font or library is fetched).
/// The script only shows and hides what the page already holds (the day stepper): every number
/// is written by the engine into the HTML.
package enum SiteAssets {
  /// What a page may load: nothing but its own style and script.
  package static let contentSecurityPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

  package static let style = """
    :root{color-scheme:light dark;--bg:#fbfaf7;--fg:#1c1c1c;--muted:#545454;--card:#fff;--line:#d0ccc4;--link:#0b57a4;
    --good:#bfe6c6;--missed:#f6c9c4;--rest:#e4e1da;--freeze:#c5dcf5;--run:#2e7d32;--old:#6d4c9f;--new:#0b6e6e;--gain:#2e7d32;--kept:#a1441a;
    --h0:#b3261e;--h1:#0b6e6e;--h2:#7a5b00;--h3:#6d4c9f;--h4:#2e7d32;--h5:#a1441a;--h6:#0b57a4;--h7:#8a2b62}
    @media (prefers-color-scheme: dark){:root{--bg:#141414;--fg:#ececec;--muted:#b9b9b9;--card:#1f1f1f;--line:#444;--link:#8cc4ff;
    --good:#1f4d26;--missed:#5c2320;--rest:#34322e;--freeze:#1d3a5c;--run:#7bc67f;--old:#b89ce6;--new:#6fd1d1;--gain:#7bc67f;--kept:#f0a070;
    --h0:#ff8a80;--h1:#6fd1d1;--h2:#e6c65c;--h3:#b89ce6;--h4:#7bc67f;--h5:#f0a070;--h6:#8cc4ff;--h7:#f48fc1}}
    *{box-sizing:border-box}
    body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans Arabic",sans-serif;background:var(--bg);color:var(--fg)}
    a{color:var(--link)} a:focus-visible,button:focus-visible,input:focus-visible,summary:focus-visible{outline:3px solid var(--link);outline-offset:2px}
    .skip{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
    .skip:focus{width:auto;height:auto;clip-path:none;top:8px;inset-inline-start:8px;background:var(--card);padding:4px 8px}
    .top,.foot{padding:8px 24px;border-bottom:1px solid var(--line)} .foot{border-top:1px solid var(--line);border-bottom:0;color:var(--muted);font-size:14px}
    main{padding:8px 24px 32px;max-width:1200px;margin:0 auto}
    h1{margin:12px 0 4px} .sub,.meta,.note{color:var(--muted)} .small{font-size:14px}
    code{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.9em}
    .plain{list-style:none;padding:0}
    .langs ul{list-style:none;display:flex;gap:12px;padding:0} .langs a[aria-current]{font-weight:700;text-decoration:none}
    .cards,.grid{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:12px}
    .grid.impact{grid-template-columns:repeat(auto-fill,minmax(400px,1fr))} .grid h3,.card h2{margin:0 0 8px}
    .bars{max-width:420px}
    .card,.badge,.impact-row,.grid>li{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px}
    .badge{border-inline-start:6px solid var(--hc)} .badge h3{margin:0;font-size:1.05em}
    .badge-head{display:flex;gap:10px;align-items:center} .badge p{margin:6px 0}
    .emoji{display:inline-flex;min-width:40px;height:40px;padding:0 6px;border-radius:20px;align-items:center;justify-content:center;border:2px solid var(--hc);font-weight:700}
    .badge[data-state=locked]{border-style:dashed} .badge[data-state=locked] .emoji{filter:grayscale(1)}
    .state-unlocked{color:var(--gain);font-weight:600} .state-waiting{color:var(--h2);font-weight:600}
    .reach-flag{border-inline-start:4px solid currentColor;padding-inline-start:.4em} .reach{font-size:.9em}
    .swatch{display:inline-block;width:10px;height:10px;border-radius:5px;background:var(--hc);margin-inline-end:4px}
    meter{width:100%}
    .hue-0{--hc:var(--h0)}.hue-1{--hc:var(--h1)}.hue-2{--hc:var(--h2)}.hue-3{--hc:var(--h3)}.hue-4{--hc:var(--h4)}.hue-5{--hc:var(--h5)}.hue-6{--hc:var(--h6)}.hue-7{--hc:var(--h7)}
    .timeline{list-style:none;padding:0;display:flex;flex-wrap:wrap;row-gap:28px;margin-top:24px}
    .milestone{position:relative;padding:14px 12px 4px;min-width:140px;max-width:200px;flex:1;border-top:4px solid var(--line)}
    .milestone::before{content:"";position:absolute;top:-12px;inset-inline-start:12px;width:16px;height:16px;border-radius:8px;background:var(--card);border:3px solid var(--muted)}
    .milestone[data-state=reached]::before,.milestone[data-state=today]::before{background:var(--run);border-color:var(--run)}
    .milestone span{display:block} .mday{color:var(--muted);font-size:14px} .other{font-size:14px}
    .quote{margin:8px 0;padding:8px 12px;border-inline-start:4px solid var(--line)} .quote blockquote{margin:0} .quote p{margin:4px 0}
    .problems{padding:0;list-style:none} .problem{background:var(--card);border:1px solid var(--line);border-inline-start:6px solid var(--h0);border-radius:8px;padding:8px 12px;margin:8px 0}
    pre{overflow:auto;background:var(--bg);padding:8px;border-radius:6px;white-space:pre}
    .broken{border:2px solid var(--h0);border-radius:10px;padding:8px 12px;margin:8px 0}
    .months{display:flex;flex-wrap:wrap;gap:16px} .month h3{margin:4px 0;font-size:1em}
    .cal{display:grid;grid-template-columns:repeat(7,34px);gap:3px}
    .day{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;width:34px;height:34px;border-radius:6px;font-size:13px;color:var(--fg);text-decoration:none;line-height:1.1}
    .s-good{background:var(--good)} .s-missed{background:var(--missed)} .s-rest{background:var(--rest)} .s-freeze{background:var(--freeze)} .s-none{color:var(--muted)}
    .day[aria-current]{outline:3px solid var(--fg);outline-offset:1px} .mark{font-size:10px}
    .legend{display:flex;gap:16px;flex-wrap:wrap;align-items:center} .legend .day{width:22px;height:22px}
    .stepper{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin:8px 0} #day-slider{flex:1;min-width:200px}
    button{font:inherit;padding:4px 10px;border-radius:6px;border:1px solid var(--line);background:var(--card);color:var(--fg);cursor:pointer}
    .values{display:flex;gap:24px;flex-wrap:wrap} table{border-collapse:collapse;margin:8px 0} caption{text-align:start;font-weight:600}
    th,td{border-bottom:1px solid var(--line);padding:4px 10px;text-align:start}
    .event{font-weight:600} .message{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:4px 12px}
    .runs svg{display:block;border-radius:4px} .track{fill:var(--rest)} .run{fill:var(--run)}
    .bars text{fill:var(--fg);font-size:13px} .tone-old{fill:var(--old)} .tone-new{fill:var(--new)} .tone-gain{fill:var(--gain)} .tone-kept{fill:var(--kept)}
    details.why summary{cursor:pointer;color:var(--link)}
    """

  package static let script = """
    (function () {
      var steps = Array.prototype.slice.call(document.querySelectorAll('section.step'));
      var slider = document.getElementById('day-slider');
      if (!steps.length || !slider) return;
      var output = document.getElementById('day-output');
      function show(index, focus) {
        index = Math.max(0, Math.min(steps.length - 1, index));
        steps.forEach(function (step, i) { step.hidden = i !== index; });
        slider.value = String(index);
        var day = steps[index].getAttribute('data-day');
        output.textContent = day;
        document.querySelectorAll('.cal a.day[aria-current]').forEach(function (a) { a.removeAttribute('aria-current'); });
        var cell = document.querySelector('.cal a.day[data-step="' + index + '"]');
        if (cell) cell.setAttribute('aria-current', 'date');
        if (focus && cell) cell.focus();
        if (history.replaceState) history.replaceState(null, '', '#day-' + day);
      }
      slider.addEventListener('input', function () { show(Number(slider.value)); });
      document.getElementById('day-prev').addEventListener('click', function () { show(Number(slider.value) - 1); });
      document.getElementById('day-next').addEventListener('click', function () { show(Number(slider.value) + 1); });
      document.querySelectorAll('.cal a.day').forEach(function (a) {
        a.addEventListener('click', function (event) { event.preventDefault(); show(Number(a.getAttribute('data-step'))); });
      });
      var wanted = /^#day-(\\d{4}-\\d{2}-\\d{2})$/.exec(location.hash);
      if (wanted) {
        steps.forEach(function (step, i) { if (step.getAttribute('data-day') === wanted[1]) show(i); });
      }
    })();
    """
}

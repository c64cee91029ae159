/**
 * The owners' page's script and style, served as files (/admin/assets/admin.js, admin.css) so the
 * page's CSP allows no inline code. Plain ES2020 with no dependency: it reads the report the page
 * holds (or /admin/api/report, for another period) and
 * draws the chart as SVG elements and the tables with textContent (a query is never markup).
 * Their gzipped size is measured by test/admin/static-files.test.ts.
 */

export const ADMIN_JS = String.raw`"use strict";
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var SVG = "http://www.w3.org/2000/svg";
  var pct = function (x) { return Math.round(x * 100) + "%"; };
  function el(tag, text, cls) { var e = document.createElement(tag); if (text != null) e.textContent = String(text); if (cls) e.className = cls; return e; }
  function svg(tag, attrs) { var e = document.createElementNS(SVG, tag); for (var k in attrs) e.setAttribute(k, String(attrs[k])); return e; }
  function link(text, href) { var a = el("a", text); if (/^(https?:|\/)/.test(href)) a.href = href; a.rel = "noreferrer"; return a; }
  function table(id, head, rows) {
    var t = $(id); t.textContent = "";
    var tr = el("tr"); head.forEach(function (h) { tr.appendChild(el("th", h)); }); t.appendChild(el("thead")).appendChild(tr);
    var body = t.appendChild(el("tbody"));
    rows.forEach(function (r) { var row = body.appendChild(el("tr")); r.forEach(function (c) { var td = row.appendChild(el("td")); if (c instanceof Node) td.appendChild(c); else td.textContent = c == null ? "" : String(c); }); });
    if (rows.length === 0) { var none = body.appendChild(el("tr")).appendChild(el("td", "None in this period.", "empty")); none.colSpan = head.length; }
  }
  function chart(days) {
    var W = 720, H = 200, P = 28, n = Math.max(days.length, 1);
    var max = Math.max.apply(null, days.map(function (d) { return d.searches; }).concat([1]));
    var s = svg("svg", { viewBox: "0 0 " + W + " " + (H + P), role: "img", "aria-label": "Searches per day" });
    var bw = (W - P) / n;
    days.forEach(function (d, i) {
      var x = P + i * bw, y = H, g = svg("g", { "data-day": d.day, "data-searches": d.searches });
      [["answer", d.answers], ["uncertain", d.uncertain], ["fallback", d.fallbacks]].forEach(function (part) {
        var h = (part[1] / max) * (H - 10); if (h <= 0) return; y -= h;
        g.appendChild(svg("rect", { x: x + bw * 0.1, y: y, width: Math.max(bw * 0.8, 1), height: h, "class": part[0] }));
      });
      var t = svg("title", {}); t.textContent = d.day + ": " + d.searches + " searches, " + d.answers + " answered, " + d.uncertain + " uncertain, " + d.fallbacks + " fallback"; g.appendChild(t);
      s.appendChild(g);
    });
    s.appendChild(svg("line", { x1: P, y1: H, x2: W, y2: H, "class": "axis" }));
    var top = svg("text", { x: 0, y: 12, "class": "tick" }); top.textContent = String(max); s.appendChild(top);
    [0, n - 1].forEach(function (i) { if (!days[i]) return; var l = svg("text", { x: P + i * bw, y: H + 18, "class": "tick" }); l.textContent = days[i].day; s.appendChild(l); });
    $("chart").textContent = ""; $("chart").appendChild(s);
  }
  function render(r) {
    var t = r.totals, tot = $("totals"); tot.textContent = "";
    [["Searches", t.searches], ["Answered", pct(t.searches ? t.answers / t.searches : 0)], ["Uncertain", pct(t.searches ? t.uncertain / t.searches : 0)],
     ["Fallback", pct(t.searches ? t.fallbacks / t.searches : 0)], ["No results", t.zeroResults], ["By agents", t.agent], ["Clicks", t.clicks]].forEach(function (p) {
      var d = tot.appendChild(el("div", null, "stat")); d.appendChild(el("b", p[1])); d.appendChild(el("span", p[0]));
    });
    chart(r.days);
    table("queries", ["Query", "Searches", "Answered", "Click-through", "Mean clicked rank", "By agents"], r.topQueries.map(function (q) {
      return [q.query, q.searches, pct(q.answerShare), pct(q.clickThrough), q.meanClickedRank == null ? "–" : q.meanClickedRank.toFixed(1), q.agent];
    }));
    table("gaps", ["Gap", "Not answered", "Nearest section", "What to write", ""], r.gaps.map(function (g) {
      var q = el("div"); q.appendChild(el("b", g.queries[0])); if (g.queries.length > 1) q.appendChild(el("small", " also: " + g.queries.slice(1, 4).join(" · ")));
      var near = g.lookup && g.lookup.nearest ? link(g.lookup.nearest.title, g.lookup.nearest.url) : "";
      return [q, g.count, near, g.hint || "", g.issueUrl ? link("New issue", g.issueUrl) : ""];
    }));
    table("clicked", ["Page", "Clicks", "Shown"], r.pages.topClicked.map(function (p) { return [link(p.page, p.page), p.clicks, p.shown]; }));
    $("never-note").textContent = r.pages.neverShownCount + " of " + r.pages.total + " pages were not in any search's top results.";
    var ul = $("never"); ul.textContent = ""; r.pages.neverShown.forEach(function (p) { ul.appendChild(el("li")).appendChild(link(p, p)); });
  }
  function csvLinks(q) { $("csv").href = "/admin/api/queries.csv?" + q; $("gaps-csv").href = "/admin/api/gaps.csv?" + q; }
  // The default period's report, when the page came with it (page-html.ts): drawn without a request.
  function held() {
    var data = $("report"); if (!data) return null;
    data.remove(); try { return JSON.parse(data.textContent); } catch (e) { return null; }
  }
  function load(first) {
    var f = $("period"), q = new URLSearchParams();
    if (f.elements.from.value) q.set("from", f.elements.from.value); if (f.elements.to.value) q.set("to", f.elements.to.value);
    csvLinks(String(q));
    $("status").textContent = "Loading…";
    var report = first && held();
    (report ? Promise.resolve(report) : fetch("/admin/api/report" + (String(q) ? "?" + q : "")).then(function (res) {
      if (res.status === 401) { location.reload(); return null; }
      return res.json().then(function (body) { if (!res.ok) throw new Error(body.error ? body.error.message : res.statusText); return body; });
    })).then(function (r) {
      if (!r) return;
      f.elements.from.value = r.period.from; f.elements.to.value = r.period.to; csvLinks("from=" + r.period.from + "&to=" + r.period.to);
      render(r); $("status").textContent = "From " + r.period.from + " to " + r.period.to + "."; document.body.setAttribute("data-drawn-ms", Math.round(performance.now())); document.body.setAttribute("data-loaded", "");
    }).catch(function (e) { $("status").textContent = String(e.message || e); document.body.setAttribute("data-loaded", "error"); });
  }
  $("period").addEventListener("submit", function (e) { e.preventDefault(); load(false); });
  load(true);
})();
`;

export const ADMIN_CSS = `:root{color-scheme:light dark;--bg:#fff;--fg:#1d1f24;--muted:#5f6670;--line:#dde1e6;--card:#f5f7f9;--answer:#2f7d4f;--uncertain:#c08a1b;--fallback:#c2413b;--link:#2557c9}
@media (prefers-color-scheme:dark){:root{--bg:#15171b;--fg:#e6e8eb;--muted:#a0a7b1;--line:#2e333a;--card:#1e2126;--answer:#4fb27a;--uncertain:#e0ad45;--fallback:#e5675f;--link:#8cb0ff}}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,sans-serif;background:var(--bg);color:var(--fg)}
header{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between;padding:12px 20px;border-bottom:1px solid var(--line)}
h1{font-size:18px;margin:0}h2{font-size:15px;margin:24px 0 8px}main{padding:0 20px 32px;max-width:1100px}
form{display:flex;gap:8px;align-items:center;flex-wrap:wrap}input,button{font:inherit;padding:4px 8px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg)}
button{cursor:pointer}.quiet{background:none}a{color:var(--link)}
#totals{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}.stat{background:var(--card);border-radius:8px;padding:8px 12px;min-width:96px}.stat b{display:block;font-size:18px}.stat span{color:var(--muted);font-size:12px}
#chart svg{width:100%;height:auto;max-height:260px}.answer{fill:var(--answer);background:var(--answer)}.uncertain{fill:var(--uncertain);background:var(--uncertain)}.fallback{fill:var(--fallback);background:var(--fallback)}
.axis{stroke:var(--line)}.tick{fill:var(--muted);font-size:11px}.legend{color:var(--muted);font-size:12px}.k{display:inline-block;width:10px;height:10px;border-radius:2px;margin:0 4px 0 10px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--line);vertical-align:top}th{color:var(--muted);font-weight:600;font-size:12px}
td small{display:block;color:var(--muted)}.empty,.note{color:var(--muted)}.pair{display:grid;grid-template-columns:1fr 1fr;gap:24px}@media (max-width:700px){.pair{grid-template-columns:1fr}}
ul{padding-left:18px}.login main{max-width:340px;margin:12vh auto;padding:24px;background:var(--card);border-radius:10px}.login form{flex-direction:column;align-items:stretch}.error{color:var(--fallback)}
`;

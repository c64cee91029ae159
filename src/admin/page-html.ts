/**
 * The owners' page's two HTML documents: the login form and the page's shell (its content is drawn
 * by admin.js from the report the page holds, or /admin/api/report). Neither holds inline script or
 * style, so the policy below allows scripts and styles from this origin only.
 */

/** The pages' Content-Security-Policy: nothing inline, nothing from elsewhere, no framing. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const head = (title: string, preload = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">
<title>${title}</title><link rel="stylesheet" href="/admin/assets/admin.css">${preload}</head>`;

/** The login form; `error` is a fixed sentence of ours (escaped all the same). */
export function loginHtml(error: string | null): string {
  return `${head('recall-box · sign in')}
<body class="login"><main><h1>recall-box</h1>
<form method="post" action="/admin/login"><label for="token">Admin token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}<button type="submit">Sign in</button></form></main></body></html>`;
}

/**
 * The report as a JSON data block: text no script runs (so the CSP allows it), every `<` escaped so
 * a reader's query can never close the element (`</script>`) or open a comment.
 */
export function reportDataBlock(report: unknown): string {
  return `<script type="application/json" id="report">${JSON.stringify(report).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The page's shell: the period picker, the sections admin.js fills, and the script. `report`, the
 * default period's, comes with the page when it could be read: admin.js draws it without a request
 * of its own, a round trip and the wait before the browser starts one (the page drawn in 118.5 ms
 * instead of 144–171 ms with 10,000 rows, `npm run bench:analytics`).
 */
export function pageHtml(report?: unknown): string {
  return `${head('recall-box · search analytics')}
<body><header><h1>Search analytics</h1>
<form id="period"><label>From <input type="date" name="from"></label><label>To <input type="date" name="to"></label>
<button type="submit">Show</button><a id="csv" href="/admin/api/queries.csv">Queries CSV</a><a id="gaps-csv" href="/admin/api/gaps.csv">Gaps CSV</a></form>
<form method="post" action="/admin/logout"><button type="submit" class="quiet">Sign out</button></form></header>
<main><p id="status" role="status">Loading…</p>
<section id="totals" aria-label="Totals"></section>
<section><h2>Searches per day</h2><div id="chart"></div><p class="legend"><span class="k answer"></span>answered <span class="k uncertain"></span>uncertain <span class="k fallback"></span>fallback</p></section>
<section><h2>Top queries</h2><table id="queries"></table></section>
<section><h2>Content gaps</h2><p class="note">Queries the docs did not answer, phrasings with the same terms together.</p><table id="gaps"></table></section>
<section class="pair"><div><h2>Pages readers click most</h2><table id="clicked"></table></div>
<div><h2>Pages never shown</h2><p class="note" id="never-note"></p><ul id="never"></ul></div></section>
</main>${report === undefined ? '' : reportDataBlock(report)}<script src="/admin/assets/admin.js" async></script></body></html>`;
}

/**
 * Renders a docs folder (Markdown/MDX) as a Starlight-like built site, for comparing
 * `recall-box build --html <site>` with the build from sources (issue 22; src/eval/starlight-site.ts
 * says what the pages hold and why):
 *
 *   npx tsx scripts/starlight-like-site.ts <docs-dir> <out-dir> [--site-title "Astro Docs"]
 *
 * `guides/foo.mdx` → `<out-dir>/guides/foo/index.html` (served at `/guides/foo/`, the source build's
 * URL). The output folder is written into, not emptied. Prints a summary on stderr; exit 2 on bad arguments.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_SITE_TITLE, renderStarlightSite } from '../src/eval/starlight-site.ts';

const USAGE = 'usage: npx tsx scripts/starlight-like-site.ts <docs-dir> <out-dir> [--site-title <name>]';

let parsed;
try {
  parsed = parseArgs({ options: { 'site-title': { type: 'string' }, help: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (parsed.positionals.length !== 2) {
  console.error(USAGE);
  process.exit(2);
}
const [docs, out] = parsed.positionals.map((p) => path.resolve(p)) as [string, string];
const started = performance.now();
const site = await renderStarlightSite(docs, out, { siteTitle: parsed.values['site-title'] ?? DEFAULT_SITE_TITLE });
for (const s of site.skipped) console.error(`skipped ${s.path}: ${s.reason}`);
console.error(`wrote ${site.written.length} pages to ${out} (${site.skipped.length} skipped) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/**
 * The peers' search UIs as sites ship them, gzip -9 (what scripts/build-widget.ts measures the
 * widget with): Pagefind UI from the pagefind devDependency (written by its own `writeFiles`, as
 * Starlight's integration does), DocSearch from its published npm tarballs (`npm pack`, the npm
 * registry). The figures the widget's budget comment and docs/widget.md compare against.
 *
 *   npx tsx scripts/peer-widget-sizes.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as pagefind from 'pagefind';
import { WIDGET_BUILD_DEFAULTS } from './build-widget.ts';

/** The DocSearch release compared against: the one whose sizes the budget comment quotes. */
const DOCSEARCH_VERSION = '3.9.0';

const gzipBytes = async (file: string) => gzipSync(await readFile(file), { level: WIDGET_BUILD_DEFAULTS.gzipLevel }).length;

const dir = await mkdtemp(path.join(tmpdir(), 'peer-widget-sizes-'));
try {
  const { index } = await pagefind.createIndex();
  await index!.addHTMLFile({ url: '/', content: '<html lang="en"><body><main><h1>Peer</h1><p>Some text.</p></main></body></html>' });
  const out = path.join(dir, 'pagefind');
  await index!.writeFiles({ outputPath: out });
  await pagefind.close();
  execFileSync('npm', ['pack', `@docsearch/js@${DOCSEARCH_VERSION}`, `@docsearch/css@${DOCSEARCH_VERSION}`, '--pack-destination', dir, '--silent'], { stdio: 'ignore' });
  for (const name of ['js', 'css']) execFileSync('tar', ['xzf', path.join(dir, `docsearch-${name}-${DOCSEARCH_VERSION}.tgz`), '-C', dir, '--one-top-level=' + name]);
  const rows = [
    ['Pagefind UI (pagefind-ui.js)', await gzipBytes(path.join(out, 'pagefind-ui.js'))],
    ['Pagefind UI (pagefind-ui.css)', await gzipBytes(path.join(out, 'pagefind-ui.css'))],
    [`DocSearch ${DOCSEARCH_VERSION} (dist/umd/index.js)`, await gzipBytes(path.join(dir, 'js/package/dist/umd/index.js'))],
    [`DocSearch ${DOCSEARCH_VERSION} (dist/style.css)`, await gzipBytes(path.join(dir, 'css/package/dist/style.css'))],
    ['recall-box (public/recall-box.js, styles inside)', await gzipBytes(WIDGET_BUILD_DEFAULTS.outfile)],
  ] as const;
  console.log('| file | gzip -9 bytes |\n| --- | --- |');
  for (const [name, bytes] of rows) console.log(`| ${name} | ${bytes} |`);
} finally {
  await rm(dir, { recursive: true, force: true });
}

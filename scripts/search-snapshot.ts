/**
 * The Worker's answers, written down to compare across a change that must not change them (a
 * refactor, a move of code): every /search and /health body of the Worker's Hono app (src/worker/app.ts,
 * the Worker minus its bindings) for a fixed list of requests — plain, debug, limits, languages,
 * confidence modes, bad parameters, POST bodies — over the packs given, with `tookMs` dropped.
 *
 *   npx tsx scripts/search-snapshot.ts <out.json> <name>=<pack dir>[:lazy] ...
 *
 * Build the packs once, snapshot before and after the change, and compare the files byte for byte
 * (`cmp before.json after.json`). `:lazy` reads that pack's blocks and partitions lazily.
 */
import { writeFile } from 'node:fs/promises';
import { loadPack } from '../src/core/index.ts';
import { fsPackSource } from '../src/indexer/fs-source.ts';
import { createApp } from '../src/worker/app.ts';
import { readConfig, searchOptionsFor } from '../src/worker/config.ts';

const USAGE = 'usage: npx tsx scripts/search-snapshot.ts <out.json> <name>=<pack dir>[:lazy] ...';

/** Plain words, identifiers, typos, prefixes, questions, CJK, punctuation, a 256-character query. */
const QUERIES = [
  'route parameters', 'midleware', 'how do I protect pages from anonymous visitors', 'deploy to production',
  'ルートパラメーター', 'Route groups', 'cache headers etag', 'lattice quantum chromodynamics',
  'deploy worker', 'ETag', 'INDEX_MISSING', 'deplo', 'conifdence', 'wrang', 'hono', 'conf', 'confidence verdict',
  'how do I calibrate', '部署', 'déployer le worker', '!!!', 'a'.repeat(256), 'getStaticPaths', 'KV R2 pack source',
];
/** Parameters each short query is also asked with: valid and invalid ones. */
const EXTRA = ['&debug=1', '&limit=3', '&lang=ja', '&lang=en', '&confidence=strict', '&confidence=relaxed', '&limit=0', '&limit=abc', '&lang=xx', '&index=nope', '&confidence=bogus'];
const POSTS = ['{"q":"deploy worker","limit":2}', '{"q":5}', 'not json', '[]'];
/** Queries shorter than this are asked with every EXTRA parameter too. */
const SHORT_QUERY = 40;

const [out, ...specs] = process.argv.slice(2);
if (!out || specs.length === 0) {
  console.error(USAGE);
  process.exit(2);
}

const answers: Record<string, unknown> = {};
for (const spec of specs) {
  const match = /^([^=]+)=(.+?)(:lazy)?$/.exec(spec);
  if (!match) {
    console.error(`${spec}: not <name>=<pack dir>[:lazy]\n${USAGE}`);
    process.exit(2);
  }
  const [, name, dir, lazy] = match;
  const pack = loadPack(fsPackSource(dir!), { read: lazy ? 'lazy' : 'whole' });
  const config = readConfig({ ALLOWED_ORIGINS: '*', PACK_PATH: '/pack/' });
  const app = createApp({ config, searchOptions: searchOptionsFor(config), getPack: () => pack, packLoads: () => 1, now: () => 0 });
  const urls = ['/health', '/search', '/search?q=', '/nope'];
  for (const q of QUERIES) {
    urls.push(`/search?q=${encodeURIComponent(q)}`);
    if (q.length < SHORT_QUERY) for (const e of EXTRA) urls.push(`/search?q=${encodeURIComponent(q)}${e}`);
  }
  for (const url of urls) {
    const res = await app.request(url);
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    if (body && typeof body === 'object') {
      // The clock and the build time differ from run to run; nothing else may.
      delete (body as { tookMs?: unknown }).tookMs;
      delete (body as { createdAt?: unknown }).createdAt;
    }
    answers[`${name} GET ${url}`] = { status: res.status, etag: res.headers.get('etag'), body };
  }
  for (const body of POSTS) {
    const res = await app.request('/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    answers[`${name} POST ${body}`] = { status: res.status, body: await res.json().catch(() => null) };
  }
}
await writeFile(out, JSON.stringify(answers, null, 1));
console.error(`wrote ${Object.keys(answers).length} answers to ${out}`);

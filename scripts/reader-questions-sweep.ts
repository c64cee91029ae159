/**
 * Ranking variants on readers' questions, judged leave-one-site-out (issue 49): every docs site
 * with reader questions — the suite's fetched sites (src/eval/docs-sites.ts, `npm run
 * fetch:sites`) and the Astro and Hono docs of ../shared — searched with the default pipeline and
 * with each variant, MRR@10 and the share of questions whose page is first. Then, for each site,
 * the variant the OTHER sites rank best, and what it scores on the one left out: a choice counts
 * only by that held-out figure.
 *
 *   npx tsx scripts/reader-questions-sweep.ts --packs <dir> [--variants a,b] [--shared ../shared]
 *
 * --packs     a folder with one pack per site (<dir>/<site>); a missing one is built there first
 *             with `recall-box build` (default settings, as a site owner runs it)
 * --variants  only these variants (names as printed); default all
 *
 * A variant is SearchOptions changed at query time, or the keyword index's BM25F options changed
 * in the pack's keyword.json as it is read (no rebuild: its manifest entry is recomputed to match).
 * The default's reranker (src/core/rank/rerank-model.ts) was fitted on these very sites: its own
 * held-out figures are scripts/fit-reranker.ts's, which fits it without the site it scores.
 *
 * Prints Markdown; takes about a minute per variant over the seven sites on this machine.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_SEARCH_OPTIONS, loadPack, type PackSource, type SearchOptions } from '../src/core/index.ts';
import { fsPackSource } from '../src/indexer/fs-source.ts';
import { answerableQuestions, questionScore, questionSites, sitePackDir, type QuestionSite } from '../src/eval/question-sites.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { packs: { type: 'string' }, variants: { type: 'string' }, shared: { type: 'string', default: path.join(repo, '..', 'shared') } } });
if (!values.packs) {
  console.error('usage: npx tsx scripts/reader-questions-sweep.ts --packs <dir> [--variants a,b] [--shared ../shared]');
  process.exit(2);
}

const { sites, skipped } = questionSites(repo, values.shared!);
for (const line of skipped) console.error(`skipped: ${line}`);
type Site = QuestionSite;

/** The BM25F options a variant sets in keyword.json (merged per key into the stored ones). */
type KeywordPatch = Record<string, number | Record<string, number>>;
interface Variant {
  options?: (o: SearchOptions) => SearchOptions;
  keyword?: KeywordPatch;
}
const VARIANTS: Record<string, Variant> = {
  default: {},
  'vector: equal vote': { options: (o) => ({ ...o, routeWeighting: { ...o.routeWeighting, byKeywordCoverage: false } }) },
  'vector: weight 0.3, every query': { options: (o) => ({ ...o, routeWeighting: { ...o.routeWeighting, byKeywordCoverage: false }, fuse: { ...o.fuse, weights: { keyword: 1, vector: 0.3 } } }) },
  'vector: missed share, exponent 1': { options: (o) => ({ ...o, routeWeighting: { ...o.routeWeighting, exponent: 1 } }) },
  'fusion k 20': { options: (o) => ({ ...o, fuse: { ...o.fuse, k: 20 } }) },
  'link-graph boost on': { options: (o) => ({ ...o, graphBoost: { ...o.graphBoost, seeds: 3 } }) },
  'MMR off': { options: (o) => ({ ...o, mmr: { ...o.mmr, enabled: false } }) },
  'reranking off': { options: (o) => ({ ...o, rerank: { ...o.rerank, enabled: false } }) },
  'expansion off': { options: (o) => ({ ...o, expansion: { ...o.expansion, enabled: false } }) },
  'BM25F weights 4/3/1': { keyword: { weights: { title: 4, headings: 3, body: 1 } } },
  'BM25F weights 6/6/1': { keyword: { weights: { title: 6, headings: 6, body: 1 } } },
  'BM25F weights 8/6/2': { keyword: { weights: { title: 8, headings: 6, body: 2 } } },
  'BM25F k1 2': { keyword: { k1: 2 } },
  'BM25F body b 0.9': { keyword: { b: { body: 0.9 } } },
};
const wanted = values.variants?.split(',');
const chosen = Object.entries(VARIANTS).filter(([name]) => name === 'default' || !wanted || wanted.includes(name));

/** `source` with keyword.json's options patched and the manifest's entry for it recomputed. */
function patched(source: PackSource, patch: KeywordPatch): PackSource {
  const keyword = (async () => {
    const stored = JSON.parse(new TextDecoder().decode((await source.readBytes('keyword.json'))!));
    for (const [key, value] of Object.entries(patch)) stored.options[key] = typeof value === 'number' ? value : { ...stored.options[key], ...value };
    return new TextEncoder().encode(JSON.stringify(stored));
  })();
  const readBytes = async (name: string): Promise<Uint8Array | null> => {
    if (name === 'keyword.json') return keyword;
    const bytes = await source.readBytes(name);
    if (name !== 'manifest.json' || bytes === null) return bytes;
    const manifest = JSON.parse(new TextDecoder().decode(bytes));
    const file = await keyword;
    const sha256 = createHash('sha256').update(file).digest('hex');
    manifest.files['keyword.json'] = { bytes: file.byteLength, shards: [{ name: 'keyword.json', bytes: file.byteLength, sha256 }] };
    return new TextEncoder().encode(JSON.stringify(manifest));
  };
  return { label: source.label, readBytes, read: async (name) => ((b) => (b === null ? null : new TextDecoder().decode(b)))(await readBytes(name)) };
}

/** MRR@10 and the share first, of one site's questions under one variant. */
async function score(site: Site, variant: Variant): Promise<{ mrr: number; first: number }> {
  const source = fsPackSource(sitePackDir(repo, values.packs!, site));
  const pack = await loadPack(variant.keyword ? patched(source, variant.keyword) : source);
  const options = variant.options ? variant.options(DEFAULT_SEARCH_OPTIONS) : DEFAULT_SEARCH_OPTIONS;
  return questionScore(pack, answerableQuestions(site), options);
}

const table = new Map<string, Array<{ mrr: number; first: number }>>();
for (const [name, variant] of chosen) {
  const row = [];
  for (const site of sites) row.push(await score(site, variant));
  table.set(name, row);
  console.error(`${name}: done`);
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const cell = (s: { mrr: number; first: number }) => `${s.mrr.toFixed(3)} · ${(100 * s.first).toFixed(0)}%`;
console.log(`| variant | ${sites.map((s) => s.name).join(' | ')} | mean MRR@10 | mean first right |`);
console.log(`| --- | ${sites.map(() => '---').join(' | ')} | --- | --- |`);
for (const [name, row] of table) console.log(`| ${name} | ${row.map(cell).join(' | ')} | ${mean(row.map((r) => r.mrr)).toFixed(4)} | ${(100 * mean(row.map((r) => r.first))).toFixed(1)}% |`);

console.log('\nLeave one site out: the variant the other sites rank best (mean MRR@10), scored on the site left out.\n');
console.log('| held-out site | chosen on the others | its MRR@10 there | default there |');
console.log('| --- | --- | --- | --- |');
const defaults = table.get('default')!;
const heldOut: number[] = [];
sites.forEach((site, i) => {
  const onOthers = (row: Array<{ mrr: number }>) => mean(row.filter((_, j) => j !== i).map((r) => r.mrr));
  const [best] = [...table].sort((a, b) => onOthers(b[1]) - onOthers(a[1]));
  heldOut.push(best![1][i]!.mrr);
  console.log(`| ${site.name} | ${best![0]} | ${best![1][i]!.mrr.toFixed(3)} | ${defaults[i]!.mrr.toFixed(3)} |`);
});
console.log(`| **mean** | | **${mean(heldOut).toFixed(4)}** | **${mean(defaults.map((r) => r.mrr)).toFixed(4)}** |`);

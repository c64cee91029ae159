/**
 * MRR@10 (page level) and the answered share of search-option variants on docs query sets, with
 * one eval pack built for all of them (faster than `npm run eval` per variant when sweeping one
 * setting):
 *
 *   VARIANTS='[["name", {"expansion": {…}, "routeWeighting": {…}, "fuse": {"weights": {…}}}], …]' \
 *     npx tsx scripts/options-sweep.ts <docs folder> <queries.jsonl> [more.jsonl …]
 *
 * Always runs `full` (the defaults) and `full kw-only` (vector route weight 0) first. A line marked
 * `"unanswerable": true` counts towards "unans" (answered anyway) instead. E.g. the expansion's
 * knownCompletionRatio: VARIANTS='[["r2",{"expansion":{"knownCompletionRatio":2}}],["r10",{"expansion":{"knownCompletionRatio":10}}]]'.
 */
import { readFile } from 'node:fs/promises';
import { loadDataset } from '../src/datasets/index.ts';
import { buildEvalPack } from '../src/datasets/collection-pack.ts';
import { evalSearchOptions } from '../src/datasets/search-options.ts';
import { search, type SearchOptions } from '../src/core/index.ts';
import { parseSearchRequest } from '../src/protocol/request.ts';

type Variant = [string, (o: SearchOptions) => SearchOptions];
const kwOnly = (o: SearchOptions) => ({ ...o, fuse: { ...o.fuse, weights: { ...o.fuse.weights, vector: 0 } } });
const variants: Variant[] = [
  ['full', (o) => o],
  ['full kw-only', kwOnly],
  ...JSON.parse(process.env.VARIANTS ?? '[]').map(([n, patch]: [string, any]) => [n, (o: SearchOptions) => ({ ...o, expansion: { ...o.expansion, ...patch.expansion }, routeWeighting: { ...o.routeWeighting, ...patch.routeWeighting }, nameMatch: { ...o.nameMatch, ...patch.nameMatch }, fuse: { ...o.fuse, ...(patch.fuse ?? {}), weights: { ...o.fuse.weights, ...(patch.fuse?.weights ?? {}) } } })] as Variant),
];
const [corpus, ...sets] = process.argv.slice(2);
const { dataset } = await loadDataset(corpus!, { queries: sets[0] });
const evalPack = await buildEvalPack('sweep', dataset.docs);
const unitOf = (sectionId: string) => dataset.unitOf(evalPack.docIdOfSection.get(sectionId)!);
for (const file of sets) {
  const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { query: string; url: string });
  const row: string[] = [];
  for (const [name, configure] of variants) {
    let rr = 0, answered = 0, un = 0, unAns = 0;
    for (const { query, url, unanswerable } of lines as Array<{ query: string; url: string; unanswerable?: boolean }>) {
      const options = configure(evalSearchOptions(10, query));
      const out = await search(evalPack.pack, parseSearchRequest({ q: query, limit: 10 }, options), options);
      if (unanswerable) { un++; if (out.confidence.shouldAnswer) unAns++; continue; }
      const pages: string[] = [];
      for (const r of out.results) { const u = r.url.replace(/#.*$/, ''); if (!pages.includes(u)) pages.push(u); }
      const at = pages.indexOf(url);
      if (at >= 0 && at < 10) rr += 1 / (at + 1);
      if (out.confidence.shouldAnswer) answered++;
    }
    const n = lines.length - un;
    row.push(`${name}: ${(rr / n).toFixed(4)} (ans ${(answered / n * 100).toFixed(1)}%${un ? `, unans ${(unAns / un * 100).toFixed(1)}%` : ''})`);
  }
  console.log(file.split('/').pop(), lines.length, '|', row.join(' | '));
}

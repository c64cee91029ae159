/**
 * Time per query of `search` in Node with and without filters (issue 21): the bench's query set
 * (bench/queries.ts, from the pack's own headings) asked plain, with `facets=1`, and with each
 * filter given, the variants rotated query by query so none always pays for what the others then
 * find memoised.
 *
 *   npx tsx scripts/filter-cost.ts <pack dir> [--filter pool=reference] [--filter type=integration] [--rounds 5]
 *
 * Prints the median and p95 per variant. A filter names a facet of the pack (pool, lang, or one
 * built with --facet).
 */
import { parseArgs } from 'node:util';
import { DEFAULT_SEARCH_OPTIONS, everySection, loadPack, search } from '../src/core/index.ts';
import { fsPackSource } from '../src/indexer/fs-source.ts';
import { parseSearchRequest, type RawSearchRequest } from '../src/protocol/request.ts';
import { selectQueries } from '../bench/queries.ts';

const USAGE = 'usage: npx tsx scripts/filter-cost.ts <pack dir> [--filter <facet>=<value> …] [--rounds 5]';
const { values, positionals } = parseArgs({ options: { filter: { type: 'string', multiple: true, default: ['pool=reference'] }, rounds: { type: 'string', default: '5' } }, allowPositionals: true });
const [packDir] = positionals;
if (!packDir) {
  console.error(USAGE);
  process.exit(2);
}
const rounds = Number(values.rounds);
const pack = await loadPack(fsPackSource(packDir));
const queries = selectQueries(everySection(pack.sections)).map((q) => q.q);
const variants: Record<string, Partial<RawSearchRequest>> = { plain: {}, 'facets=1': { facets: true } };
for (const spec of values.filter!) {
  const eq = spec.indexOf('=');
  if (eq < 1) {
    console.error(`${spec}: not <facet>=<value>\n${USAGE}`);
    process.exit(2);
  }
  variants[spec] = { filters: { [spec.slice(0, eq)]: spec.slice(eq + 1) } };
}
const names = Object.keys(variants);
const ask = (q: string, name: string) => search(pack, parseSearchRequest({ q, ...variants[name] }, DEFAULT_SEARCH_OPTIONS), DEFAULT_SEARCH_OPTIONS);

// One warm-up round: blocks read, memos filled, the JIT settled.
for (const q of queries) for (const name of names) await ask(q, name);
const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
for (let round = 0; round < rounds; round++) {
  for (const [i, q] of queries.entries()) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k + round) % names.length]!;
      const started = performance.now();
      await ask(q, name);
      times[name]!.push(performance.now() - started);
    }
  }
}
const at = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]!;
console.log(`${pack.manifest.counts.sections} sections, ${queries.length} queries × ${rounds} rounds; facets: ${pack.sections.facets.map((f) => f.name).join(', ')}`);
for (const name of names) console.log(`${name.padEnd(24)} p50 ${at(times[name]!, 0.5).toFixed(2)} ms   p95 ${at(times[name]!, 0.95).toFixed(2)} ms`);

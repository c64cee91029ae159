/**
 * Query-pipeline sweep: nDCG@10 of the Worker's pipeline (`search` with the static query
 * embedding) under other search options — thresholds, fusion k and weights, the name-match boost — on any datasets the
 * harness reads, in one run. Each dataset's pack is built once and shared by every variant, so a
 * sweep costs one embedding training per dataset. Reproduces the figures quoted on
 * DEFAULT_THRESHOLDS and DEFAULT_FUSE_OPTIONS. Not part of `npm test`.
 *
 *   npx tsx scripts/pipeline-sweep.ts <dataset-dir>[=<queries.jsonl>] … \
 *     [--variant name='{"thresholds":{"vector":{"min":0.2,"scale":"absolute"}},"fuse":{"k":30}}'] …
 *
 * A variant's JSON is merged one level deep over DEFAULT_SEARCH_OPTIONS (its `thresholds` and
 * `fuse` objects over theirs). With no --variant, only the defaults run.
 */
import { search, type SearchOptions } from '../src/core/index.ts';
import { parseSearchRequest } from '../src/protocol/request.ts';
import { buildEvalPack, type EvalPack } from '../src/datasets/collection-pack.ts';
import { evalSearchOptions } from '../src/eval/systems/recall-box.ts';
import type { EvalDoc, EvalSystem } from '../src/eval/types.ts';
import { runSweep } from './sweep.ts';

interface Variant {
  thresholds?: Partial<SearchOptions['thresholds']>;
  fuse?: { k?: number; weights?: Partial<SearchOptions['fuse']['weights']> };
  routeWeighting?: Partial<SearchOptions['routeWeighting']>;
  nameMatch?: Partial<SearchOptions['nameMatch']>;
  graphBoost?: Partial<SearchOptions['graphBoost']>;
  pools?: Partial<SearchOptions['pools']>;
  mmr?: Partial<SearchOptions['mmr']>;
}

function merge(base: SearchOptions, v: Variant): SearchOptions {
  return {
    ...base,
    thresholds: { ...base.thresholds, ...v.thresholds },
    fuse: { k: v.fuse?.k ?? base.fuse.k, weights: { ...base.fuse.weights, ...v.fuse?.weights } },
    routeWeighting: { ...base.routeWeighting, ...v.routeWeighting },
    nameMatch: { ...base.nameMatch, ...v.nameMatch },
    graphBoost: { ...base.graphBoost, ...v.graphBoost },
    pools: { ...base.pools, ...v.pools },
    mmr: { ...base.mmr, ...v.mmr },
  };
}

/** Share of top-10 results in the `index` pool, per variant name (summed over queries, then averaged). */
const indexShare = new Map<string, { sum: number; queries: number }>();

/** One pack per document list, shared by every variant's system. */
const packs = new WeakMap<readonly EvalDoc[], Promise<EvalPack>>();

function pipelineSystem(name: string, variant: Variant): EvalSystem {
  let built: EvalPack | undefined;
  return {
    name,
    peer: false,
    description: `recall-box pipeline with ${JSON.stringify(variant)}`,
    async index(docs) {
      if (!packs.has(docs)) packs.set(docs, buildEvalPack('sweep', docs));
      built = await packs.get(docs)!;
    },
    async search(query, k) {
      const { pack, docIdOfSection } = built!;
      const options = merge(evalSearchOptions(k, query), variant);
      if (query.trim() === '') return { hits: [] };
      const request = parseSearchRequest({ q: query, limit: k }, options);
      const { results } = await search(pack, request, options);
      const top = results.slice(0, 10);
      const share = indexShare.get(name) ?? { sum: 0, queries: 0 };
      share.sum += top.length === 0 ? 0 : top.filter((r) => r.pool === 'index').length / top.length;
      share.queries++;
      indexShare.set(name, share);
      return { hits: results.map((r) => ({ docId: docIdOfSection.get(r.id)!, score: r.score })) };
    },
  };
}

await runSweep<Variant>('pipeline-sweep.ts', pipelineSystem);
console.log(`\nindex-pool share of the top 10 (all datasets): ${[...indexShare].map(([n, s]) => `${n} ${(s.sum / Math.max(1, s.queries)).toFixed(3)}`).join(', ')}`);

/**
 * Query-pipeline sweep: nDCG@10 of the Worker's pipeline (`searchPack` with the static query
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
import type { SearchOptions } from '../src/core/search-options.ts';
import { parseSearchRequest } from '../src/core/request.ts';
import { searchPack, staticQueryVector } from '../src/core/search.ts';
import { buildEvalPack, type EvalPack } from '../src/eval/systems/eval-pack.ts';
import { evalSearchOptions } from '../src/eval/systems/recall-box.ts';
import type { EvalDoc, EvalSystem } from '../src/eval/types.ts';
import { runSweep } from './sweep.ts';

interface Variant {
  thresholds?: Partial<SearchOptions['thresholds']>;
  fuse?: { k?: number; weights?: Partial<SearchOptions['fuse']['weights']> };
  nameMatch?: Partial<SearchOptions['nameMatch']>;
}

function merge(base: SearchOptions, v: Variant): SearchOptions {
  return {
    ...base,
    thresholds: { ...base.thresholds, ...v.thresholds },
    fuse: { k: v.fuse?.k ?? base.fuse.k, weights: { ...base.fuse.weights, ...v.fuse?.weights } },
    nameMatch: { ...base.nameMatch, ...v.nameMatch },
  };
}

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
    search(query, k) {
      const { pack, docIdOfSection } = built!;
      const options = merge(evalSearchOptions(k, query), variant);
      if (query.trim() === '') return { hits: [] };
      const request = parseSearchRequest({ q: query, limit: k }, options);
      const { results } = searchPack(pack, request, options, staticQueryVector(pack, request, options));
      return { hits: results.map((r) => ({ docId: docIdOfSection.get(r.id)!, score: r.score })) };
    },
  };
}

await runSweep<Variant>('pipeline-sweep.ts', pipelineSystem);

/**
 * Builds a recall-box pack from evaluation documents the way production does — `assemblePack`
 * (the build) then `loadPack` (the Worker's loader, with its validation) — in memory.
 */
import { everySection, loadPack, type LoadedPack } from '../core/index.ts';
import { assemblePack } from '../indexer/build-pack.ts';
import type { EvalDoc } from './types.ts';
import { evalPages, sectionOf } from './collection-pages.ts';
import { checkUniqueIds } from './unique-ids.ts';
import { memoryPackSource } from './memory-source.ts';

/**
 * The pack's build time. Fixed: an evaluation pack is not a deployment, and a constant keeps every
 * byte of the pack a function of the documents alone (the buildId already is).
 */
const EVAL_CREATED_AT = '1970-01-01T00:00:00.000Z';

/** Base URL of evaluation packs: URLs are only identifiers here, never served. */
const EVAL_BASE_URL = '/';

export interface EvalPack {
  pack: LoadedPack;
  /** Evaluation document id by pack section position (the keyword route's `KeywordHit.doc`). */
  docIdAt: readonly string[];
  /** Evaluation document id by section id (what the Worker pipeline's results carry). */
  docIdOfSection: ReadonlyMap<string, string>;
}

/**
 * Packs already built in this process, per document list (the same array object: one run of the
 * harness hands every system the same list) and variant. recall-box's pipeline systems differ only
 * in search options, so they share one pack: training the embedding model once per list instead of
 * once per system keeps `npm test`'s Cranfield run inside its time bound. A shared pack's later
 * systems report the cache lookup as their index time.
 */
const built = new WeakMap<readonly EvalDoc[], Map<string, Promise<EvalPack>>>();

/** `vectors: false` builds a keyword-only pack (skips training the embedding model). Default true. */
export function buildEvalPack(system: string, docs: readonly EvalDoc[], options: { vectors?: boolean } = {}): Promise<EvalPack> {
  const key = options.vectors === false ? 'keyword-only' : 'full';
  let variants = built.get(docs);
  if (!variants) built.set(docs, (variants = new Map()));
  let pack = variants.get(key);
  if (!pack) {
    pack = buildUncached(system, docs, options);
    variants.set(key, pack);
    // A failed build is not remembered: the next system gets the same error from its own attempt.
    pack.catch(() => variants!.delete(key));
  }
  return pack;
}

async function buildUncached(system: string, docs: readonly EvalDoc[], options: { vectors?: boolean }): Promise<EvalPack> {
  checkUniqueIds(system, docs.map((d) => d.id));
  const pages = evalPages(docs);
  const { manifest, files } = await assemblePack(pages, {
    baseUrl: EVAL_BASE_URL,
    createdAt: EVAL_CREATED_AT,
    ...(options.vectors === false && { embedding: false as const }),
  });
  const pack = await loadPack(memoryPackSource(`memory:${system}`, manifest, files));
  const sections = everySection(pack.sections);
  checkUniqueIds(system, sections.map((s) => s.id), 'section');
  const docIdOfSection = docIdsBySectionId(docs);
  return { pack, docIdAt: sections.map((s) => docIdOfSection.get(s.id)!), docIdOfSection };
}

/** Each evaluation document's id by the id of the section evalPages makes of it. */
function docIdsBySectionId(docs: readonly EvalDoc[]): Map<string, string> {
  return new Map(docs.map((d) => [sectionOf(d).id, d.id]));
}

/**
 * The evaluation document at each section position of a pack built from `docs` (evalPages), found
 * through the section's id: the build stores sections in an order of its own
 * (indexer/storage-order.ts stores near-duplicate pages together), not necessarily the documents'.
 */
export function docIdsByPosition(pack: LoadedPack, docs: readonly EvalDoc[]): string[] {
  const docIdOfSection = docIdsBySectionId(docs);
  return everySection(pack.sections).map((s) => docIdOfSection.get(s.id)!);
}

/**
 * The withheld-documents split (the protocol is described in src/eval/confidence.ts): a seeded
 * share of the judged queries has its relevant units left out of the index, which makes some
 * queries unanswerable and keeps others answerable. `npm run eval` measures the confidence verdict
 * on it; `recall-box calibrate` fits the verdict on it (with another seed).
 */
import { mulberry32 } from '../core/index.ts';
import type { EvalDataset, EvalDoc } from './types.ts';

/**
 * Seed of the withholding PRNG. Any fixed value works; fixing it makes every run withhold the same
 * units, so figures compare across runs and commits. Changing it changes the figures.
 */
export const WITHHOLD_SEED = 20240601;

/**
 * Share of the judged queries whose relevant units are withheld, in (0, 1). Default 0.3: enough
 * unanswerable queries for a stable AUROC, while most of the collection stays indexed (on
 * Cranfield the answers of 30% of the queries are ~40% of the abstracts) so answerable queries
 * stay typical. Other queries that shared all their relevant units with chosen ones become
 * unanswerable too; the split counts them as such.
 */
export const WITHHOLD_SHARE = 0.3;

/**
 * A seeded sample: exactly round(share × n) of the n distinct items, chosen by a Fisher–Yates
 * shuffle of the items in sorted order — so the choice depends only on the set and the seed, not on
 * the order files were read in.
 */
export function seededSample(items: Iterable<string>, share: number = WITHHOLD_SHARE, seed: number = WITHHOLD_SEED): Set<string> {
  if (!(share >= 0 && share <= 1)) throw new RangeError(`withheld share ${share} is outside 0..1`);
  const sorted = [...new Set(items)].sort();
  const random = mulberry32(seed);
  for (let i = sorted.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sorted[i], sorted[j]] = [sorted[j]!, sorted[i]!];
  }
  return new Set(sorted.slice(0, Math.round(share * sorted.length)));
}

/** A dataset split for the protocol. */
export interface WithholdingSplit {
  /** Documents whose unit is kept: what the systems index. */
  indexedDocs: EvalDoc[];
  withheld: Set<string>;
  /** Number of distinct units in the dataset. */
  units: number;
  /** The queries whose relevant units were withheld. */
  chosen: Set<string>;
  /** Query ids whose relevant units are all still indexed. */
  answerable: string[];
  /** Query ids that lost some but not all of their relevant units: in neither class. */
  partial: string[];
  /** Query ids whose relevant units are all withheld (or were never in the collection). */
  unanswerable: string[];
}

/**
 * What the seeded share is drawn from: `query` — that share of the queries, whose relevant units
 * are withheld (the protocol's default, see eval/confidence.ts); `unit` — that share of the units
 * that some query is judged relevant to. `unit` suits known-item sets made from the docs (one page
 * per query, many queries per page), where drawing 30% of the queries withholds nearly every page
 * (one query drawn withholds its page for all its queries), so few queries stay answerable.
 */
export type WithholdBy = 'query' | 'unit';

export function splitForWithholding(dataset: EvalDataset, share: number = WITHHOLD_SHARE, seed: number = WITHHOLD_SEED, by: WithholdBy = 'query'): WithholdingSplit {
  const allUnits = new Set(dataset.docs.map((d) => dataset.unitOf(d.id)));
  const relevantOf = new Map<string, string[]>();
  for (const q of dataset.queries) {
    const relevant = [...(dataset.qrels.get(q.id) ?? [])].filter(([, gain]) => gain > 0).map(([unit]) => unit);
    if (relevant.length > 0) relevantOf.set(q.id, relevant);
  }
  let chosen: Set<string>;
  let withheld: Set<string>;
  if (by === 'unit') {
    withheld = seededSample([...relevantOf.values()].flat().filter((u) => allUnits.has(u)), share, seed);
    chosen = new Set([...relevantOf].filter(([, units]) => units.every((u) => withheld.has(u))).map(([id]) => id));
  } else {
    chosen = seededSample(relevantOf.keys(), share, seed);
    withheld = new Set([...chosen].flatMap((id) => relevantOf.get(id)!).filter((u) => allUnits.has(u)));
  }
  const indexedDocs = dataset.docs.filter((d) => !withheld.has(dataset.unitOf(d.id)));
  const indexedUnits = new Set(indexedDocs.map((d) => dataset.unitOf(d.id)));
  const answerable: string[] = [];
  const partial: string[] = [];
  const unanswerable: string[] = [];
  for (const q of dataset.queries) {
    const relevant = relevantOf.get(q.id);
    if (relevant === undefined) continue;
    const kept = relevant.filter((u) => indexedUnits.has(u)).length;
    (kept === relevant.length ? answerable : kept === 0 ? unanswerable : partial).push(q.id);
  }
  return { indexedDocs, withheld, units: allUnits.size, chosen, answerable, partial, unanswerable };
}

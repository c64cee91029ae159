/**
 * Queries whose /search answers must be identical in Node (the pure pipeline: static query
 * embedding, TypeScript kernel) and in workerd (the Worker: WASM kernel; and its ONNX entry, ORT).
 * prepare-site writes Node's answers into the generated site; the workerd tests compare theirs.
 * Runtime-agnostic: no Node imports here.
 */

/** Node's answers, in the generated site. */
export const SEARCH_EXPECTED_FILE = 'search-expected.json';
/** Node's answers from the pack built with the tiny Model2Vec model (WordPiece tokenizer). */
export const SEARCH_EXPECTED_MODEL2VEC_FILE = 'search-expected-model2vec.json';
/** Where that pack is served. */
export const MODEL2VEC_PACK_PATH = '/pack-model2vec/';
/** Node's answers (ORT embedding the query) from the pack built with the tiny transformer. */
export const SEARCH_EXPECTED_TRANSFORMER_FILE = 'search-expected-transformer.json';
export const TRANSFORMER_PACK_PATH = '/pack-transformer/';
/** The default pack after `recall-box calibrate` on the fixture site: confidence.json added, new buildId. */
export const CALIBRATED_PACK_PATH = '/pack-calibrated/';
/** That pack with its calibration as a version with one signal fewer wrote it: set aside with a warning. */
export const STALE_CALIBRATION_PACK_PATH = '/pack-stale-calibration/';
/** The fixture site cut into shards of SHARDED_PACK_SHARD_BYTES: every data file bigger than that in several. */
export const SHARDED_PACK_PATH = '/pack-sharded/';
export const SHARDED_PACK_SHARD_BYTES = 16 * 1024;
/**
 * How the fixture packs are cut for lazy reading: blocks and partitions of 4 KiB, so the fixture
 * site (~30 KiB of sections, ~15 KiB of postings) has several of each and the Worker's lazy reads
 * (several blocks and partitions per query, some not yet read) are what the workerd tests run.
 */
export const FIXTURE_LAYOUT = { blocks: { blockBytes: 4096 }, keyword: { partBytes: 4096 } } as const;
/** The default pack with every section block damaged: it loads (the head is sound) and a search that reads a block is refused. */
export const BAD_BLOCKS_PACK_PATH = '/pack-bad-blocks/';
/** This repository's own docs (`docs/`), built as `npm start` builds the demo's pack. */
export const DOCS_PACK_PATH = '/pack-docs/';
/**
 * A keyword-only pack of a docs folder written to stall a search (issue 19): one page whose single
 * section is HOSTILE_SECTION_BYTES of HOSTILE_QUERY's words, beside a normal page. 20 MiB: the file
 * that kept workerd at 95% CPU for over ten minutes before presentation was bounded (issue 19), and
 * took the build 3.2 GB before such files were read by lines.
 */
export const HOSTILE_PACK_PATH = '/pack-stall/';
export const HOSTILE_SECTION_BYTES = 20 * 1024 * 1024;
export const HOSTILE_QUERY = 'deploy worker routes';
/** The fixture site built with its front matter `tags` as a facet (`--facet tags`): what test/worker/filters.test.ts searches. */
export const FACETS_PACK_PATH = '/pack-facets/';
/** The front matter fields that pack stores as facets. */
export const FIXTURE_FACETS = ['tags'] as const;
/** Node's answers to FILTER_SAMPLES from that pack. */
export const SEARCH_EXPECTED_FACETS_FILE = 'search-expected-facets.json';
/**
 * Filtered searches (and facet counts) whose answers must be identical in Node and in workerd: a
 * built-in facet, a configured one, two at once, a lang filter, a value nobody has.
 */
export const FILTER_SAMPLES: ReadonlyArray<{ q: string; filters?: Record<string, string>; facets?: boolean }> = [
  { q: 'routing', facets: true },
  { q: 'routing', filters: { tags: 'error' } },
  { q: 'deploy to production', filters: { pool: 'knowledge', tags: 'guide' } },
  { q: 'route parameters', filters: { lang: 'ja' } },
  { q: 'ルートパラメーター', filters: { lang: 'ja' } },
  { q: 'cache headers etag', filters: { pool: 'reference' } },
  { q: 'middleware', filters: { tags: 'no-such-tag' } },
  // The vector route too (a word no section holds: it votes), filtered where it gathers its candidates.
  { q: 'route parameters in urls', filters: { tags: 'guide' } },
  { q: 'how do I protect pages from anonymous visitors', filters: { pool: 'knowledge' } },
];

/** Node's answers from the calibrated pack. */
export const SEARCH_EXPECTED_CALIBRATED_FILE = 'search-expected-calibrated.json';

/** Chosen to exercise both routes: plain words, a typo (corrected by expansion, found by the vector route too), a question, CJK, a heading. */
export const SEARCH_SAMPLES: readonly string[] = [
  'route parameters',
  'midleware',
  'how do I protect pages from anonymous visitors',
  'deploy to production',
  'ルートパラメーター',
  'Route groups',
  'cache headers etag',
  // Nothing in the Skylark docs is about this: the verdict must fall back, in Node and in workerd alike.
  'lattice quantum chromodynamics',
];

/** One result as compared across runtimes: what ranks and why. */
export interface ComparableResult {
  id: string;
  match: string;
  routes: Record<string, { rank: number; score: number }>;
}

/** The verdict as compared across runtimes: every number it is made of, and what it decided. */
export interface ComparableConfidence {
  score: number;
  level: string;
  shouldAnswer: boolean;
  strategy: string;
  calibrated: boolean;
  signals: Record<string, number | null>;
  reasons: string[];
}

/** Node's filtered answers: results as compared across runtimes, with the filters, facet counts and fallback cause. */
export interface FacetsExpected {
  buildId: string;
  answers: Array<{ q: string; filters?: Record<string, string>; facets?: boolean; results: ComparableResult[]; applied: Record<string, string> | null; counts: unknown; cause: string | null }>;
}

export interface SearchExpected {
  buildId: string;
  answers: Array<{ q: string; results: ComparableResult[]; confidence: ComparableConfidence }>;
}

export function comparableConfidence(c: Omit<ComparableConfidence, 'reasons'> & { reasons: ReadonlyArray<{ code: string }> }): ComparableConfidence {
  const { score, level, shouldAnswer, strategy, calibrated, signals } = c;
  return { score, level, shouldAnswer, strategy, calibrated, signals, reasons: c.reasons.map((r) => r.code) };
}

export function comparable(results: ReadonlyArray<ComparableResult>): ComparableResult[] {
  return results.map(({ id, match, routes }) => ({ id, match, routes }));
}

/** What must agree exactly across embedders whose cosines differ in the last digits: ids, routes, ranks. */
export function rankShape(results: ReadonlyArray<ComparableResult>): Array<{ id: string; match: string; ranks: Record<string, number> }> {
  return results.map((r) => ({ id: r.id, match: r.match, ranks: Object.fromEntries(Object.entries(r.routes).map(([k, v]) => [k, v.rank])) }));
}

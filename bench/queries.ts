/**
 * The bench's query set, derived deterministically from a corpus's section headings so that every
 * run (and every machine) sends the same queries in the same order, and so the set follows the
 * corpus when `--corpus` points elsewhere. Three kinds, mirroring what readers type into a docs
 * search box:
 *   heading — a section heading as written ("content collections"), the bulk of the set;
 *   word    — one word taken from a heading ("collections"), the shortest and broadest queries;
 *   path    — page title + section heading ("routing dynamic routes"), longer multi-word queries.
 */

/** What a query is derived from: a section's heading and its breadcrumb (page title first). */
export interface HeadingSource {
  title: string;
  breadcrumb: readonly string[];
}

export type QueryKind = 'heading' | 'word' | 'path';

export interface BenchQuery {
  q: string;
  kind: QueryKind;
}

export interface QuerySetOptions {
  /** Queries in the set. Default 200. */
  count: number;
  /** Share of one-word queries. Default 0.1: enough to measure, few enough not to dominate. */
  wordShare: number;
  /** Share of page-title + heading queries. Default 0.1. */
  pathShare: number;
  /** Shortest word used as a one-word query: shorter words are mostly stop words or fragments. */
  minWordLength: number;
  /** Longest query kept, in characters: the Worker's default maxQueryLength. */
  maxQueryLength: number;
}

export const DEFAULT_QUERY_SET_OPTIONS: Readonly<QuerySetOptions> = Object.freeze({
  count: 200,
  wordShare: 0.1,
  pathShare: 0.1,
  minWordLength: 4,
  maxQueryLength: 256,
});

/** Lower-cased, with code ticks and quotes dropped and white space collapsed: how people type. */
export function normalizeQuery(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`"“”]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `count` items spread evenly over `items` (every k-th, k possibly fractional), in order. */
export function everyKth<T>(items: readonly T[], count: number): T[] {
  if (count <= 0 || items.length === 0) return [];
  if (count >= items.length) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/** The longest word of a heading, earliest on ties; null when no word is long enough. */
function longestWord(text: string, minLength: number): string | null {
  let best: string | null = null;
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
    if (word.length >= minLength && (best === null || word.length > best.length)) best = word;
  }
  return best;
}

export function selectQueries(sources: readonly HeadingSource[], options: Partial<QuerySetOptions> = {}): BenchQuery[] {
  const o = { ...DEFAULT_QUERY_SET_OPTIONS, ...options };
  const fits = (q: string) => q.length > 0 && q.length <= o.maxQueryLength;
  const headings = unique(sources.map((s) => normalizeQuery(s.title))).filter(fits);
  const words = unique(headings.map((h) => longestWord(h, o.minWordLength)).filter((w): w is string => w !== null));
  const paths = unique(
    sources
      // Page intros have a one-element breadcrumb: title + heading would just repeat the title.
      .filter((s) => s.breadcrumb.length >= 2 && s.breadcrumb[0] !== s.title)
      .map((s) => normalizeQuery(`${s.breadcrumb[0]} ${s.title}`)),
  ).filter(fits);

  const wordCount = Math.round(o.count * o.wordShare);
  const pathCount = Math.round(o.count * o.pathShare);
  const picked: BenchQuery[] = [
    ...everyKth(headings, o.count - wordCount - pathCount).map((q) => ({ q, kind: 'heading' as const })),
    ...everyKth(words, wordCount).map((q) => ({ q, kind: 'word' as const })),
    ...everyKth(paths, pathCount).map((q) => ({ q, kind: 'path' as const })),
  ];

  // A word can equal a one-word heading; keep the first, then top up from unused headings so the
  // set still has `count` queries when the corpus allows.
  const seen = new Set<string>();
  const set = picked.filter((p) => !seen.has(p.q) && (seen.add(p.q), true));
  for (const q of headings) {
    if (set.length >= o.count) break;
    if (!seen.has(q)) {
      seen.add(q);
      set.push({ q, kind: 'heading' });
    }
  }
  // Interleave the kinds so any stretch of the run (and any drift on a noisy machine) sees all three.
  return interleave(set);
}

/**
 * Up to `count` queries of the same kinds as selectQueries', none of them in `taken`: what the
 * Worker bench's settled isolate answers before it is timed on `taken`, so those are still new to
 * it (the Node pipeline's first-time row warms up on other queries the same way). Fewer on a
 * small corpus.
 */
export function otherQueries(sources: readonly HeadingSource[], taken: readonly BenchQuery[], options: Partial<QuerySetOptions> = {}): BenchQuery[] {
  const o = { ...DEFAULT_QUERY_SET_OPTIONS, ...options };
  const seen = new Set(taken.map((q) => q.q));
  // A set OTHER_POOL times larger spreads its picks over the same corpus at other strides; most of
  // it is new.
  return selectQueries(sources, { ...o, count: o.count * OTHER_POOL })
    .filter((q) => !seen.has(q.q))
    .slice(0, o.count);
}

/** How many times more queries otherQueries selects from before leaving out the taken ones. */
const OTHER_POOL = 3;

/**
 * Spread each kind evenly over the run: item i of a kind with n items goes to position (i + ½) / n.
 * The sort is stable, so each kind keeps its own order and the result is deterministic.
 */
function interleave(queries: readonly BenchQuery[]): BenchQuery[] {
  const byKind = new Map<QueryKind, BenchQuery[]>();
  for (const q of queries) {
    const list = byKind.get(q.kind) ?? [];
    list.push(q);
    byKind.set(q.kind, list);
  }
  return [...byKind.values()]
    .flatMap((list) => list.map((query, i) => ({ query, at: (i + 0.5) / list.length })))
    .sort((a, b) => a.at - b.at)
    .map((p) => p.query);
}

/**
 * What a search box sends while `q` is typed, one request per keystroke: every prefix from
 * `minChars` characters on, a prefix ending in a space included (the reader finished a word).
 */
export function keystrokes(q: string, minChars = 2): string[] {
  return Array.from({ length: Math.max(0, q.length - minChars + 1) }, (_, i) => q.slice(0, minChars + i));
}

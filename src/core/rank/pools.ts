/**
 * Recall pools: every section belongs to one pool (what kind of page it comes from), and a query's
 * result budget is split between the pools so that one kind of page (say, 148 generated error
 * pages) cannot crowd out the others. Pooling only redistributes a fixed budget: it never returns
 * more than `total` results.
 *
 * Pure building block: classification by rules, caps by largest remainder, selection with
 * backflow, and an audit of what each pool won and lost. Not wired into the query pipeline yet.
 */
import { RecallBoxError } from '../errors.ts';

/**
 * - `knowledge`: guides, concepts, tutorials — what most questions want.
 * - `reference`: API, configuration and CLI reference.
 * - `index`: overview and listing pages, changelogs, error catalogues, generated pages.
 * - `negative`: deprecated, legacy and upgrade-from-an-old-version content.
 */
export type PoolName = 'knowledge' | 'reference' | 'index' | 'negative';

export interface Pool {
  name: PoolName;
  /**
   * Share of a query's result budget reserved for this pool. Range 0..1; the ratios of all pools
   * sum to exactly 1 (±1e-9), because pooling splits the budget and must never raise it. A pool
   * with ratio 0 still gets the one-slot floor of `poolCaps` when the budget allows it.
   */
  capRatio: number;
  /**
   * Score multiplier for this pool's sections when the pipeline ranks candidates (applied later,
   * when pools are wired in; selection here takes the rank order as given). Range > 0: a weight of
   * 0 or less would erase or invert a pool, which is what removing it from the config is for.
   * 1 is neutral.
   */
  weight: number;
}

/**
 * The default pools, in pool order. Order matters twice: remainder ties go to the earlier pool,
 * and unused quota flows back to earlier pools only (see `selectByPools`). So the most wanted
 * pool comes first and the least wanted last.
 */
export const DEFAULT_POOLS: readonly Readonly<Pool>[] = Object.freeze([
  // knowledge: ratio 0.5 (5 of 10 results), weight 1 (neutral). Most docs questions are "how do I".
  Object.freeze({ name: 'knowledge', capRatio: 0.5, weight: 1 }),
  // reference: ratio 0.3 (3 of 10), weight 1. API and config lookups are the second need, and a
  // reference page is as trustworthy as a guide.
  Object.freeze({ name: 'reference', capRatio: 0.3, weight: 1 }),
  // index: ratio 0.1 (1 of 10), weight 0.8. An error page or a listing answers some queries
  // exactly, but there are many of them and they repeat the same words; one slot keeps them
  // findable without flooding the list.
  Object.freeze({ name: 'index', capRatio: 0.1, weight: 0.8 }),
  // negative: ratio 0.1 (1 of 10), weight 0.6. Upgrade notes for old versions mention every
  // feature and would outrank current docs; one slot keeps them reachable for readers who do
  // upgrade.
  Object.freeze({ name: 'negative', capRatio: 0.1, weight: 0.6 }),
] satisfies Pool[]);

/** Absolute tolerance on the sum of ratios: float sums like 0.1 + 0.2 are not exactly 0.3. */
const RATIO_SUM_TOLERANCE = 1e-9;

/**
 * Throws `RecallBoxError('INVALID_OPTIONS', …)` naming the first problem: no pools, a duplicate
 * name, a ratio outside 0..1, a weight ≤ 0, or ratios that do not sum to 1.
 */
export function validatePools(pools: readonly Pool[]): void {
  if (pools.length === 0) throw invalid('no pools configured; at least one pool is required');
  const seen = new Set<string>();
  let sum = 0;
  for (const pool of pools) {
    if (seen.has(pool.name)) throw invalid(`pool '${pool.name}' is configured twice`);
    seen.add(pool.name);
    if (!Number.isFinite(pool.capRatio) || pool.capRatio < 0 || pool.capRatio > 1) {
      throw invalid(`pool '${pool.name}' has capRatio ${pool.capRatio}; it must be in 0..1`);
    }
    if (!Number.isFinite(pool.weight) || pool.weight <= 0) {
      throw invalid(`pool '${pool.name}' has weight ${pool.weight}; every weight must be > 0`);
    }
    sum += pool.capRatio;
  }
  if (Math.abs(sum - 1) > RATIO_SUM_TOLERANCE) {
    throw invalid(
      `pool capRatios sum to ${sum}, not 1; pooling splits a fixed budget and never raises it`,
    );
  }
}

/**
 * Slots per pool for a budget of `total` results, in pool order. Their sum is exactly `total`.
 *
 * Largest remainder (Hamilton): each pool gets the floor of `total × ratio`, and the slots left
 * over go one each to the largest fractional parts, the earlier pool winning a tie. Rounding each
 * share on its own would not do: 10 × [0.25, 0.25, 0.25, 0.25] rounds to 3+3+3+3 = 12.
 *
 * Floor: when `total ≥ pools.length` every pool gets at least one slot. A pool that the
 * apportionment leaves at 0 is fixed at 1 and the rest of the budget is apportioned again among
 * the other pools by their ratios, until no pool is at 0 — this moves as few slots as possible
 * away from the proportional split. When `total < pools.length` not every pool can have a slot,
 * and all go to the first (most wanted) pool.
 */
export function poolCaps(total: number, pools: readonly Pool[]): number[] {
  validatePools(pools);
  validateTotal(total);
  const caps = new Array<number>(pools.length).fill(0);
  if (total < pools.length) {
    caps[0] = total;
    return caps;
  }
  const open = pools.map((_, i) => i);
  let budget = total;
  for (;;) {
    const shares = largestRemainder(
      budget,
      open.map((i) => pools[i]!.capRatio),
    );
    const starved = open.filter((_, k) => shares[k] === 0);
    if (starved.length === 0) {
      open.forEach((i, k) => (caps[i] = shares[k]!));
      return caps;
    }
    for (const i of starved) {
      caps[i] = 1;
      open.splice(open.indexOf(i), 1);
    }
    budget -= starved.length;
  }
}

/** Two fractional parts closer than this are a tie: float noise must not beat pool order. */
const REMAINDER_TIE_TOLERANCE = 1e-9;

/** Hamilton apportionment of `budget` by `ratios` (normalised here), ties to the lower index. */
function largestRemainder(budget: number, ratios: readonly number[]): number[] {
  const sum = ratios.reduce((a, b) => a + b, 0);
  // All remaining ratios 0 (only ratio-0 pools left): share equally so nothing is lost.
  const exact = ratios.map((r) => (sum > 0 ? (budget * r) / sum : budget / ratios.length));
  const shares = exact.map(Math.floor);
  let left = budget - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) =>
      Math.abs(a.frac - b.frac) <= REMAINDER_TIE_TOLERANCE ? a.i - b.i : b.frac - a.frac,
    );
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]!++;
    left--;
  }
  return shares;
}

/** What one pool was allotted and what became of its candidates. */
export interface PoolAudit {
  pool: PoolName;
  /** Its cap from `poolCaps`. */
  quota: number;
  /** Candidates of this pool offered to the selection. */
  candidates: number;
  /** Candidates of this pool selected (≤ quota + received). */
  taken: number;
  /** Slots taken beyond its quota: flowed back from later pools that could not use theirs. */
  received: number;
  /** Candidates of this pool not taken: candidates − taken. */
  lost: number;
}

export interface PoolSelection<T> {
  /** The selected candidates, in the input's rank order. */
  selected: T[];
  /** One entry per pool, in pool order. */
  audit: PoolAudit[];
}

/**
 * Selects at most `total` of `candidates` (given in ranked order, best first), honouring each
 * pool's quota from `poolCaps`.
 *
 * 1. Each pool takes its best candidates, up to its quota.
 * 2. Backflow: a pool with fewer candidates than its quota has unused slots. They flow only to
 *    pools BEFORE it in pool order (towards more wanted content, never less), each slot
 *    to the earliest such pool that still has untaken candidates (which takes its next best). The
 *    first pool has no pool before it, so its unused slots stay unused and the result is shorter
 *    than `total`: the budget is never moved to a less wanted pool. Donors are served in pool
 *    order, because an earlier donor can reach fewer pools than a later one: serving it first
 *    never leaves a slot unused that another order would have used.
 * 3. The selected candidates keep their input order.
 *
 * Deterministic: the result depends only on the input order, not on scores or object identity.
 * Throws `INVALID_OPTIONS` for invalid pools or total, or a candidate naming an unconfigured pool.
 */
export function selectByPools<T extends { pool: PoolName }>(
  candidates: readonly T[],
  total: number,
  pools: readonly Pool[],
): PoolSelection<T> {
  const caps = poolCaps(total, pools);
  const slot = new Map<PoolName, number>(pools.map((p, i) => [p.name, i]));
  // Candidate indices of each pool, in rank order.
  const byPool: number[][] = pools.map(() => []);
  candidates.forEach((c, index) => {
    const i = slot.get(c.pool);
    if (i === undefined) {
      throw invalid(`candidate ${index} is in pool '${c.pool}', which is not configured`);
    }
    byPool[i]!.push(index);
  });

  const taken = caps.map((cap, i) => Math.min(cap, byPool[i]!.length));
  const received = caps.map(() => 0);
  for (let donor = 1; donor < pools.length; donor++) {
    let unused = caps[donor]! - taken[donor]!;
    for (let to = 0; to < donor && unused > 0; to++) {
      const extra = Math.min(unused, byPool[to]!.length - taken[to]!);
      taken[to]! += extra;
      received[to]! += extra;
      unused -= extra;
    }
  }

  const chosen = new Set<number>(byPool.flatMap((indices, i) => indices.slice(0, taken[i])));
  return {
    selected: candidates.filter((_, index) => chosen.has(index)),
    audit: pools.map((p, i) => ({
      pool: p.name,
      quota: caps[i]!,
      candidates: byPool[i]!.length,
      taken: taken[i]!,
      received: received[i]!,
      lost: byPool[i]!.length - taken[i]!,
    })),
  };
}

/**
 * One classification rule. It matches a section when every condition it states holds: `path`
 * (a glob, see `matchGlob`) matches the page URL, and the page has at least one of `tags`
 * (case-insensitive). A rule that states no condition matches every section (a catch-all).
 */
export interface PoolRule {
  pool: PoolName;
  path?: string;
  tags?: readonly string[];
}

/**
 * Default rules for the Astro and Hono docs layouts (and sites shaped like them), first match wins,
 * so specific rules come before general ones. Globs start with `**` so that a language prefix
 * (`/en/`, `/zh-cn/`) or a `--base-url` (`/docs/`) in front of the path does not matter.
 */
const defaultRules: PoolRule[] = [
  // Negative first: an old-version page is negative wherever it lives, even under reference/.
  { pool: 'negative', tags: ['deprecated', 'legacy'] },
  { pool: 'negative', path: '**/guides/upgrade-to/**' }, // Astro: upgrade to v1…v7
  { pool: 'negative', path: '**/reference/legacy-flags' }, // Astro: flags kept for old behaviour
  // Index: catalogues, listings and changelogs, before `reference/**` would claim them.
  { pool: 'index', tags: ['changelog', 'overview', 'generated'] },
  { pool: 'index', path: '**/reference/errors/**' }, // Astro: 148 generated error pages
  { pool: 'index', path: '**/reference/error-reference' }, // Astro: the error list
  { pool: 'index', path: '**/reference/experimental-flags' }, // Astro: flag listing (index.mdx)
  { pool: 'index', path: '**/changelog*/**' },
  { pool: 'index', path: '**/release-notes/**' },
  // Astro listing pages: a folder's index.mdx that links to one page per service or recipe.
  { pool: 'index', path: '**/guides/backend' },
  { pool: 'index', path: '**/guides/cms' },
  { pool: 'index', path: '**/guides/deploy' },
  { pool: 'index', path: '**/guides/media' },
  { pool: 'index', path: '**/guides/migrate-to-astro' },
  { pool: 'index', path: '**/recipes' },
  { pool: 'index', path: '**/tutorial/*' }, // Astro: a unit's overview (lessons are one level deeper)
  { pool: 'index', path: '/' }, // the site's landing page (Hono's index.md)
  { pool: 'index', path: '**/api' }, // Hono: the API overview (api/index.md)
  // Guides are knowledge even when named after an API word (Hono: /guides/helpers/, /guides/rpc/).
  { pool: 'knowledge', path: '**/guides/**' },
  // Reference: Astro's reference/ (API, config, CLI, modules, experimental flags); Hono's api/,
  // helpers/ and built-in middleware pages, each documenting one module's API.
  { pool: 'reference', path: '**/reference/**' },
  { pool: 'reference', path: '**/api/**' },
  { pool: 'reference', path: '**/helpers/**' },
  { pool: 'reference', path: '**/middleware/builtin/**' },
  // Everything else: guides, concepts, tutorials, getting started.
  { pool: 'knowledge' },
];
export const DEFAULT_POOL_RULES: readonly Readonly<PoolRule>[] = Object.freeze(
  defaultRules.map((rule) => Object.freeze(rule)),
);

/** Every pool name, for readers of stored pools (the pack's sections, a rules file). */
export const POOL_NAMES: ReadonlySet<string> = new Set<PoolName>(['knowledge', 'reference', 'index', 'negative']);

/**
 * Pool rules from parsed JSON (a site owner's `--pool-rules` file): an array of `{pool, path?,
 * tags?}`. Throws INVALID_OPTIONS naming the first bad rule.
 */
export function parsePoolRules(value: unknown): PoolRule[] {
  if (!Array.isArray(value)) throw invalid('pool rules must be a JSON array of {pool, path?, tags?}');
  return value.map((rule: unknown, i): PoolRule => {
    const r = rule as Record<string, unknown>;
    if (typeof rule !== 'object' || rule === null || typeof r.pool !== 'string' || !POOL_NAMES.has(r.pool)) {
      throw invalid(`pool rule ${i} needs a pool, one of ${[...POOL_NAMES].join(', ')}`);
    }
    if (r.path !== undefined && typeof r.path !== 'string') throw invalid(`pool rule ${i}: path must be a glob string`);
    if (r.tags !== undefined && !(Array.isArray(r.tags) && r.tags.every((t) => typeof t === 'string'))) throw invalid(`pool rule ${i}: tags must be a list of strings`);
    return { pool: r.pool as PoolName, ...(r.path !== undefined && { path: r.path as string }), ...(r.tags !== undefined && { tags: r.tags as string[] }) };
  });
}

/** The pool of a section no rule matches: most docs pages are explanations. */
export const FALLBACK_POOL: PoolName = 'knowledge';

/** The pool of the first rule that matches the section, `FALLBACK_POOL` if none does. */
export function classifyPool(
  section: { pageUrl: string; tags: readonly string[] },
  rules: readonly PoolRule[] = DEFAULT_POOL_RULES,
): PoolName {
  const tags = new Set(section.tags.map((t) => t.toLowerCase()));
  for (const rule of rules) {
    if (rule.path !== undefined && !matchGlob(rule.path, section.pageUrl)) continue;
    if (rule.tags !== undefined && !rule.tags.some((t) => tags.has(t.toLowerCase()))) continue;
    return rule.pool;
  }
  return FALLBACK_POOL;
}

/**
 * Whether a URL path matches a glob. Both are compared by `/`-separated segments, ignoring leading,
 * trailing and repeated slashes and the URL's `?query` and `#hash` (so `/guides/` = `guides`, and
 * the pattern `/` matches only the root). Case-sensitive, like URL paths.
 *
 * - `**` as a whole segment matches zero or more segments;
 * - `*` matches any run of characters within one segment (never a `/`);
 * - any other character matches itself.
 */
export function matchGlob(pattern: string, url: string): boolean {
  const pat = segments(pattern);
  const path = segments(url.replace(/[?#].*$/s, ''));
  const res = pat.map((p) => (p === '**' ? null : segmentRegExp(p)));
  // memo[i][j]: does pat[i..] match path[j..]? Memoised so `**/**/…` stays polynomial.
  const memo = new Map<number, boolean>();
  const match = (i: number, j: number): boolean => {
    const key = i * (path.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (i === pat.length) result = j === path.length;
    else if (res[i] === null) result = match(i + 1, j) || (j < path.length && match(i, j + 1));
    else result = j < path.length && res[i]!.test(path[j]!) && match(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  return match(0, 0);
}

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function segmentRegExp(segment: string): RegExp {
  // Segments never contain `/`, so `.*` cannot cross one.
  const source = segment.split(/\*+/).map(escapeRegExp).join('.*');
  return new RegExp(`^${source}$`, 's');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function validateTotal(total: number): void {
  if (!Number.isSafeInteger(total) || total < 0) {
    throw invalid(`total ${total} must be a non-negative integer`);
  }
}

function invalid(message: string): RecallBoxError {
  return new RecallBoxError('INVALID_OPTIONS', message);
}

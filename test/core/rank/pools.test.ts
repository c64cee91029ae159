import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecallBoxError } from '../../../src/core/errors.ts';
import { thrown } from '../../support/errors.ts';
import {
  classifyPool,
  DEFAULT_POOL_RULES,
  DEFAULT_POOLS,
  matchGlob,
  parsePoolRules,
  poolCaps,
  selectByPools,
  validatePools,
  type Pool,
  type PoolName,
} from '../../../src/core/rank/pools.ts';

const NAMES: PoolName[] = ['knowledge', 'reference', 'index', 'negative'];

function pools(ratios: number[], weights = ratios.map(() => 1)): Pool[] {
  return ratios.map((capRatio, i) => ({ name: NAMES[i]!, capRatio, weight: weights[i]! }));
}

function configError(fn: () => unknown): RecallBoxError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RecallBoxError);
    expect((e as RecallBoxError).code).toBe('INVALID_OPTIONS');
    return e as RecallBoxError;
  }
  throw new Error('expected a configuration error');
}

/** 1–4 pools with integer-weighted ratios normalised to sum to 1 (the last absorbs float error). */
const arbPools = fc
  .array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 4 })
  .filter((parts) => parts.some((p) => p > 0))
  .map((parts) => {
    const sum = parts.reduce((a, b) => a + b, 0);
    const ratios = parts.map((p) => p / sum);
    ratios[ratios.length - 1] = 1 - ratios.slice(0, -1).reduce((a, b) => a + b, 0);
    return pools(ratios.map((r) => Math.max(0, r)));
  });

const arbCase = arbPools.chain((ps) =>
  fc.record({
    pools: fc.constant(ps),
    total: fc.integer({ min: 0, max: 40 }),
    candidates: fc.array(
      fc.record({ id: fc.nat(), pool: fc.constantFrom(...ps.map((p) => p.name)) }),
      { maxLength: 60 },
    ),
  }),
);

describe('validatePools', () => {
  it('accepts the defaults', () => {
    expect(() => validatePools(DEFAULT_POOLS)).not.toThrow();
  });

  it('tolerates float noise in the ratio sum (0.1 + 0.2 is not exactly 0.3)', () => {
    expect(() => validatePools(pools([0.1, 0.2, 0.7]))).not.toThrow();
  });

  it('rejects ratios that do not sum to 1, because pooling must never raise the budget', () => {
    expect(configError(() => validatePools(pools([0.6, 0.6]))).detail).toMatch(/sum to 1\.2, not 1/);
    expect(configError(() => validatePools(pools([0.5, 0.4]))).detail).toMatch(/not 1/);
  });

  it('rejects a weight of 0 or less, naming the pool', () => {
    expect(configError(() => validatePools(pools([0.5, 0.5], [1, 0]))).detail).toMatch(
      /pool 'reference' has weight 0/,
    );
    configError(() => validatePools(pools([1], [-1])));
    configError(() => validatePools(pools([1], [Number.NaN])));
  });

  it('rejects a ratio outside 0..1, no pools, and a duplicate pool', () => {
    expect(configError(() => validatePools(pools([1.5, -0.5]))).detail).toMatch(/'knowledge' has capRatio 1.5/);
    expect(configError(() => validatePools([])).detail).toMatch(/no pools/);
    const dup: Pool[] = [
      { name: 'index', capRatio: 0.5, weight: 1 },
      { name: 'index', capRatio: 0.5, weight: 1 },
    ];
    expect(configError(() => validatePools(dup)).detail).toMatch(/'index' is configured twice/);
  });
});

describe('poolCaps', () => {
  it('splits the default budget of 10 as 5/3/1/1', () => {
    expect(poolCaps(10, DEFAULT_POOLS)).toEqual([5, 3, 1, 1]);
  });

  it('uses largest remainder, not per-pool rounding (which would hand out 12 of 10)', () => {
    // 10 × 0.25 = 2.5 each: rounding gives 3+3+3+3 = 12. Floors give 8; the 2 left go to the
    // two largest fractions — all equal, so to the first two pools by pool order.
    expect(poolCaps(10, pools([0.25, 0.25, 0.25, 0.25]))).toEqual([3, 3, 2, 2]);
  });

  it('gives leftover slots to the largest fractions, not to the largest pools', () => {
    // 7 × [0.6, 0.25, 0.15] = 4.2, 1.75, 1.05: floors 4+1+1 = 6; the one left goes to 1.75.
    expect(poolCaps(7, pools([0.6, 0.25, 0.15]))).toEqual([4, 2, 1]);
  });

  it('breaks remainder ties by pool order, even through float noise', () => {
    // 12 × [0.7, 0.2, 0.1] = 8.4, 2.4, 1.2: one slot left, and the first two fractions tie at .4 —
    // but in floats they are 0.40000000000000036 and 0.4000000000000008. Without the tolerance the
    // second pool would win on noise; as a tie, the earlier pool wins.
    expect(poolCaps(12, pools([0.7, 0.2, 0.1]))).toEqual([9, 2, 1]);
    // Pool order, not the pool's name or kind, decides: whichever pool is listed first wins.
    const negativeFirst: Pool[] = [
      { name: 'negative', capRatio: 0.5, weight: 1 },
      { name: 'knowledge', capRatio: 0.5, weight: 1 },
    ];
    expect(poolCaps(3, negativeFirst)).toEqual([2, 1]);
  });

  it('gives every pool one slot when the total allows, re-apportioning the rest by ratio', () => {
    // 10 × [0.97, 0.01, 0.01, 0.01] would give 10/0/0/0; the floor fixes three pools at 1 and
    // the remaining 7 go to the first pool.
    expect(poolCaps(10, pools([0.97, 0.01, 0.01, 0.01]))).toEqual([7, 1, 1, 1]);
    // A ratio-0 pool still gets its floor slot.
    expect(poolCaps(4, pools([0.5, 0.5, 0, 0]))).toEqual([1, 1, 1, 1]);
    expect(poolCaps(6, pools([0.5, 0.5, 0, 0]))).toEqual([2, 2, 1, 1]);
  });

  it('gives everything to the first pool when the total is smaller than the number of pools', () => {
    expect(poolCaps(3, DEFAULT_POOLS)).toEqual([3, 0, 0, 0]);
    expect(poolCaps(0, DEFAULT_POOLS)).toEqual([0, 0, 0, 0]);
  });

  it('rejects a total that is not a non-negative integer', () => {
    configError(() => poolCaps(-1, DEFAULT_POOLS));
    configError(() => poolCaps(2.5, DEFAULT_POOLS));
    configError(() => poolCaps(10, pools([0.5])));
  });

  it('property: caps sum to the total, and each is ≥ 1 when total ≥ pool count', () => {
    fc.assert(
      fc.property(arbPools, fc.integer({ min: 0, max: 1000 }), (ps, total) => {
        const caps = poolCaps(total, ps);
        expect(caps).toHaveLength(ps.length);
        expect(caps.reduce((a, b) => a + b, 0)).toBe(total);
        expect(caps.every((c) => Number.isInteger(c) && c >= 0)).toBe(true);
        if (total >= ps.length) expect(Math.min(...caps)).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('property: each cap is within one slot of its exact share when no floor applies', () => {
    fc.assert(
      fc.property(arbPools, fc.integer({ min: 0, max: 1000 }), (ps, total) => {
        const caps = poolCaps(total, ps);
        if (total < ps.length || caps.some((c, i) => c === 1 && total * ps[i]!.capRatio < 1)) return;
        caps.forEach((c, i) => expect(Math.abs(c - total * ps[i]!.capRatio)).toBeLessThan(1 + 1e-9));
      }),
    );
  });
});

describe('selectByPools', () => {
  const c = (id: string, pool: PoolName) => ({ id, pool });

  it('takes each pool up to its quota and keeps the input rank order', () => {
    const input = [
      c('k1', 'knowledge'),
      c('i1', 'index'),
      c('i2', 'index'),
      c('r1', 'reference'),
      c('k2', 'knowledge'),
      c('n1', 'negative'),
    ];
    // total 4 → caps 1/1/1/1: i2 exceeds index's quota, k2 knowledge's.
    const { selected, audit } = selectByPools(input, 4, DEFAULT_POOLS);
    expect(selected.map((s) => s.id)).toEqual(['k1', 'i1', 'r1', 'n1']);
    expect(audit).toEqual([
      { pool: 'knowledge', quota: 1, candidates: 2, taken: 1, received: 0, lost: 1 },
      { pool: 'reference', quota: 1, candidates: 1, taken: 1, received: 0, lost: 0 },
      { pool: 'index', quota: 1, candidates: 2, taken: 1, received: 0, lost: 1 },
      { pool: 'negative', quota: 1, candidates: 1, taken: 1, received: 0, lost: 0 },
    ]);
  });

  it('flows unused quota back to the earliest earlier pool with untaken candidates', () => {
    // caps 5/3/1/1. negative has no candidates: its slot goes to knowledge (earliest before it),
    // which takes its next best (k6), not to index even though index has more candidates.
    const input = [
      ...['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7'].map((id) => c(id, 'knowledge')),
      ...['r1', 'r2', 'r3'].map((id) => c(id, 'reference')),
      ...['i1', 'i2'].map((id) => c(id, 'index')),
    ];
    const { selected, audit } = selectByPools(input, 10, DEFAULT_POOLS);
    expect(selected.map((s) => s.id)).toEqual(['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'r1', 'r2', 'r3', 'i1']);
    expect(audit[0]).toMatchObject({ quota: 5, taken: 6, received: 1, lost: 1 });
    expect(audit[2]).toMatchObject({ quota: 1, taken: 1, received: 0, lost: 1 });
    expect(audit[3]).toMatchObject({ quota: 1, candidates: 0, taken: 0 });
  });

  it('passes backflow on to the next earlier pool when the earliest runs out', () => {
    // negative's slot cannot go to knowledge (nothing left), so reference takes it.
    const input = [c('k1', 'knowledge'), ...['r1', 'r2', 'r3', 'r4', 'r5'].map((id) => c(id, 'reference'))];
    const { selected, audit } = selectByPools(input, 4, DEFAULT_POOLS);
    // caps 1/1/1/1: index and negative have nothing, their 2 slots go to reference.
    expect(selected.map((s) => s.id)).toEqual(['k1', 'r1', 'r2', 'r3']);
    expect(audit[1]).toMatchObject({ quota: 1, taken: 3, received: 2, lost: 2 });
  });

  it('never flows quota forward to a later (less wanted) pool', () => {
    // knowledge has nothing: its 5 slots may not go to negative, so the result is short (5 < 10).
    const input = [
      ...['r1', 'r2', 'r3'].map((id) => c(id, 'reference')),
      c('i1', 'index'),
      ...['n1', 'n2', 'n3', 'n4'].map((id) => c(id, 'negative')),
    ];
    const { selected, audit } = selectByPools(input, 10, DEFAULT_POOLS);
    expect(selected.map((s) => s.id)).toEqual(['r1', 'r2', 'r3', 'i1', 'n1']);
    expect(audit[3]).toMatchObject({ quota: 1, taken: 1, received: 0, lost: 3 });
  });

  it('rejects a candidate in a pool that is not configured', () => {
    const two = pools([0.5, 0.5]); // knowledge, reference
    expect(configError(() => selectByPools([c('x', 'negative')], 2, two)).detail).toMatch(
      /candidate 0 is in pool 'negative'/,
    );
  });

  it('property: total never exceeded, selected ⊆ candidates in input order, taken ≤ quota + received', () => {
    fc.assert(
      fc.property(arbCase, ({ pools: ps, total, candidates }) => {
        const { selected, audit } = selectByPools(candidates, total, ps);
        const caps = poolCaps(total, ps);
        expect(selected.length).toBeLessThanOrEqual(total);
        // Subsequence of the input, by identity: ⊆ and in order.
        let j = 0;
        for (const s of selected) {
          while (j < candidates.length && candidates[j] !== s) j++;
          expect(j).toBeLessThan(candidates.length);
          j++;
        }
        const receivedTotal = audit.reduce((a, x) => a + x.received, 0);
        audit.forEach((a, i) => {
          expect(a.pool).toBe(ps[i]!.name);
          expect(a.quota).toBe(caps[i]);
          expect(a.taken).toBeLessThanOrEqual(a.quota + a.received);
          expect(a.taken + a.lost).toBe(a.candidates);
          expect(selected.filter((s) => s.pool === a.pool)).toHaveLength(a.taken);
          // Backflow only fills a pool whose own quota is used up.
          if (a.received > 0) expect(a.taken).toBe(a.quota + a.received);
        });
        // Received slots come out of quota other pools left unused, never out of thin air.
        const unused = audit.reduce((a, x) => a + Math.max(0, x.quota - Math.min(x.quota, x.candidates)), 0);
        expect(receivedTotal).toBeLessThanOrEqual(unused);
        // Fills the budget whenever the first pool alone could absorb what others leave.
        if (audit[0]!.candidates >= total) expect(selected).toHaveLength(Math.min(total, candidates.length));
      }),
    );
  });

  it('property: each pool takes its best candidates (a prefix of its rank order)', () => {
    fc.assert(
      fc.property(arbCase, ({ pools: ps, total, candidates }) => {
        const chosen = new Set(selectByPools(candidates, total, ps).selected);
        for (const p of ps) {
          const mine = candidates.filter((x) => x.pool === p.name).map((x) => chosen.has(x));
          expect(mine).toEqual([...mine].sort((a, b) => Number(b) - Number(a)));
        }
      }),
    );
  });

  it('property: deterministic — same input, same output', () => {
    fc.assert(
      fc.property(arbCase, ({ pools: ps, total, candidates }) => {
        expect(selectByPools(candidates, total, ps)).toEqual(selectByPools([...candidates], total, ps));
      }),
    );
  });
});

describe('matchGlob', () => {
  it('matches `*` within one segment and `**` across zero or more segments', () => {
    expect(matchGlob('reference/*', '/reference/cli-reference/')).toBe(true);
    expect(matchGlob('reference/*', '/reference/errors/x/')).toBe(false);
    expect(matchGlob('**/errors/**', '/reference/errors/')).toBe(true); // ** matches zero segments
    expect(matchGlob('**/errors/**', '/en/reference/errors/a/b/')).toBe(true);
    expect(matchGlob('changelog*', '/changelogs/')).toBe(true);
    expect(matchGlob('*-reference', '/cli-reference/')).toBe(true);
  });

  it('ignores slashes at the ends, query and hash; `/` matches only the root', () => {
    expect(matchGlob('/guides/actions/', 'guides/actions#x')).toBe(true);
    expect(matchGlob('guides/actions', '/guides/actions/?q=1')).toBe(true);
    expect(matchGlob('/', '/')).toBe(true);
    expect(matchGlob('/', '/guides/')).toBe(false);
  });

  it('treats regular-expression characters literally', () => {
    expect(matchGlob('a.b', '/a.b/')).toBe(true);
    expect(matchGlob('a.b', '/axb/')).toBe(false);
    expect(matchGlob('(x)+', '/(x)+/')).toBe(true);
  });
});

describe('classifyPool', () => {
  const at = (pageUrl: string, tags: string[] = []) => classifyPool({ pageUrl, tags });

  it('classifies Astro docs URLs (with or without a language prefix)', () => {
    expect(at('/guides/actions/')).toBe('knowledge');
    expect(at('/en/concepts/islands/')).toBe('knowledge');
    expect(at('/tutorial/1-setup/2/')).toBe('knowledge');
    expect(at('/guides/deploy/netlify/')).toBe('knowledge');
    expect(at('/reference/configuration-reference/')).toBe('reference');
    expect(at('/en/reference/cli-reference/')).toBe('reference');
    expect(at('/reference/modules/astro-actions/')).toBe('reference');
    expect(at('/reference/experimental-flags/client-prerender/')).toBe('reference');
    expect(at('/reference/errors/action-not-found-error/')).toBe('index');
    expect(at('/en/reference/error-reference/')).toBe('index');
    expect(at('/guides/deploy/')).toBe('index');
    expect(at('/recipes/')).toBe('index');
    expect(at('/tutorial/1-setup/')).toBe('index');
    expect(at('/guides/upgrade-to/v5/')).toBe('negative');
    expect(at('/en/guides/upgrade-to/v6/')).toBe('negative');
    expect(at('/reference/legacy-flags/')).toBe('negative');
  });

  it('classifies Hono docs URLs', () => {
    expect(at('/')).toBe('index');
    expect(at('/api/')).toBe('index');
    expect(at('/api/context/')).toBe('reference');
    expect(at('/helpers/cookie/')).toBe('reference');
    expect(at('/middleware/builtin/cors/')).toBe('reference');
    expect(at('/getting-started/cloudflare-workers/')).toBe('knowledge');
    expect(at('/concepts/routers/')).toBe('knowledge');
    // Guides named after API words stay guides: `guides/**` comes before `helpers/**`.
    expect(at('/guides/helpers/')).toBe('knowledge');
    expect(at('/docs/guides/middleware/')).toBe('knowledge');
  });

  it('lets front-matter tags decide, case-insensitively, ahead of the path', () => {
    expect(at('/reference/api-reference/', ['Deprecated'])).toBe('negative');
    expect(at('/guides/actions/', ['changelog'])).toBe('index');
  });

  it('uses the first matching rule, requiring all of a rule’s conditions', () => {
    const rules = [
      { pool: 'negative' as const, path: 'a/**', tags: ['old'] },
      { pool: 'reference' as const, path: 'a/**' },
      { pool: 'index' as const, path: '**' },
    ];
    expect(classifyPool({ pageUrl: '/a/b/', tags: ['old'] }, rules)).toBe('negative');
    expect(classifyPool({ pageUrl: '/a/b/', tags: [] }, rules)).toBe('reference');
    expect(classifyPool({ pageUrl: '/c/', tags: ['old'] }, rules)).toBe('index');
    // No rule matches: the fallback pool.
    expect(classifyPool({ pageUrl: '/c/', tags: [] }, rules.slice(0, 2))).toBe('knowledge');
  });

  it('defaults end with a catch-all, so every section gets a pool', () => {
    expect(DEFAULT_POOL_RULES.at(-1)).toEqual({ pool: 'knowledge' });
  });
});

describe('parsePoolRules (a site owner\'s --pool-rules file)', () => {
  it('reads rules of pool, path and tags', () => {
    expect(parsePoolRules([{ pool: 'index', path: '**/catalog/**' }, { pool: 'negative', tags: ['v1'] }, { pool: 'knowledge' }])).toEqual([
      { pool: 'index', path: '**/catalog/**' },
      { pool: 'negative', tags: ['v1'] },
      { pool: 'knowledge' },
    ]);
  });

  it('refuses what is not a rule list with INVALID_OPTIONS, naming the rule', () => {
    for (const bad of [{}, [{ pool: 'marketing' }], [{ pool: 'index', path: 3 }], [{ pool: 'index', tags: 'v1' }], [null]]) {
      const e = thrown(() => parsePoolRules(bad));
      expect(e.code).toBe('INVALID_OPTIONS');
    }
    expect(thrown(() => parsePoolRules([{ pool: 'index' }, { pool: 'nope' }])).message).toContain('rule 1');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRecallBoxError } from '../../../src/core/errors.ts';
import type { RouteHit } from '../../../src/core/rank/fuse.ts';
import { applyThreshold, DEFAULT_THRESHOLDS, type Threshold } from '../../../src/core/rank/thresholds.ts';

const scored = (...scores: number[]): RouteHit[] => scores.map((score, i) => ({ id: i, score }));

describe('applyThreshold', () => {
  it('defaults the keyword route to a relative threshold and the vector route to an absolute cosine', () => {
    expect(DEFAULT_THRESHOLDS).toEqual({
      keyword: { min: 0.1, scale: 'relative' },
      vector: { min: 0.4, scale: 'absolute' },
    });
  });

  it('relative: compares each score with the top score of the same list', () => {
    const { hits, diagnostics } = applyThreshold(scored(10, 5, 0.9), { min: 0.1, scale: 'relative' });
    expect(hits.map((h) => h.id)).toEqual([
      0, // 10/10 = 1
      1, // 5/10 = 0.5
      // id 2 dropped: 0.9/10 = 0.09 < 0.1
    ]);
    expect(diagnostics).toEqual({ scale: 'relative', min: 0.1, kept: 2, dropped: 1, topScore: 10 });
  });

  it('relative: is unchanged when every score is scaled, so it says nothing about relevance', () => {
    // The top hit of a query with only weak matches passes like the top hit of a strong query:
    // that is why the diagnostics carry the scale.
    const threshold: Threshold = { min: 0.1, scale: 'relative' };
    const weak = applyThreshold(scored(0.01, 0.005, 0.0009), threshold);
    expect(weak.hits.map((h) => h.id)).toEqual([0, 1]);
    expect(weak.diagnostics).toMatchObject({ scale: 'relative', kept: 2, dropped: 1, topScore: 0.01 });
  });

  it('absolute: compares raw scores with min, inclusive, whatever the top score', () => {
    const { hits, diagnostics } = applyThreshold(scored(0.8, 0.41, 0.4, 0.39), DEFAULT_THRESHOLDS.vector);
    expect(hits.map((h) => h.id)).toEqual([
      0, // 0.8
      1, // 0.41
      2, // 0.4: min is inclusive
      // id 3 dropped: 0.39 < 0.4
    ]);
    expect(diagnostics).toEqual({ scale: 'absolute', min: 0.4, kept: 3, dropped: 1, topScore: 0.8 });
    // A list of only weak cosines keeps nothing: absolute scores do not rescale per query.
    expect(applyThreshold(scored(0.2, 0.1), DEFAULT_THRESHOLDS.vector).hits).toEqual([]);
  });

  it('returns no hits and zero counts with topScore null for empty input', () => {
    for (const threshold of Object.values(DEFAULT_THRESHOLDS)) {
      expect(applyThreshold([], threshold)).toEqual({
        hits: [],
        diagnostics: { scale: threshold.scale, min: threshold.min, kept: 0, dropped: 0, topScore: null },
      });
    }
  });

  it('keeps input order and takes the maximum as top score even when the input is not sorted', () => {
    const { hits, diagnostics } = applyThreshold(scored(2, 9, 1, 5), { min: 0.5, scale: 'relative' });
    expect(hits.map((h) => h.id)).toEqual([
      1, // 9/9 = 1
      3, // 5/9 ≈ 0.56
      // ids 0 (2/9) and 2 (1/9) dropped
    ]);
    expect(diagnostics.topScore).toBe(9);
  });

  it('relative: drops everything when the top score is not positive, as there is nothing to be relative to', () => {
    expect(applyThreshold(scored(0, 0), { min: 0, scale: 'relative' }).diagnostics).toMatchObject({ kept: 0, dropped: 2, topScore: 0 });
    expect(applyThreshold(scored(-1, -2), { min: 0.5, scale: 'relative' }).hits).toEqual([]);
  });

  it('never keeps a NaN score, and ignores it for the top score', () => {
    const { hits, diagnostics } = applyThreshold(scored(Number.NaN, 4, 2), { min: 0.5, scale: 'relative' });
    expect(hits.map((h) => h.id)).toEqual([1, 2]);
    expect(diagnostics).toMatchObject({ kept: 2, dropped: 1, topScore: 4 });
  });

  it('rejects a non-finite min, or a relative min outside [0, 1], with INVALID_OPTIONS', () => {
    const bad: Threshold[] = [
      { min: Number.NaN, scale: 'absolute' },
      { min: Infinity, scale: 'absolute' },
      { min: -0.1, scale: 'relative' },
      { min: 1.5, scale: 'relative' },
    ];
    for (const threshold of bad) {
      let error: unknown;
      try {
        applyThreshold(scored(1), threshold);
      } catch (e) {
        error = e;
      }
      expect(isRecallBoxError(error) && error.code).toBe('INVALID_OPTIONS');
    }
  });

  it('property: kept + dropped = input length, kept hits are an in-order subsequence at or above min', () => {
    const threshold = fc.oneof(
      fc.record({ min: fc.double({ min: 0, max: 1, noNaN: true }), scale: fc.constant('relative' as const) }),
      fc.record({ min: fc.double({ min: -1, max: 1, noNaN: true }), scale: fc.constant('absolute' as const) }),
    );
    const input = fc.array(fc.record({ id: fc.nat(), score: fc.double({ min: -10, max: 10, noNaN: true }) }), { maxLength: 20 });
    fc.assert(
      fc.property(input, threshold, (hits, t) => {
        const { hits: kept, diagnostics } = applyThreshold(hits, t);
        expect(diagnostics.kept).toBe(kept.length);
        expect(diagnostics.kept + diagnostics.dropped).toBe(hits.length);
        expect(kept).toEqual(hits.filter((h) => kept.includes(h)));
        const top = diagnostics.topScore ?? 0;
        for (const h of kept) expect(t.scale === 'absolute' ? h.score : h.score / top).toBeGreaterThanOrEqual(t.min);
      }),
    );
  });
});

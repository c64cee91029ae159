import { describe, expect, it } from 'vitest';
import { fuseRanks, type FusedHit } from '../../../src/core/rank/fuse.ts';
import { boostNamedHits, DEFAULT_NAME_MATCH_OPTIONS } from '../../../src/core/rank/name-match.ts';
import { thrown } from '../../support/errors.ts';

const hits = (...ids: number[]) => ids.map((id, i) => ({ id, score: 10 - i }));

describe('boostNamedHits', () => {
  // The case it exists for: section 7's heading is the query, so the keyword route ranks it 1st,
  // but the vector route ranks it only 5th; section 3 is 2nd in keyword and 1st in vector.
  const fused = fuseRanks({ keyword: hits(7, 3, 4, 5), vector: hits(3, 4, 5, 6, 7) });

  it('without the boost, RRF puts both-routes hits above the keyword route\'s named first hit', () => {
    expect(fused.map((h) => h.id)).toEqual([
      3, // keyword 2nd + vector 1st: 1/62 + 1/61
      4, // keyword 3rd + vector 2nd: 1/63 + 1/62
      7, // keyword 1st + vector 5th: 1/61 + 1/65
      5, // keyword 4th + vector 3rd: 1/64 + 1/63
      6, // vector 4th only
    ]);
  });

  it('puts the named section first again, and leaves the others in fused order', () => {
    const { hits: boosted, boosted: count } = boostNamedHits(fused, [7]);
    expect(boosted.map((h) => h.id)).toEqual([
      7, // named: 1/61 + 1/65 + 1/61 (boost at position 1)
      3, // keyword 2nd + vector 1st
      4, // keyword 3rd + vector 2nd
      5, // keyword 4th + vector 3rd
      6, // vector 4th only
    ]);
    expect(count).toBe(1);
  });

  it('gives named sections decreasing boosts in the order given (the keyword route\'s)', () => {
    const { hits: boosted } = boostNamedHits(fused, [5, 4]);
    const bonus = (id: number) => boosted.find((h) => h.id === id)!.score - fused.find((h) => h.id === id)!.score;
    expect(bonus(5)).toBeCloseTo(1 / 61, 12);
    expect(bonus(4)).toBeCloseTo(1 / 62, 12);
  });

  it('never adds a candidate and ignores ids that are not candidates or repeat', () => {
    const { hits: boosted, boosted: count } = boostNamedHits(fused, [99, 7, 7]);
    expect(boosted.map((h) => h.id).sort()).toEqual(fused.map((h) => h.id).sort());
    expect(count).toBe(1);
    // Positions count the named list as given (the keyword route's order), candidate or not: 7 is
    // second after 99, so it gets 1/(60 + 2).
    expect(boosted.find((h) => h.id === 7)!.score - fused.find((h) => h.id === 7)!.score).toBeCloseTo(1 / 62, 12);
  });

  it('does nothing with weight ≤ 0 or no named ids, and does not change its input', () => {
    const copy: FusedHit[] = structuredClone(fused);
    expect(boostNamedHits(fused, [7], { ...DEFAULT_NAME_MATCH_OPTIONS, weight: 0 }).hits).toEqual(fused);
    expect(boostNamedHits(fused, []).boosted).toBe(0);
    boostNamedHits(fused, [7, 6]);
    expect(fused).toEqual(copy);
  });

  it('refuses a non-finite weight or a negative k as INVALID_OPTIONS', () => {
    expect(thrown(() => boostNamedHits(fused, [7], { ...DEFAULT_NAME_MATCH_OPTIONS, weight: Number.NaN })).code).toBe('INVALID_OPTIONS');
    expect(thrown(() => boostNamedHits(fused, [7], { ...DEFAULT_NAME_MATCH_OPTIONS, k: -1 })).code).toBe('INVALID_OPTIONS');
  });
});

import { describe, expect, it } from 'vitest';
import { GAPS_DEFAULTS, gapOf, parseGapsLimit } from '../../src/protocol/gaps.ts';

describe('gapOf', () => {
  const low = { confidence: { shouldAnswer: false }, queryLang: 'en' };
  it('is the normalised query and language of an answer the Worker withheld', () => {
    expect(gapOf({ q: '  Deploy   ＴＯ Fly.io ' }, low)).toEqual({ query: 'deploy to fly.io', lang: 'en' });
  });
  it('is null for an answered query and for a debug request', () => {
    expect(gapOf({ q: 'routing' }, { ...low, confidence: { shouldAnswer: true } })).toBeNull();
    expect(gapOf({ q: 'routing', debug: true }, low)).toBeNull();
  });
});

describe('parseGapsLimit', () => {
  it('defaults, and accepts whole numbers in range', () => {
    expect(parseGapsLimit(undefined)).toBe(GAPS_DEFAULTS.listLimit);
    expect(parseGapsLimit('')).toBe(GAPS_DEFAULTS.listLimit);
    expect(parseGapsLimit('1')).toBe(1);
    expect(parseGapsLimit(String(GAPS_DEFAULTS.maxListLimit))).toBe(GAPS_DEFAULTS.maxListLimit);
  });
  it('refuses anything else with BAD_LIMIT', () => {
    for (const raw of ['0', '-1', '1.5', '1e2', 'ten', String(GAPS_DEFAULTS.maxListLimit + 1)]) {
      expect(() => parseGapsLimit(raw), raw).toThrow(expect.objectContaining({ code: 'BAD_LIMIT' }));
    }
  });
});

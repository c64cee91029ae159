import { describe, expect, it } from 'vitest';
import { signals } from '../../support/confidence-signals.ts';
import { modelFromCalibration, thresholdsFromCalibration } from '../../../src/core/confidence/calibration.ts';
import { fitCalibration } from '../../../src/indexer/confidence/fit.ts';
import { isRecallBoxError } from '../../../src/core/errors.ts';


describe('modelFromCalibration refuses what it cannot trust', () => {
  const good = fitCalibration(
    [...Array.from({ length: 5 }, () => ({ strategy: 'lookup' as const, answerable: true, signals: signals(() => 0.9) })), ...Array.from({ length: 5 }, () => ({ strategy: 'lookup' as const, answerable: false, signals: signals(() => 0.1) }))],
    { datasets: ['x'], createdAt: 'now' },
  );
  const code = (value: unknown) => {
    try {
      modelFromCalibration(value);
      return 'accepted';
    } catch (e) {
      return isRecallBoxError(e) ? e.code : 'other';
    }
  };
  it('accepts a fitted file', () => expect(code(JSON.parse(JSON.stringify(good)))).toBe('accepted'));
  it('another signal set → INDEX_VERSION_MISMATCH', () => expect(code({ ...good, signals: ['topCosine'] })).toBe('INDEX_VERSION_MISMATCH'));
  it('a missing strategy → INDEX_CORRUPT', () => expect(code({ ...good, models: { lookup: good.models.lookup } })).toBe('INDEX_CORRUPT'));
  it('a non-finite weight → INDEX_CORRUPT', () =>
    expect(code({ ...good, models: { ...good.models, lookup: { ...good.models.lookup, weights: { ...good.models.lookup.weights, coverage: 'x' } } } })).toBe('INDEX_CORRUPT'));
  it('not an object → INDEX_CORRUPT', () => expect(code([1, 2])).toBe('INDEX_CORRUPT'));

  const thresholdsCode = (value: unknown) => {
    try {
      return thresholdsFromCalibration(value) === null ? 'none' : 'accepted';
    } catch (e) {
      return isRecallBoxError(e) ? e.code : 'other';
    }
  };
  it('a file of an older version without thresholds → none (the defaults apply)', () => {
    const { thresholds: _, ...older } = good;
    expect(thresholdsCode(older)).toBe('none');
  });
  it('thresholds out of order or not numbers → INDEX_CORRUPT', () => {
    expect(thresholdsCode(good)).toBe('accepted');
    expect(thresholdsCode({ ...good, thresholds: { high: 0.2, medium: 0.5, uncertain: 0.1 } })).toBe('INDEX_CORRUPT');
    expect(thresholdsCode({ ...good, thresholds: { high: 0.9, medium: '0.5', uncertain: 0.1 } })).toBe('INDEX_CORRUPT');
    expect(thresholdsCode({ ...good, thresholds: { high: 1.5, medium: 0.5, uncertain: 0.1 } })).toBe('INDEX_CORRUPT');
  });
});

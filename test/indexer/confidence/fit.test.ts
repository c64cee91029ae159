import { describe, expect, it } from 'vitest';
import { signals } from '../../support/confidence-signals.ts';
import { fitCalibration, MIN_CLASS_PER_STRATEGY } from '../../../src/indexer/confidence/fit.ts';
import type { CalibrationSample } from '../../../src/indexer/confidence/sample.ts';
import { calibrationFromFile, modelFromCalibration } from '../../../src/core/confidence/calibration.ts';
import { confidenceScore } from '../../../src/core/confidence/score.ts';
import { REASON_SIGNALS } from '../../../src/core/confidence/reasons.ts';
import { mulberry32 } from '../../../src/core/random.ts';


describe('fitCalibration', () => {
  const random = mulberry32(3);
  const sample = (strategy: CalibrationSample['strategy'], answerable: boolean): CalibrationSample => ({
    strategy,
    answerable,
    // topCosine tells the classes apart; margin is missing half the time.
    signals: signals((n) => (n === 'topCosine' ? (answerable ? 0.6 : 0.3) + random() * 0.3 : n === 'margin' ? (random() < 0.5 ? null : 0.4) : random())),
  });
  const lookups = [...Array.from({ length: 40 }, () => sample('lookup', true)), ...Array.from({ length: 40 }, () => sample('lookup', false))];
  const fewQuestions = [...Array.from({ length: MIN_CLASS_PER_STRATEGY - 1 }, () => sample('question', true)), ...Array.from({ length: 30 }, () => sample('question', false))];
  const file = fitCalibration([...lookups, ...fewQuestions], { datasets: ['synthetic'], createdAt: '2026-01-01T00:00:00Z' });

  it('fits a strategy with enough queries of each class on its own, the others on all pooled', () => {
    expect(file.fittedOn.byStrategy.lookup).toEqual({ answerable: 40, unanswerable: 40, model: 'own' });
    expect(file.fittedOn.byStrategy.question.model).toBe('pooled');
    expect(file.fittedOn.byStrategy.overview).toEqual({ answerable: 0, unanswerable: 0, model: 'pooled' });
    expect(file.models.question).toEqual(file.models.overview);
    expect(file.models.lookup.weights.topCosine).toBeGreaterThan(1);
  });

  it('imputes a missing signal that says nothing with its mean over the queries that measured it', () => {
    expect(file.models.lookup.impute.margin).toBeCloseTo(0.4);
  });

  it('imputes a signal whose absence says something with what the fit finds the absence worth', () => {
    // topCosine tells the classes apart, and is missing for half the answerable queries only (the
    // vector route is not run for a query the keyword route answered outright).
    const r = mulberry32(5);
    const labelled = Array.from({ length: 160 }, (_, i): CalibrationSample => {
      const answerable = i % 2 === 0;
      const cosine = answerable && i % 4 === 0 ? null : (answerable ? 0.5 : 0.3) + r() * 0.3;
      return { strategy: 'lookup', answerable, signals: signals((n) => (n === 'topCosine' ? cosine : n === 'coverage' ? r() : 0.5)) };
    });
    const fitted = fitCalibration(labelled, { datasets: ['synthetic'], createdAt: '2026-01-01T00:00:00Z' }).models.lookup;
    const measured = labelled.map((s) => s.signals.topCosine).filter((v): v is number => v !== null);
    const mean = measured.reduce((a, b) => a + b, 0) / measured.length;
    expect(fitted.weights.topCosine).toBeGreaterThan(0.2);
    // Missing only among answerable queries: worth more than the measured mean, which half the unanswerable pull down.
    expect(fitted.impute.topCosine).toBeGreaterThan(mean + 0.1);
  });

  it('stores the thresholds fitted with the models, ordered, and they round-trip', () => {
    const t = file.thresholds!;
    expect(t.uncertain).toBeLessThanOrEqual(t.medium);
    expect(t.medium).toBeLessThanOrEqual(t.high);
    expect(calibrationFromFile(JSON.parse(JSON.stringify(file))).thresholds).toEqual(t);
  });

  it('keeps every weight a reason is decided on ≥ 0', () => {
    for (const m of Object.values(file.models)) for (const name of REASON_SIGNALS) expect(m.weights[name]).toBeGreaterThanOrEqual(0);
  });

  it('round-trips through JSON to the same scores', () => {
    const model = modelFromCalibration(JSON.parse(JSON.stringify(file)));
    for (const s of lookups.slice(0, 5)) {
      expect(confidenceScore(s.signals, 'lookup', model)).toBe(confidenceScore(s.signals, 'lookup', file.models));
    }
  });
});

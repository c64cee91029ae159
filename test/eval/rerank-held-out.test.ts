import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RERANK_FEATURES } from '../../src/core/index.ts';
import { DEFAULT_RERANK_OPTIONS } from '../../src/core/rank/rerank.ts';
import { readHeldOutModels, RERANK_HELD_OUT_FILE } from '../../src/eval/rerank-held-out.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));

describe('the held-out reranker models (bench/rerank-held-out.json)', () => {
  it('holds, for every collection the default was fitted on, a model fitted without it', () => {
    const models = readHeldOutModels(repo);
    expect([...models.keys()]).toEqual(expect.arrayContaining(['npm-cli', 'undici', 'semantic-release', 'pino', 'eslint-plugin-jest', 'astro-docs/en', 'hono-docs/docs']));
    for (const [collection, weights] of models) {
      // Fitted on other lists than the default: a copy of the default would make the suite's row in-sample.
      expect(weights, collection).not.toEqual(DEFAULT_RERANK_OPTIONS.weights);
      for (const f of RERANK_FEATURES) expect(Number.isFinite(weights[f]), `${collection} ${f}`).toBe(true);
    }
  });

  it('is empty without the file, and refuses a model missing a weight, naming it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'held-out-'));
    expect(readHeldOutModels(dir).size).toBe(0);
    mkdirSync(path.join(dir, 'bench'));
    writeFileSync(path.join(dir, RERANK_HELD_OUT_FILE), JSON.stringify({ heldOut: { pino: { coverage: 1 } } }));
    expect(() => readHeldOutModels(dir)).toThrow(/pino lacks a finite weight for fusedReciprocalRank/);
  });
});

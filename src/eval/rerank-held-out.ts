/**
 * The reranker's held-out models (bench/rerank-held-out.json, written by `npx tsx
 * scripts/fit-reranker.ts --write`): for each suite collection the default model was fitted on,
 * the model fitted on the other sites. The suite ranks that collection with it, so no row of its
 * table is an in-sample figure.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RERANK_FEATURES, type RerankWeights } from '../core/index.ts';

/** The file, from the repository root. */
export const RERANK_HELD_OUT_FILE = path.join('bench', 'rerank-held-out.json');

/** Per collection name, the model fitted without it; empty when the file is absent. Throws on a malformed file. */
export function readHeldOutModels(repo: string): Map<string, RerankWeights> {
  const file = path.join(repo, RERANK_HELD_OUT_FILE);
  if (!existsSync(file)) return new Map();
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { heldOut?: Record<string, Record<string, unknown>> };
  const models = new Map<string, RerankWeights>();
  for (const [collection, weights] of Object.entries(stored.heldOut ?? {})) {
    const missing = RERANK_FEATURES.filter((f) => typeof weights[f] !== 'number' || !Number.isFinite(weights[f]));
    if (missing.length > 0) throw new Error(`${file}: the model held out for ${collection} lacks a finite weight for ${missing.join(', ')} (rerun scripts/fit-reranker.ts --write)`);
    models.set(collection, Object.fromEntries(RERANK_FEATURES.map((f) => [f, weights[f] as number])) as RerankWeights);
  }
  return models;
}

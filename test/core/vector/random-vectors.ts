/**
 * Seeded random vectors for the vector-kernel tests and bench: reproducible (mulberry32), pure
 * (runs in Node and workerd), with optional cluster structure like real embeddings have.
 */
import { mulberry32 } from '../../../src/core/random.ts';

/** Test data draws from the project's one seeded generator. */
export const seededRandom = mulberry32;

/** A standard normal sample (Box–Muller). */
export function gaussian(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  return norm === 0 ? v : v.map((x) => x / norm);
}

export function gaussianVector(random: () => number, dim: number): Float32Array {
  return Float32Array.from({ length: dim }, () => gaussian(random));
}

/** `v` plus isotropic noise of `spread` per unit length, normalised. */
export function near(random: () => number, v: Float32Array, spread: number): Float32Array {
  const perComponent = spread / Math.sqrt(v.length);
  return normalize(v.map((x) => x + perComponent * gaussian(random)));
}

/**
 * `count` unit vectors in `clusters` groups around random unit centres: a mix of tight
 * neighbourhoods (many close competitors for the top ranks) and unrelated directions.
 */
export function clusteredUnitVectors(random: () => number, count: number, dim: number, clusters: number, spread: number): Float32Array[] {
  const centres = Array.from({ length: clusters }, () => normalize(gaussianVector(random, dim)));
  return Array.from({ length: count }, () => near(random, centres[Math.floor(random() * clusters)], spread));
}

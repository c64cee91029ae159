/**
 * A seeded pseudo-random generator, so training is reproducible: the same corpus and seed give the
 * same random projection and therefore byte-identical model files (a rebuild of unchanged docs
 * keeps its buildId and every cache that depends on it).
 */

/** mulberry32: a 32-bit state generator, uniform in [0, 1). Small, fast, and good enough to draw a random projection. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draws (Box–Muller on mulberry32), filling `out`. */
export function fillGaussian(out: Float64Array, seed: number): Float64Array {
  const uniform = mulberry32(seed);
  for (let i = 0; i < out.length; i += 2) {
    // 1 − u is in (0, 1], so the logarithm is finite.
    const r = Math.sqrt(-2 * Math.log(1 - uniform()));
    const theta = 2 * Math.PI * uniform();
    out[i] = r * Math.cos(theta);
    if (i + 1 < out.length) out[i + 1] = r * Math.sin(theta);
  }
  return out;
}

/**
 * A seeded pseudo-random generator, so training is reproducible: the same corpus and seed give the
 * same random projection and therefore byte-identical model files (a rebuild of unchanged docs
 * keeps its buildId and every cache that depends on it).
 */
import { mulberry32 } from '../../core/random.ts';


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

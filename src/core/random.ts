/**
 * The project's one seeded pseudo-random generator. Everything random in recall-box is seeded —
 * the embedding's random projection, the evaluation's withheld documents, test data — so the same
 * inputs give byte-identical packs and identical reports on every platform.
 */

/** mulberry32: a 32-bit state generator, uniform in [0, 1). Small, fast and well mixed; not cryptographic. */
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

/**
 * The one float formula of the kernels. The integer dot product is exact in both (i32 in WASM, a
 * small integer in a JavaScript number), and the rest is this sequence of float32 operations, which
 * the WASM kernel performs as f32 instructions in the same order:
 *
 *   score = f32( f32( f32(dot) · vectorScale ) · queryScale )
 *
 * Math.fround of a product of two float32 values is the correctly rounded float32 product (the
 * double product is exact: 24 + 24 bits < 53), which is exactly what f32.mul returns, and
 * Math.fround(dot) rounds to nearest-even like f32.convert_i32_s. So the two kernels agree bit for
 * bit. (|dot| < 2²⁴ for dim < 1,040, where even the first rounding is exact.)
 */
export function score(dot: number, vectorScale: number, queryScale: number): number {
  return Math.fround(Math.fround(Math.fround(dot) * vectorScale) * queryScale);
}

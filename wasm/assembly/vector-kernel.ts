/**
 * The vector kernel of the semantic route, in AssemblyScript (compiled by `asc`, SIMD128).
 *
 * One job: score an int8 query against every loaded int8 vector and keep the best k. The host (the
 * TypeScript adapter in src/core/vector/wasm-kernel.ts) owns nothing here but bytes: it asks this
 * module to lay out its linear memory, writes vectors, scales and queries where the module says,
 * and reads ids and scores back. src/core/vector/typescript-kernel.ts is the same function in plain
 * TypeScript; the shared test suite demands bit-identical results from both, so every arithmetic
 * step below has a twin there:
 *
 *   dot    exact Σ v[j]·q[j] in i32 (|dot| ≤ dim·128·127 < 2³¹ for dim ≤ MAX_DIM = 65,536)
 *   score  f32(f32(f32(dot) · vScale) · qScale), f32 operations in this order
 *   order  score descending, then id ascending
 *
 * Memory layout, from __heap_base, every region 16-byte aligned (offsets exported below):
 *
 *   vectors  count × stride bytes   int8 rows, each padded with zeros to a whole v128 (stride)
 *   scales   count × f32            one scale per vector
 *   query    stride bytes           int8 query, written by the host before each topK
 *   query16  stride × i16           the query widened once per call, read by every row
 *   ids      count × i32            the top-k heap, then the sorted result
 *   scores   count × f32            its scores
 *
 * The module imports nothing and allocates nothing through the AssemblyScript runtime (`--runtime
 * stub`, no `new`): all memory above __heap_base is laid out by reserve().
 */

/** Bytes in one v128. Rows are padded to whole v128s so the dot loop has no scalar tail. */
const V128_BYTES: u64 = 16;
/** Bytes in one WebAssembly page. */
const PAGE_BYTES: u64 = 65536;
/** wasm32's limit: 65,536 pages = 4 GiB. */
const MAX_PAGES: u64 = 65536;

let dim: usize = 0;
let count: usize = 0;
let stride: usize = 0;
let vectorsAt: usize = 0;
let scalesAt: usize = 0;
let queryAt: usize = 0;
let query16At: usize = 0;
let idsAt: usize = 0;
let scoresAt: usize = 0;

function alignUp(n: u64, to: u64): u64 {
  return (n + to - 1) & ~(to - 1);
}

/**
 * Lays out memory for `vectorCount` vectors of `dimension` components, growing memory as needed.
 * Returns false, changing nothing, when the arguments are invalid or memory cannot grow; the
 * previous vectors then stay loaded. Sizes are computed in u64 so a huge request cannot wrap.
 */
export function reserve(dimension: i32, vectorCount: i32): bool {
  if (dimension < 1 || vectorCount < 0) return false;
  const n = <u64>vectorCount;
  const rowBytes = alignUp(<u64>dimension, V128_BYTES);
  const vectors = alignUp(<u64>__heap_base, V128_BYTES);
  const scales = alignUp(vectors + rowBytes * n, V128_BYTES);
  const query = alignUp(scales + 4 * n, V128_BYTES);
  const query16 = query + rowBytes;
  const ids = query16 + 2 * rowBytes;
  const scores = alignUp(ids + 4 * n, V128_BYTES);
  const end = scores + 4 * n;

  const pages = (end + PAGE_BYTES - 1) / PAGE_BYTES;
  if (pages > MAX_PAGES) return false;
  const have = <u64>memory.size();
  if (pages > have && memory.grow(<i32>(pages - have)) < 0) return false;

  dim = <usize>dimension;
  count = <usize>vectorCount;
  stride = <usize>rowBytes;
  vectorsAt = <usize>vectors;
  scalesAt = <usize>scales;
  queryAt = <usize>query;
  query16At = <usize>query16;
  idsAt = <usize>ids;
  scoresAt = <usize>scores;
  return true;
}

export function vectorsOffset(): usize {
  return vectorsAt;
}
export function scalesOffset(): usize {
  return scalesAt;
}
export function queryOffset(): usize {
  return queryAt;
}
export function idsOffset(): usize {
  return idsAt;
}
export function scoresOffset(): usize {
  return scoresAt;
}

/**
 * Turns the rows the host wrote packed (count × dim bytes at vectorsOffset) into padded rows of
 * `stride` bytes, in place. Going from the last row down, each move lands at or after the end of
 * every row not yet moved (i·stride ≥ i·dim), and memory.copy is a memmove, so nothing unread is
 * overwritten. Padding is zeroed so it adds nothing to a dot product, whatever the query's padding
 * holds (the host writes only `dim` query bytes; the rest is left over from earlier layouts).
 */
export function spreadRows(): void {
  if (stride == dim) return;
  for (let i = count; i > 0; i--) {
    const row = i - 1;
    const to = vectorsAt + row * stride;
    memory.copy(to, vectorsAt + row * dim, dim);
    memory.fill(to + dim, 0, stride - dim);
  }
}

/** Widens the int8 query to i16 once per call, so each row costs one widening (its own), not two. */
function widenQuery(): void {
  for (let j: usize = 0; j < stride; j += <usize>V128_BYTES) {
    const q = v128.load(queryAt + j);
    v128.store(query16At + (j << 1), i16x8.extend_low_i8x16_s(q));
    v128.store(query16At + (j << 1), i16x8.extend_high_i8x16_s(q), 16);
  }
}

/**
 * The exact integer dot product of one padded row with the widened query: each 16-byte chunk of
 * the row is widened to two i16x8 and multiplied pairwise into i32 lanes (i32x4.dot_i16x8_s). A
 * lane may wrap only if the whole sum would, and the sum fits i32 for every allowed dimension.
 */
// @ts-ignore: decorator
@inline
function dotRow(row: usize): i32 {
  // Two accumulators, so the low and high halves add in independent dependency chains (≈ 12%
  // faster than one on the bench machine).
  let low = i32x4.splat(0);
  let high = i32x4.splat(0);
  for (let j: usize = 0; j < stride; j += <usize>V128_BYTES) {
    const v = v128.load(row + j);
    const q = query16At + (j << 1);
    low = i32x4.add(low, i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_s(v), v128.load(q)));
    high = i32x4.add(high, i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_s(v), v128.load(q, 16)));
  }
  const acc = i32x4.add(low, high);
  return i32x4.extract_lane(acc, 0) + i32x4.extract_lane(acc, 1) + i32x4.extract_lane(acc, 2) + i32x4.extract_lane(acc, 3);
}

/** True when (scoreA, idA) ranks below (scoreB, idB): lower score, or the same score and a higher id. */
// @ts-ignore: decorator
@inline
function ranksBelow(scoreA: f32, idA: i32, scoreB: f32, idB: i32): bool {
  return scoreA < scoreB || (scoreA == scoreB && idA > idB);
}

// @ts-ignore: decorator
@inline
function idAt(pos: usize): i32 {
  return load<i32>(idsAt + (pos << 2));
}
// @ts-ignore: decorator
@inline
function scoreAt(pos: usize): f32 {
  return load<f32>(scoresAt + (pos << 2));
}
// @ts-ignore: decorator
@inline
function put(pos: usize, id: i32, score: f32): void {
  store<i32>(idsAt + (pos << 2), id);
  store<f32>(scoresAt + (pos << 2), score);
}

/** Adds (id, score) at the end of a heap of `size` entries whose root is the lowest-ranked entry. */
function heapPush(size: usize, id: i32, score: f32): void {
  let pos = size;
  while (pos > 0) {
    const parent = (pos - 1) >> 1;
    if (!ranksBelow(score, id, scoreAt(parent), idAt(parent))) break;
    put(pos, idAt(parent), scoreAt(parent));
    pos = parent;
  }
  put(pos, id, score);
}

/** Puts (id, score) at the root of a heap of `size` entries and sinks it to its place. */
function heapSiftDown(size: usize, id: i32, score: f32): void {
  let pos: usize = 0;
  while (true) {
    let child: usize = 2 * pos + 1;
    if (child >= size) break;
    const right = child + 1;
    if (right < size && ranksBelow(scoreAt(right), idAt(right), scoreAt(child), idAt(child))) child = right;
    if (!ranksBelow(scoreAt(child), idAt(child), score, id)) break;
    put(pos, idAt(child), scoreAt(child));
    pos = child;
  }
  put(pos, id, score);
}

/** Heap sort in place: the lowest-ranked root goes to the end each time, leaving the best first. */
function heapSort(size: usize): void {
  for (let end = size; end > 1; end--) {
    const last = end - 1;
    const id = idAt(last);
    const score = scoreAt(last);
    put(last, idAt(0), scoreAt(0));
    heapSiftDown(last, id, score);
  }
}

/**
 * Scores the query the host wrote at queryOffset (int8, scale `queryScale`) against every vector
 * and keeps the best `k` with score ≥ `minScore`, sorted by score descending then id ascending, at
 * idsOffset / scoresOffset. Returns how many there are (≤ min(k, count)).
 *
 * Rows are visited in id order, so a new row that only ties the heap's lowest entry ranks below it
 * (higher id): the cheap `score > lowest` test is the whole admission rule once the heap is full.
 */
export function topK(k: i32, queryScale: f32, minScore: f64): i32 {
  const wanted: usize = k <= 0 ? 0 : min(<usize>k, count);
  if (wanted == 0) return 0;
  widenQuery();
  let size: usize = 0;
  for (let i: usize = 0; i < count; i++) {
    const dot = dotRow(vectorsAt + i * stride);
    const score: f32 = <f32>dot * load<f32>(scalesAt + (i << 2)) * queryScale;
    if (<f64>score < minScore) continue;
    if (size < wanted) {
      heapPush(size, <i32>i, score);
      size++;
    } else if (score > scoreAt(0)) {
      heapSiftDown(size, <i32>i, score);
    }
  }
  heapSort(size);
  return <i32>size;
}

/**
 * Top-k selection for the TypeScript kernel, the same algorithm as the WASM kernel's (a fixed-size
 * heap whose root is the lowest-ranked entry, then an in-place heap sort), so the two are easy to
 * compare line by line. Any correct selection returns the same result: the order (score
 * descending, id ascending) is total.
 */
import type { TopK } from './types.ts';

/** True when (scoreA, idA) ranks below (scoreB, idB): lower score, or the same score and a higher id. */
function ranksBelow(scoreA: number, idA: number, scoreB: number, idB: number): boolean {
  return scoreA < scoreB || (scoreA === scoreB && idA > idB);
}

export class TopKHeap {
  private readonly ids: Int32Array;
  private readonly scores: Float32Array;
  private size = 0;

  constructor(readonly capacity: number) {
    this.ids = new Int32Array(capacity);
    this.scores = new Float32Array(capacity);
  }

  /**
   * Offers a candidate. Ids must be offered in ascending order: a candidate that only ties the
   * lowest-ranked entry of a full heap then ranks below it, so `score > lowest` is the whole
   * admission test (as in the WASM kernel).
   */
  offer(id: number, score: number): void {
    if (this.size < this.capacity) {
      this.push(id, score);
      this.size++;
    } else if (this.size > 0 && score > this.scores[0]) {
      this.siftDown(this.size, id, score);
    }
  }

  /** The entries, best first; the heap is spent afterwards. */
  drain(): TopK {
    for (let end = this.size; end > 1; end--) {
      const last = end - 1;
      const id = this.ids[last];
      const score = this.scores[last];
      this.put(last, this.ids[0], this.scores[0]);
      this.siftDown(last, id, score);
    }
    return { ids: this.ids.slice(0, this.size), scores: this.scores.slice(0, this.size) };
  }

  private put(pos: number, id: number, score: number): void {
    this.ids[pos] = id;
    this.scores[pos] = score;
  }

  private push(id: number, score: number): void {
    let pos = this.size;
    while (pos > 0) {
      const parent = (pos - 1) >> 1;
      if (!ranksBelow(score, id, this.scores[parent], this.ids[parent])) break;
      this.put(pos, this.ids[parent], this.scores[parent]);
      pos = parent;
    }
    this.put(pos, id, score);
  }

  private siftDown(size: number, id: number, score: number): void {
    let pos = 0;
    for (;;) {
      let child = 2 * pos + 1;
      if (child >= size) break;
      const right = child + 1;
      if (right < size && ranksBelow(this.scores[right], this.ids[right], this.scores[child], this.ids[child])) child = right;
      if (!ranksBelow(this.scores[child], this.ids[child], score, id)) break;
      this.put(pos, this.ids[child], this.scores[child]);
      pos = child;
    }
    this.put(pos, id, score);
  }
}

/**
 * A promise raced against a timer: what every bounded wait of the code is made of (a pack read's
 * deadline, read-deadline.ts; a source's try, src/worker/sources/retry.ts; draining a body too
 * large, src/worker/body.ts).
 */

/**
 * `work`'s outcome if it settles within `ms`, else a rejection with `late()`. The timer is cleared
 * when the work settles, so nothing is left waiting behind work that answered; `work` goes on
 * either way (a late result is ignored).
 */
export function withinDeadline<T>(work: Promise<T>, ms: number, late: () => unknown): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

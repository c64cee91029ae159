/**
 * `work` given the request's end, aborted once the work is done — whatever its outcome, and sooner
 * if the work aborts it (a cache hit): other requests waiting for a read this request started then
 * stop waiting on a read the runtime is about to drop (codec/kept-loads.ts, the Worker's pack cache).
 * What every route that reads the pack runs its work in.
 */
export async function untilAnswered<T>(work: (requestEnd: AbortController) => Promise<T>): Promise<T> {
  const requestEnd = new AbortController();
  try {
    return await work(requestEnd);
  } finally {
    requestEnd.abort();
  }
}

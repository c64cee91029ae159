/**
 * One read shared by every caller until it succeeds: concurrent callers wait on the same read, a
 * success is kept, and a failure is not — the next call reads again (a store in flux, a dropped
 * connection). What the lazily read parts of a pack are read through: the semantic files
 * (load.ts) and each shard of the matrix (matrix-rows.ts).
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= read().catch((e: unknown) => {
      pending = null;
      throw e;
    }));
}

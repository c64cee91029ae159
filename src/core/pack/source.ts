/**
 * Where a pack's files come from. This is the seam between the pure pack loader and a runtime:
 * the Worker reads from Workers Static Assets, Node (eval, bench, tests) reads from disk. Each
 * adapter is a few lines; the loader never knows which one it talks to.
 */
export interface PackSource {
  /** A human label for messages, e.g. `assets:/pack/` or a folder path. */
  readonly label: string;
  /** The file's text, or null when it does not exist. Throws only on transport failure. */
  read(name: string): Promise<string | null>;
  /** The file's bytes, or null when it does not exist (binary files: vectors, the matrix). */
  readBytes(name: string): Promise<Uint8Array | null>;
}

/**
 * A source from a bytes reader alone (a KV namespace, an R2 bucket): text is the bytes as UTF-8.
 * The adapters differ only in how they fetch one key; this is the rest of them.
 */
export function bytesSource(label: string, readBytes: (name: string) => Promise<Uint8Array | null>): PackSource {
  return {
    label,
    read: async (name) => {
      const bytes = await readBytes(name);
      return bytes === null ? null : new TextDecoder().decode(bytes);
    },
    readBytes,
  };
}

/**
 * A pack source whose reads the benchmarks watch: what a query reads, file by file, as the Worker
 * would fetch it. One wrapper for every bench that counts reads (node-bench.ts firstQueryBytes,
 * scale-probe.ts).
 */
import type { PackSource } from '../src/core/index.ts';

/** Runs one read of file `name` (text or bytes) and returns what it returned. */
export type ReadObserver = <T extends string | Uint8Array | null>(name: string, read: () => Promise<T>) => Promise<T>;

/** `inner` with every read, text or bytes, passed through `observe`. */
export function observedSource(inner: PackSource, observe: ReadObserver): PackSource {
  return {
    label: inner.label,
    read: (name) => observe(name, () => inner.read(name)),
    readBytes: (name) => observe(name, () => inner.readBytes(name)),
  };
}

/** Stored bytes of what a read returned: UTF-8 for text, 0 for a missing file. */
export function readSize(value: string | Uint8Array | null): number {
  if (value === null) return 0;
  return typeof value === 'string' ? Buffer.byteLength(value) : value.byteLength;
}

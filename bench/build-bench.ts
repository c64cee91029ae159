/**
 * Bench step 1: how long a build of the corpus takes and how big the pack is, raw and gzipped.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildPack, type BuildOptions, type BuildSummary } from '../src/indexer/build-pack.ts';
import { median } from './stats.ts';

/**
 * zlib level for the gzip sizes: 9 approximates what CDNs serve for static assets, and matches how
 * scripts/build-widget.ts measures the widget.
 */
const GZIP_LEVEL = 9;

export interface PackFileSize {
  name: string;
  bytes: number;
  gzipBytes: number;
}

export interface BuildBench {
  /** Wall time of each build, in run order (the first one also pays for module warm-up). */
  buildsMs: number[];
  medianMs: number;
  /** The last build's summary (all builds of the same docs give the same pack). */
  summary: Omit<BuildSummary, 'skipped'> & { skipped: number };
  files: PackFileSize[];
  total: { bytes: number; gzipBytes: number };
}

/** The sum of `files`' sizes, raw and gzipped. */
export function packTotal(files: readonly PackFileSize[]): { bytes: number; gzipBytes: number } {
  return { bytes: files.reduce((n, f) => n + f.bytes, 0), gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0) };
}

export async function packSizes(packDir: string): Promise<PackFileSize[]> {
  const names = (await readdir(packDir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const data = await readFile(path.join(packDir, name));
      return { name, bytes: data.length, gzipBytes: gzipSync(data, { level: GZIP_LEVEL }).length };
    }),
  );
}

/** Build `docsDir` into `packDir` `runs` times (sequentially) and measure the result. */
export async function benchBuild(docsDir: string, packDir: string, runs: number, options: BuildOptions = {}): Promise<BuildBench> {
  const buildsMs: number[] = [];
  let summary: BuildSummary | null = null;
  for (let i = 0; i < runs; i++) {
    summary = await buildPack(docsDir, packDir, options);
    buildsMs.push(summary.ms);
  }
  if (!summary) throw new Error('benchBuild needs at least one run');
  const files = await packSizes(packDir);
  return {
    buildsMs,
    medianMs: median(buildsMs),
    summary: { ...summary, skipped: summary.skipped.length },
    files,
    total: packTotal(files),
  };
}

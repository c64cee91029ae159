/**
 * The Worker's upload size, as wrangler reports it: `wrangler deploy --dry-run --outdir` bundles the
 * Worker exactly as a deploy would (no network, no account) and prints "Total Upload: X KiB / gzip:
 * Y KiB". The compressed size is what Cloudflare's script-size limit applies to.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { WRANGLER_BIN, wranglerEnv } from './wrangler-dev.ts';

/**
 * Cloudflare's published Worker size limits (compressed, after gzip), as of 2026: Free 3 MB, Paid
 * 10 MB (https://developers.cloudflare.com/workers/platform/limits/#worker-size). They change:
 * wrangler's own figure is printed beside ours, and a deploy is the final word.
 */
export const WORKER_SIZE_LIMITS = [
  { plan: 'Workers Free', gzipBytes: 3 * 1024 * 1024 },
  { plan: 'Workers Paid', gzipBytes: 10 * 1024 * 1024 },
] as const;

/** Bound on one dry run (bundling only: ~3 s here). */
const DRY_RUN_TIMEOUT_MS = 120_000;

export interface BundleSize {
  /** Which configuration: the default entry or a named wrangler environment. */
  name: string;
  rawBytes: number;
  gzipBytes: number;
  /** The smallest plan whose limit the compressed size fits, or null when none does. */
  plan: string | null;
}

const UPLOAD_LINE = /Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/;

export function parseUploadLine(output: string): { rawBytes: number; gzipBytes: number } {
  const m = UPLOAD_LINE.exec(output);
  if (!m) throw new Error(`wrangler printed no "Total Upload" line:\n${output.slice(-2000)}`);
  return { rawBytes: Math.round(Number(m[1]) * 1024), gzipBytes: Math.round(Number(m[2]) * 1024) };
}

export function planFor(gzipBytes: number): string | null {
  return WORKER_SIZE_LIMITS.find((l) => gzipBytes <= l.gzipBytes)?.plan ?? null;
}

/** Dry-run deploys `config` (optionally its environment `env`) and reads the sizes wrangler prints. */
export async function measureBundle(root: string, config: string, env?: string): Promise<BundleSize> {
  const outdir = await mkdtemp(path.join(tmpdir(), 'recall-box-bundle-'));
  try {
    const args = ['deploy', '--dry-run', '--outdir', outdir, '-c', config, ...(env ? ['--env', env] : [])];
    const { stdout, stderr } = await promisify(execFile)(WRANGLER_BIN, args, { cwd: root, env: wranglerEnv(), timeout: DRY_RUN_TIMEOUT_MS, maxBuffer: 16 << 20 });
    const sizes = parseUploadLine(`${stdout}\n${stderr}`);
    return { name: env ? `--env ${env}` : 'default', ...sizes, plan: planFor(sizes.gzipBytes) };
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

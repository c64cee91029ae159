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

/**
 * The plan each Worker entry must fit, checked by `npm test` (test/deploy/bundle-budget.test.ts):
 * the default entry the Free plan (docs/deploying.md promises it runs there), the ONNX entry the Paid plan
 * (ORT's engine alone is over the Free limit). `env`: the wrangler environment, none for the default.
 */
export const BUNDLE_BUDGETS: ReadonlyArray<{ env?: string; plan: (typeof WORKER_SIZE_LIMITS)[number]['plan'] }> = [
  { plan: 'Workers Free' },
  { env: 'onnx', plan: 'Workers Paid' },
];

/** The compressed-size limit of a plan, in bytes. */
export function planLimit(plan: string): number {
  const limit = WORKER_SIZE_LIMITS.find((l) => l.plan === plan);
  if (!limit) throw new Error(`no size limit known for plan "${plan}"`);
  return limit.gzipBytes;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** One line per bundle: its sizes and, for every plan, whether it fits and with how much room. */
export function describeBundle(size: BundleSize): string {
  const plans = WORKER_SIZE_LIMITS.map((l) => {
    const room = l.gzipBytes - size.gzipBytes;
    return `${l.plan} (${kib(l.gzipBytes)}): ${room >= 0 ? `fits, ${((100 * size.gzipBytes) / l.gzipBytes).toFixed(0)}% used` : `over by ${kib(-room)}`}`;
  });
  return `${size.name}: ${kib(size.rawBytes)} raw, ${kib(size.gzipBytes)} gzip; ${plans.join('; ')}`;
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

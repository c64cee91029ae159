/**
 * Where the Worker reads a pack from: the one place a pack source is chosen (the script when its
 * entry bundled the pack, else PACK_SOURCE). Each source is a thin adapter from a binding (or the
 * script's modules) to the core's PackSource (src/core/pack/source.ts); a new one is a file here
 * and a case below.
 */
import { RecallBoxError, type PackSource } from '../../core/index.ts';
import type { WorkerConfig } from '../config.ts';
import { assetsPackSource, type AssetsFetcher } from './assets.ts';
import { bundledPackSource, type BundledPackFiles, type BundledPacks } from './bundled.ts';
import { kvPackSource, type KvReader } from './kv.ts';
import { r2PackSource, type R2Reader } from './r2.ts';
import { DEFAULT_RETRY_POLICY, retriedReadBoundMs, retryingSource, type RetryPolicy } from './retry.ts';

/** The bindings the sources read. */
export interface SourceBindings {
  ASSETS: AssetsFetcher;
  PACK_KV?: KvReader;
  PACK_BUCKET?: R2Reader;
}

/** What the sources read: the bindings, and the packs bundled into the script by its entry (bundled.ts). */
export interface PackSources extends SourceBindings {
  bundled?: BundledPacks;
}

/** The files of the pack at `path` when the script holds it (it is then read from there, whatever PACK_SOURCE says), else null. */
export function bundledFilesOf(sources: Pick<PackSources, 'bundled'>, path: string): BundledPackFiles | null {
  return sources.bundled !== undefined && Object.hasOwn(sources.bundled, path) ? sources.bundled[path]! : null;
}

/**
 * The source of the pack at `path`: the script when its entry bundled that pack (bundled.ts), else
 * the configured one, each read retried (retry.ts); a missing binding is a deployment fault, named.
 */
export function packSourceFor(env: PackSources, config: Pick<WorkerConfig, 'packSource' | 'packReadTimeoutMs'>, path: string): PackSource {
  const bundled = bundledFilesOf(env, path);
  if (bundled !== null) return bundledPackSource(bundled, path);
  return retryingSource(bindingSource(env, config, path), retryPolicyFor(config));
}

/** How the Worker retries a pack read: the default policy, each try bounded by PACK_READ_TIMEOUT_MS. */
function retryPolicyFor(config: Pick<WorkerConfig, 'packReadTimeoutMs'>): RetryPolicy {
  return { ...DEFAULT_RETRY_POLICY, attemptTimeoutMs: config.packReadTimeoutMs };
}

/**
 * Time between the retries giving up on a read and the loader's deadline for it (1 s): the retries'
 * answer, which says how the store failed, comes first; the deadline is for a read nothing else ends.
 */
const DEADLINE_AFTER_RETRIES_MS = 1_000;

/**
 * The loader's deadline for one read (LoadPackOptions.readDeadlineMs), for every source: just past
 * the longest the retries can take (12.25 s by default), so it never cuts a retry short.
 */
export function readDeadlineFor(config: Pick<WorkerConfig, 'packReadTimeoutMs'>): number {
  return retriedReadBoundMs(retryPolicyFor(config)) + DEADLINE_AFTER_RETRIES_MS;
}

function bindingSource(env: PackSources, config: Pick<WorkerConfig, 'packSource'>, path: string): PackSource {
  switch (config.packSource) {
    case 'kv':
      if (!env.PACK_KV) throw new RecallBoxError('INDEX_MISSING', 'PACK_SOURCE is "kv" but the Worker has no PACK_KV binding (kv_namespaces in wrangler.toml).');
      return kvPackSource(env.PACK_KV, path);
    case 'r2':
      if (!env.PACK_BUCKET) throw new RecallBoxError('INDEX_MISSING', 'PACK_SOURCE is "r2" but the Worker has no PACK_BUCKET binding (r2_buckets in wrangler.toml).');
      return r2PackSource(env.PACK_BUCKET, path);
    default:
      return assetsPackSource(env.ASSETS, path);
  }
}

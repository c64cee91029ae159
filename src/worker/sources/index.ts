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
import { DEFAULT_RETRY_POLICY, retryingSource } from './retry.ts';

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
  return retryingSource(bindingSource(env, config, path), { ...DEFAULT_RETRY_POLICY, attemptTimeoutMs: config.packReadTimeoutMs });
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

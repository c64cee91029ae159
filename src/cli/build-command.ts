/**
 * What `recall-box build` (and `deploy`, which builds first) builds: the config file, if any,
 * overridden by the command line, with every default applied (SitePlan).
 */
import { buildPack, type BuildSummary } from '../indexer/build-pack.ts';
import { buildOptionsFor, flagsConfig, readPoolRulesFile, type BuildFlags } from './build-options.ts';
import type { RecallBoxConfig } from './config-fields.ts';
import { absolutePaths, loadConfig, mergeConfig, sitePlan, type LoadedConfig, type SitePlan } from './config.ts';

export interface ResolvedBuild {
  /** The config file read, or null when there was none. */
  loaded: LoadedConfig | null;
  /** File and flags merged, paths absolute. */
  config: RecallBoxConfig;
  plan: SitePlan;
}

/** A resolved build, or a command-line error (exit 2) with whether the usage should follow it. */
export type ResolveResult = { ok: true; build: ResolvedBuild } | { ok: false; message: string; usage: boolean };

/**
 * Resolves the build from `flags` (+ `<docs-dir>`) and the config file (`--config`, else
 * recall-box.config.json in `cwd` when there is one). Throws CONFIG_INVALID / CONFIG_MISSING for
 * a bad or absent file, INVALID_OPTIONS for an unreadable --pool-rules file.
 */
export async function resolveBuild(flags: BuildFlags & { config?: string }, docsDir: string | undefined, cwd: string): Promise<ResolveResult> {
  const fromFlags = flagsConfig(flags, docsDir);
  if (!fromFlags.ok) return { ok: false, message: fromFlags.message, usage: false };
  const loaded = await loadConfig(cwd, flags.config);
  const config = mergeConfig(loaded ? absolutePaths(loaded.config, loaded.dir) : {}, absolutePaths(fromFlags.config, cwd));
  if (fromFlags.poolRulesFile !== undefined) config.poolRules = await readPoolRulesFile(fromFlags.poolRulesFile);
  // Without a config file the pack folder must be named: a default would write into a folder of
  // the current directory nobody asked for.
  const plan = loaded === null && config.out === undefined ? null : sitePlan(config, loaded?.dir ?? cwd);
  if (plan === null) {
    const where = loaded ? `, or set "source" or "html" in ${loaded.file}` : ` (or write a recall-box.config.json: \`recall-box init\`)`;
    return { ok: false, message: `expected \`build <docs-dir> --out <pack-dir>\` or \`build --html <site-dir> --out <pack-dir>\`${where}.`, usage: true };
  }
  return { ok: true, build: { loaded, config, plan } };
}

/** Builds the resolved pack. */
export function runBuild(build: ResolvedBuild): Promise<BuildSummary> {
  return buildPack(build.plan.input, build.plan.out, buildOptionsFor(build.config, build.plan.kind === 'html'));
}

/**
 * The config's Worker settings as wrangler.toml `[vars]` (strings, as src/worker/config.ts reads
 * them): written into wrangler.toml by init and passed as `--var` by deploy.
 */
import { WORKER_FIELDS, type WorkerSettings } from './config-fields.ts';
import type { SitePlan } from './config.ts';

/** One setting's value as its var's text. */
function varText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'number') return String(value);
  // allowedOrigins: ALLOWED_ORIGINS is comma-separated.
  if (Array.isArray(value)) return value.join(',');
  // fallbackMessage / fallbackLinkText as an object: the var holds its JSON.
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * The vars of the settings the config sets, in the table's order, with PACK_PATH always (the
 * plan's, its default included: the Worker must look where the build put the pack).
 */
export function workerVars(settings: WorkerSettings | undefined, plan: SitePlan): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, spec] of Object.entries(WORKER_FIELDS)) {
    if (!('workerVar' in spec)) continue;
    const value = name === 'packPath' ? plan.packPath : settings?.[name as keyof WorkerSettings];
    if (value !== undefined) vars[spec.workerVar] = varText(value);
  }
  return vars;
}

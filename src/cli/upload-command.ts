/**
 * `recall-box upload`: the pack put into an existing Worker's KV namespace or R2 bucket
 * (PACK_SOURCE = "kv" / "r2") instead of deploying the site's own Worker — the published form of
 * the repository's `npm run pack:upload` (scripts/upload-pack.ts), through the same plan
 * (upload-pack.ts: checked pack, data first, manifest last) and the package's own wrangler.
 */
import type { UploadPlan, UploadTarget } from './upload-pack.ts';

export interface UploadFlags {
  binding?: string;
  'namespace-id'?: string;
  bucket?: string;
  local?: boolean;
}

/** The target the flags name, or the usage error they make. */
export function uploadTarget(kind: string | undefined, flags: UploadFlags): { ok: true; target: UploadTarget } | { ok: false; message: string } {
  const where = flags.local ? 'local' : 'remote';
  if (kind === 'kv') {
    if (flags.bucket !== undefined) return { ok: false, message: '--bucket belongs to `upload r2`.' };
    if (flags.binding !== undefined && flags['namespace-id'] !== undefined) return { ok: false, message: '--binding and --namespace-id exclude each other.' };
    const namespace = flags['namespace-id'] !== undefined ? { id: flags['namespace-id'] } : { binding: flags.binding ?? 'PACK_KV' };
    return { ok: true, target: { kind, where, namespace } };
  }
  if (kind === 'r2') {
    if (flags.binding !== undefined || flags['namespace-id'] !== undefined) return { ok: false, message: '--binding and --namespace-id belong to `upload kv`.' };
    if (flags.bucket === undefined) return { ok: false, message: '`upload r2` needs --bucket <name>.' };
    return { ok: true, target: { kind, where, bucket: flags.bucket } };
  }
  return { ok: false, message: 'expected `upload kv` or `upload r2`.' };
}

/** An argv as a shell line, quoting only what needs it. */
export function shellLine(argv: readonly string[]): string {
  return argv.map((a) => (/^[\w./:@=-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
}

/** What to set in the Worker's wrangler.toml once the pack is uploaded. */
export function uploadNextStep(plan: UploadPlan, kind: UploadTarget['kind']): string {
  return `Then set, in the Worker's wrangler.toml [vars]: PACK_SOURCE = "${kind}" and PACK_PATH = "${plan.packPath}" (or that path in INDEXES), and deploy it.`;
}

/**
 * GET /health?deep=1: every file of every index (or of `index=`) read and checked — the one way to
 * find damage in a lazily read pack before a reader's query does. It reads whole packs, so it is
 * for a holder of the admin token (a monitor after each deploy or upload), not the public.
 */
import type { Context } from 'hono';
import { verifyPack, type LoadedPack } from '../core/index.ts';
import type { IndexEntry } from '../protocol/indexes.ts';
import { unknownIndex } from '../protocol/indexes.ts';
import { toErrorResponse } from '../protocol/errors.ts';
import { bearerMatches, unauthorized } from './gaps.ts';

export interface DeepHealthDeps {
  indexes: readonly IndexEntry[];
  getPack: (index: string) => Promise<LoadedPack>;
  adminToken?: string;
  /** The configuration's warnings (WorkerConfig.warnings): for the token's holder, as in /health with the token. */
  configWarnings: readonly string[];
}

async function indexReport(deps: DeepHealthDeps, name: string) {
  let pack: LoadedPack;
  try {
    pack = await deps.getPack(name);
  } catch (e) {
    return { status: 'error', ...toErrorResponse(e).body.error };
  }
  const verified = await verifyPack(pack.source, pack.manifest);
  return { status: verified.damaged.length === 0 ? 'ok' : 'damaged', buildId: pack.manifest.buildId, ...verified };
}

/** The deep report: 200 when every checked index is sound, 503 when any is damaged or fails to load. */
export async function deepHealth(c: Context, deps: DeepHealthDeps): Promise<Response> {
  if (!(await bearerMatches(c.req.header('authorization'), deps.adminToken))) return unauthorized(c);
  const asked = c.req.query('index');
  const names = deps.indexes.map((i) => i.name);
  if (asked !== undefined && asked !== '' && !names.includes(asked)) throw unknownIndex(asked, names);
  const chosen = asked ? [asked] : names;
  // One index after another: each reads a whole pack, and together they would hold all in memory.
  const indexes: Record<string, Awaited<ReturnType<typeof indexReport>>> = {};
  for (const name of chosen) indexes[name] = await indexReport(deps, name);
  const sound = Object.values(indexes).every((r) => r.status === 'ok');
  return c.json({ status: sound ? 'ok' : 'damaged', deep: true, indexes, configWarnings: deps.configWarnings }, sound ? 200 : 503, { 'Cache-Control': 'no-store' });
}


/**
 * One request to the default Worker inside workerd (the worker test pool), waiting for its
 * after-response work (cache writes, gap counts) before returning.
 *
 * The Worker builds its app once per env object, as an isolate does for its one env: calls with one
 * object share an app and its memory; a new object is a new app (a new isolate, as far as the app
 * can tell).
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import worker, { type Env } from '../../src/worker/index.ts';

export async function callIn(isolateEnv: Env, path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://search.example.com${path}`, init), isolateEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The ADMIN_TOKEN configWarningsIn sets, and presents. */
const HEALTH_TOKEN = 'health-warnings-token';

/**
 * The configuration's warnings, as GET /health shows them to the admin token's holder — after
 * checking that the same /health without the token shows none (issue 47 L2: a reader learns nothing
 * of the deployment's configuration).
 */
export async function configWarningsIn(isolateEnv: Env): Promise<string[]> {
  const withToken = { ...isolateEnv, ADMIN_TOKEN: HEALTH_TOKEN };
  const open = (await (await callIn(withToken, '/health')).json()) as Record<string, unknown>;
  if ('configWarnings' in open) throw new Error('/health without the admin token lists configWarnings');
  const res = await callIn(withToken, '/health', { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });
  return ((await res.json()) as { configWarnings: string[] }).configWarnings;
}

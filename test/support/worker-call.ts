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

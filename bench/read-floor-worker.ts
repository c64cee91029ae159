/**
 * The floor under a cold start: a bare Worker that reads the pack files recall-box's first query
 * reads, in the same waves (a wave's files at once, the next wave after it), hashes each with
 * SHA-256 as recall-box does to check it (the digest is computed, not compared: the cost is the
 * point), and answers nothing else. Served by its own `wrangler dev`
 * (bench/wrangler.read-floor.toml) over the bench site's static assets, its first request shows
 * what starting an isolate and reading those files cost under `wrangler dev` on their own, so the
 * bench can say how much of recall-box's cold start is the search's own work.
 *
 *   GET /read?path=/pack-keyword/&waves=manifest.json|keyword.json,sections.json|…
 */

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
}

/** A pack file's name (no folders, no query): what a wave may list. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** A pack folder as PACK_PATH spells it. */
const PACK_PATH = /^\/[A-Za-z0-9._-]+\/$/;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== '/read') return new Response('not found', { status: 404 });
    const packPath = url.searchParams.get('path') ?? '';
    const waves = (url.searchParams.get('waves') ?? '').split('|').map((w) => w.split(',').filter(Boolean));
    if (!PACK_PATH.test(packPath) || !waves.every((w) => w.every((name) => FILE_NAME.test(name)))) {
      return Response.json({ error: 'path must be a pack folder and waves file names' }, { status: 400 });
    }
    let bytes = 0;
    try {
      for (const wave of waves) {
        await Promise.all(
          wave.map(async (name) => {
            const res = await env.ASSETS.fetch(new Request(`https://assets.invalid${packPath}${name}`));
            if (!res.ok) throw new Error(`${packPath}${name}: assets answered ${res.status}`);
            const body = new Uint8Array(await res.arrayBuffer());
            await crypto.subtle.digest('SHA-256', body);
            bytes += body.byteLength;
          }),
        );
      }
    } catch (e) {
      // Said in the body, so the bench's error names the file instead of a bare 500.
      return Response.json({ error: e instanceof Error ? e.message : String(e) }, { status: 502 });
    }
    return Response.json({ files: waves.flat().length, bytes });
  },
};

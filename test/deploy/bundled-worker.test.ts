import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWranglerDev, type WranglerDev } from '../../bench/wrangler-dev.ts';
import { buildPack } from '../../src/indexer/build-pack.ts';
import type { PackManifest } from '../../src/core/pack/format.ts';

// The repository's default Worker as wrangler runs it: its custom build (`recall-box bundle`), its
// alias to the module map, wrangler's default Data rule for the copies, and src/worker/bundled.ts
// in `wrangler dev` (workerd). The config is wrangler.toml itself with only its paths moved to a
// temporary folder, whose static assets hold no pack: every answer comes from the script.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SITE = path.join(ROOT, 'test/fixtures/site');

describe('the default Worker of wrangler.toml, its pack bundled into the script', () => {
  let dir: string;
  let manifest: PackManifest;
  let server: WranglerDev | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'recall-box-bundled-'));
    const pack = path.join(dir, 'built/pack');
    await buildPack(SITE, pack, {});
    manifest = JSON.parse(await readFile(path.join(pack, 'manifest.json'), 'utf8'));
    await mkdir(path.join(dir, 'public'));
    await writeFile(path.join(dir, 'public/index.html'), '<!doctype html><title>no pack here</title>');
    let toml = await readFile(path.join(ROOT, 'wrangler.toml'), 'utf8');
    const move = (from: string, to: string) => {
      // Each path this test moves must be in wrangler.toml: a renamed one fails here, not silently.
      expect(toml).toContain(from);
      toml = toml.replaceAll(from, to);
    };
    move('main = "src/worker/', `main = ${JSON.stringify(`${ROOT}/src/worker/`).slice(0, -1)}`);
    move('node bin/recall-box.js bundle public/pack', `node ${ROOT}/bin/recall-box.js bundle ${pack}`);
    // wrangler runs the build in its own working folder (the repository here), and resolves the
    // alias from the config's: an owner runs both from the config's folder.
    move('build = { command =', `build = { cwd = ${JSON.stringify(dir)}, command =`);
    await writeFile(path.join(dir, 'wrangler.toml'), toml);
    server = await startWranglerDev({ config: path.join(dir, 'wrangler.toml'), timeoutMs: 90_000 });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers from the pack in its script, with no pack among its static assets', async () => {
    expect((await fetch(`${server!.url}/pack/manifest.json`)).status).toBe(404);
    const res = await fetch(`${server!.url}/search?q=${encodeURIComponent('route parameters')}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { buildId: string; results: Array<{ url: string; routes: Record<string, unknown> }> };
    expect(body.buildId).toBe(manifest.buildId);
    expect(body.results[0]!.url).toBe('/guides/routing/#route-parameters');
    // A query the vector route runs for ("submarine" is in no doc): the matrix and vectors are in the script too.
    const semantic = (await (await fetch(`${server!.url}/search?q=${encodeURIComponent('routing on a submarine')}`)).json()) as typeof body;
    expect(semantic.results.some((r) => 'vector' in r.routes)).toBe(true);
    const health = (await (await fetch(`${server!.url}/health`)).json()) as { status: string; buildId: string; indexes: Record<string, { source: string }> };
    expect(health).toMatchObject({ status: 'ok', buildId: manifest.buildId });
    expect(health.indexes.default!.source).toBe('script:/pack/');
  });
});

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack } from '../../src/indexer/build-pack.ts';
import { bundlePacks, PACK_MODULES_FILE, WORKER_CODE_ALLOWANCE } from '../../src/cli/bundle-pack.ts';
import type { PackManifest } from '../../src/core/pack/format.ts';
import { runCli } from '../support/cli.ts';

// `recall-box bundle`: the pack's files copied for the Worker script and the module map that
// imports them. That wrangler bundles the map and the Worker answers from it is
// test/deploy/bundled-worker.test.ts; reading a bundled pack in workerd, test/worker/pack-sources.test.ts.

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/site');

/** The map's pack path → stored name → the file it imports, parsed back from its text. */
function parseMap(text: string): Record<string, Record<string, string>> {
  const files = new Map([...text.matchAll(/^import (f\d+) from "(.+)";$/gm)].map((m) => [m[1]!, m[2]!]));
  const body = text.slice(text.indexOf('export default')).replace('export default', '').replace(/;\s*$/, '');
  // The values are module bindings (f0, f1…): quoted, the object is JSON.
  const json = body.replace(/: (f\d+),/g, ': "$1",').replace(/,(\s*})/g, '$1');
  const map = JSON.parse(json) as Record<string, Record<string, string>>;
  return Object.fromEntries(Object.entries(map).map(([p, names]) => [p, Object.fromEntries(Object.entries(names).map(([n, id]) => [n, files.get(id)!]))]));
}

describe('bundlePacks', () => {
  let dir: string;
  let pack: string;
  let manifest: PackManifest;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'recall-box-bundle-'));
    pack = path.join(dir, 'pack');
    await buildPack(SITE, pack, { embedding: false, shards: { shardBytes: 8 * 1024 } });
    manifest = JSON.parse(await readFile(path.join(pack, 'manifest.json'), 'utf8'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('maps every stored file the manifest lists, and only those, to a byte-identical .bin copy', async () => {
    // A file the manifest does not list (left over from an older build) must not reach the script.
    await writeFile(path.join(pack, 'stale.json'), '{}');
    const out = path.join(dir, 'out');
    const result = await bundlePacks([{ packDir: pack, packPath: 'docs' }], out);
    const map = parseMap(await readFile(result.modulesFile, 'utf8'));
    const stored = [...Object.values(manifest.files).flatMap((f) => f.shards.map((s) => s.name)), 'manifest.json'];
    expect(stored.length).toBeGreaterThan(4);
    expect(Object.keys(map)).toEqual(['/docs/']);
    expect(Object.keys(map['/docs/']!).sort()).toEqual([...stored].sort());
    for (const [name, file] of Object.entries(map['/docs/']!)) {
      // .bin: wrangler's default rules load it as Data (bytes), not as JSON parsed into the bundle.
      expect(file).toMatch(/\.bin$/);
      expect(await readFile(path.join(out, file))).toEqual(await readFile(path.join(pack, name)));
    }
    expect(result.packs[0]).toMatchObject({ packPath: '/docs/', buildId: manifest.buildId, files: stored.length });
    expect(result).toMatchObject({ fits: 'free', skipped: null });
  });

  it('keeps the bundle out of the site\'s git repository, whose own .gitignore it leaves alone', async () => {
    const site = path.join(dir, 'git-site');
    await mkdir(site);
    const git = (...args: string[]) => spawnSync('git', args, { cwd: site, encoding: 'utf8' });
    expect(git('init', '-q').status).toBe(0);
    await writeFile(path.join(site, 'index.md'), '# Docs\n');
    await bundlePacks([{ packDir: pack, packPath: '/pack/' }], path.join(site, '.recall-box', 'bundled'), { workerModule: 'recall-box/worker' });
    // Only the site's own file is new to git; the bundle (map, entry, copies) is not listed.
    expect(git('status', '--porcelain', '--untracked-files=all').stdout.trim().split('\n')).toEqual(['?? index.md']);
    expect(existsSync(path.join(site, '.gitignore'))).toBe(false);
  });

  it('bundles two packs at their own paths, and refuses two at one path', async () => {
    const other = path.join(dir, 'other');
    await buildPack(SITE, other, { embedding: false, ingest: { baseUrl: '/v2/' } });
    const result = await bundlePacks([{ packDir: pack, packPath: '/pack/' }, { packDir: other, packPath: '/v2/pack/' }], path.join(dir, 'two'));
    const map = parseMap(await readFile(result.modulesFile, 'utf8'));
    expect(Object.keys(map)).toEqual(['/pack/', '/v2/pack/']);
    expect(await readFile(path.join(dir, 'two', map['/v2/pack/']!['manifest.json']!), 'utf8')).toBe(await readFile(path.join(other, 'manifest.json'), 'utf8'));
    await expect(bundlePacks([{ packDir: pack, packPath: '/pack/' }, { packDir: other, packPath: 'pack' }], path.join(dir, 'clash'))).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });

  it('refuses a damaged pack and one over the size limit, leaving the last bundle as it was', async () => {
    const out = path.join(dir, 'kept');
    await bundlePacks([{ packDir: pack, packPath: '/pack/' }], out);
    const before = await readdir(out, { recursive: true });
    const mapBefore = await readFile(path.join(out, PACK_MODULES_FILE), 'utf8');

    const bad = path.join(dir, 'bad');
    await cp(pack, bad, { recursive: true });
    const shard = manifest.files['sections-0000.json']!.shards[0]!.name;
    const bytes = await readFile(path.join(bad, shard));
    bytes[bytes.length - 2] ^= 1;
    await writeFile(path.join(bad, shard), bytes);
    await expect(bundlePacks([{ packDir: bad, packPath: '/pack/' }], out)).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    // Limits a few bytes wide: the pack is over them.
    await expect(bundlePacks([{ packDir: pack, packPath: '/pack/' }], out, { limits: { free: 10, paid: 100 } })).rejects.toMatchObject({ code: 'PACK_TOO_LARGE' });

    expect(await readdir(out, { recursive: true })).toEqual(before);
    expect(await readFile(path.join(out, PACK_MODULES_FILE), 'utf8')).toBe(mapBefore);
    expect((await readdir(dir)).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  // Limits where the fixture pack fits Paid, not Free: 1 KiB beside the code's allowance is less than it.
  const PAID_ONLY = { free: WORKER_CODE_ALLOWANCE + 1024, paid: 100 * 1024 * 1024 };

  it('says which plan the packs need, and refuses a plan they do not fit', async () => {
    const result = await bundlePacks([{ packDir: pack, packPath: '/pack/' }], path.join(dir, 'paid'), { limits: PAID_ONLY });
    expect(result.gzipBytes).toBeGreaterThan(1024);
    expect(result.fits).toBe('paid');
    await expect(bundlePacks([{ packDir: pack, packPath: '/pack/' }], path.join(dir, 'free'), { plan: 'free', limits: PAID_ONLY })).rejects.toMatchObject({ code: 'PACK_TOO_LARGE' });
  });

  it('optional: bundles nothing for a pack over the plan or no pack at all, and still refuses a damaged one', async () => {
    const out = path.join(dir, 'optional');
    const over = await bundlePacks([{ packDir: pack, packPath: '/pack/' }], out, { plan: 'free', optional: true, limits: PAID_ONLY });
    expect(over).toMatchObject({ packs: [], fits: 'paid' });
    expect(over.skipped).toContain('read from the static assets');
    // An empty map: the entry reads every pack from PACK_SOURCE. No copy is left behind.
    expect(parseMap(await readFile(over.modulesFile, 'utf8'))).toEqual({});
    expect((await readdir(out)).sort()).toEqual(['.gitignore', PACK_MODULES_FILE]);
    const none = await bundlePacks([{ packDir: path.join(dir, 'no-pack-here'), packPath: '/pack/' }], out, { optional: true });
    expect(none.skipped).toContain('no pack at');
    await expect(bundlePacks([{ packDir: path.join(dir, 'bad'), packPath: '/pack/' }], out, { optional: true })).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
  });
});

describe('recall-box bundle', () => {
  let dir: string;
  let pack: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'recall-box-bundle-cli-'));
    pack = path.join(dir, 'pack');
    await buildPack(SITE, pack, { embedding: false });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('bundles the given pack at --pack-path into --out and prints its size', async () => {
    const out = path.join(dir, 'bundled');
    const { code, out: printed, err } = await runCli(['bundle', pack, '--pack-path', '/docs/pack/', '--out', out]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(printed).toMatch(/bundled pack [0-9a-f]+ at \/docs\/pack\/ \(\d+ files, [\d.]+ KiB\) into the Worker script: [\d.]+ KiB compressed, fits Workers Free/);
    expect(Object.keys(parseMap(await readFile(path.join(out, PACK_MODULES_FILE), 'utf8')))).toEqual(['/docs/pack/']);
  });

  it('with --optional, exits 0 and says why nothing was bundled; refuses a --plan it does not know', async () => {
    const out = path.join(dir, 'optional');
    const r = await runCli(['bundle', path.join(dir, 'nowhere'), '--out', out, '--plan', 'free', '--optional']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('no pack bundled into the Worker script');
    expect((await runCli(['bundle', pack, '--plan', 'enterprise'])).code).toBe(2);
  });

  it('fails with the code of a missing pack, and refuses flags of other commands', async () => {
    const missing = await runCli(['bundle', path.join(dir, 'nowhere'), '--out', path.join(dir, 'x')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('INDEX_MISSING');
    const misplaced = await runCli(['build', pack, '--pack-path', '/x/']);
    expect(misplaced.code).toBe(2);
    expect(misplaced.err).toContain('--pack-path belongs to `bundle`');
  });
});

import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack } from '../../src/indexer/build-pack.ts';
import { shellLine, uploadTarget } from '../../src/cli/upload-command.ts';
import { runCli } from '../support/cli.ts';

// `recall-box upload`: the pack of a config put into an existing Worker's KV or R2, offline with
// --local (wrangler's local storage).
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
process.env.WRANGLER_SEND_METRICS = 'false';

const BUILT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/built-site/plain');
const FIXTURE_SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/site');
const WRANGLER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/.bin/wrangler');

let root: string;
let config: string;
let buildId: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'recall-box-upload-'));
  const site = path.join(root, 'site');
  await mkdir(site);
  await cp(BUILT, path.join(site, 'dist'), { recursive: true });
  config = path.join(site, 'recall-box.config.json');
  expect((await runCli(['init', '--html', path.join(site, 'dist'), '--no-vectors', '--config', config])).code).toBe(0);
  expect((await runCli(['build', '--config', config])).code).toBe(0);
  buildId = JSON.parse(await readFile(path.join(site, 'dist', '_recall-box', 'pack', 'manifest.json'), 'utf8')).buildId;
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('recall-box upload', () => {
  it('checks the config\'s pack and prints the commands, manifest last, and the vars to set', async () => {
    const r = await runCli(['upload', 'r2', '--bucket', 'docs-packs', '--config', config]);
    expect(r.code, r.err).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toContain(`pack ${buildId}`);
    const commands = lines.filter((l) => l.startsWith('npx wrangler r2 object put'));
    expect(commands.length).toBeGreaterThan(2);
    expect(commands.at(-1)).toContain(`docs-packs/pack-${buildId}/manifest.json`);
    expect(commands.every((c) => c.endsWith('--remote'))).toBe(true);
    expect(lines.at(-1)).toContain(`PACK_SOURCE = "r2" and PACK_PATH = "/pack-${buildId}/"`);
  });

  it('runs them with --run (here into the local KV storage wrangler dev reads), every file stored byte for byte', async () => {
    // The config's pack replaced by one with vectors, whose binary files (the matrix, the vectors,
    // the model) wrangler's local bulk put would store re-encoded (upload-pack.ts, isUtf8Text);
    // the built site is too small to train a model of its own.
    const pack = path.join(root, 'site', 'dist', '_recall-box', 'pack');
    await rm(pack, { recursive: true });
    await buildPack(FIXTURE_SITE, pack, {});
    const r = await runCli(['upload', 'kv', '--namespace-id', 'local-docs', '--local', '--run', '--prefix', 'docs-v1', '--config', config]);
    expect(r.code, `${r.out}\n${r.err}`).toBe(0);
    expect(r.out).toContain('npx wrangler kv key put docs-v1/manifest.json');
    expect(r.out).toContain('PACK_PATH = "/docs-v1/"');
    // Read back as the Worker reads them: a binary file (its bytes are no UTF-8 text) and a JSON one.
    const names = await readdir(pack);
    const isText = async (name: string) => {
      const bytes = await readFile(path.join(pack, name));
      return Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
    };
    const binary = [];
    for (const name of names) if (!(await isText(name))) binary.push(name);
    expect(binary.length, names.join(', ')).toBeGreaterThan(0);
    for (const name of [binary[0]!, 'sections.json']) {
      const got = spawnSync(WRANGLER, ['kv', 'key', 'get', `docs-v1/${name}`, '--namespace-id', 'local-docs', '--local'], { cwd: path.join(root, 'site') });
      expect(got.status, got.stderr.toString()).toBe(0);
      expect(got.stdout.equals(await readFile(path.join(pack, name))), name).toBe(true);
    }
    // A wrangler run per bulk file and binary file, about a second each.
  }, 120_000);

  it('refuses a damaged pack before uploading anything (INDEX_CORRUPT or INDEX_MISSING, exit 1)', async () => {
    const r = await runCli(['upload', 'r2', '--bucket', 'b', '--pack', path.join(root, 'no-pack')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/INDEX_MISSING|INDEX_CORRUPT/);
    expect(r.out).not.toContain('npx wrangler');
  });

  it.each([
    ['no target', ['upload']],
    ['r2 without a bucket', ['upload', 'r2']],
    ['kv with a bucket', ['upload', 'kv', '--bucket', 'b']],
    ['--run on build', ['build', 'docs', '--out', 'x', '--run']],
  ])('returns 2 for %s', async (_name, argv) => {
    expect((await runCli(argv)).code).toBe(2);
  });
});

describe('uploadTarget and shellLine', () => {
  it('defaults KV to the PACK_KV binding and Cloudflare\'s storage', () => {
    expect(uploadTarget('kv', {})).toEqual({ ok: true, target: { kind: 'kv', where: 'remote', namespace: { binding: 'PACK_KV' } } });
    expect(uploadTarget('kv', { 'namespace-id': 'abc', local: true })).toEqual({ ok: true, target: { kind: 'kv', where: 'local', namespace: { id: 'abc' } } });
    expect(uploadTarget('kv', { binding: 'A', 'namespace-id': 'b' }).ok).toBe(false);
  });

  it('quotes only what a shell needs quoted', () => {
    expect(shellLine(['kv', 'key', 'put', 'a/b.json', '--path', '/tmp/my pack/b.json'])).toBe('kv key put a/b.json --path "/tmp/my pack/b.json"');
  });
});

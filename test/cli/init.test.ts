import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/cli/config.ts';
import { workerNameOf } from '../../src/cli/init.ts';
import { PACKAGE_FILES, PACKAGE_ROOT, packageFileFrom } from '../../src/cli/package-files.ts';
import { runCli } from '../support/cli.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const POOL_RULES = [{ pool: 'reference', path: '/api/**' }];

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'recall-box-init-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A fresh site folder under the test's root. */
async function siteDir(name: string): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** `key = "value"` of a TOML file (the simple lines init writes). */
function tomlValue(toml: string, key: string): string | undefined {
  return new RegExp(`^${key} = "([^"]*)"$`, 'm').exec(toml)?.[1];
}

describe('recall-box init --html', () => {
  it('writes the config, a wrangler.toml whose main resolves, and prints the snippet and the next command', async () => {
    const dir = await siteDir('built');
    await mkdir(path.join(dir, 'dist'));
    const config = path.join(dir, 'recall-box.config.json');
    const r = await runCli(['init', '--html', path.join(dir, 'dist'), '--name', 'tidepool-docs', '--base-url', '/docs/', '--no-vectors', '--config', config]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe('');

    const written = JSON.parse(await readFile(config, 'utf8'));
    expect(written).toEqual({
      $schema: path.relative(dir, path.join(REPO, PACKAGE_FILES.schema)),
      html: 'dist',
      out: 'dist/_recall-box/pack',
      baseUrl: '/docs/',
      vectors: false,
      worker: { name: 'tidepool-docs', assets: 'dist', packPath: '/_recall-box/pack/' },
    });
    // What init writes, the commands read back.
    expect((await loadConfig(dir, config))!.config.worker!.name).toBe('tidepool-docs');
    expect(existsSync(path.resolve(dir, written.$schema))).toBe(true);

    const toml = await readFile(path.join(dir, 'wrangler.toml'), 'utf8');
    expect(tomlValue(toml, 'name')).toBe('tidepool-docs');
    const main = tomlValue(toml, 'main')!;
    expect(await stat(path.resolve(dir, main)).then((s) => s.isFile())).toBe(true);
    expect(path.resolve(dir, main)).toBe(path.join(REPO, 'src/worker/index.ts'));
    const repoToml = await readFile(path.join(REPO, 'wrangler.toml'), 'utf8');
    expect(tomlValue(toml, 'compatibility_date')).toBe(tomlValue(repoToml, 'compatibility_date'));
    // Built as the package's own Worker is, without esbuild's per-function name calls.
    expect(toml).toMatch(/^keep_names = false$/m);
    expect(repoToml).toMatch(/^keep_names = false$/m);
    expect(toml).toMatch(/^\[assets\]\ndirectory = "\.\/dist"\nbinding = "ASSETS"\nrun_worker_first = \["\/search", "\/health", "\/mcp"\]$/m);
    expect(tomlValue(toml, 'PACK_PATH')).toBe('/_recall-box/pack/');
    expect(toml).toMatch(/^\[\[rules\]\]\ntype = "CompiledWasm"\nglobs = \["\*\*\/\*\.wasm"\]\nfallthrough = true$/m);

    expect(r.out).toContain('<script type="module" src="/_recall-box/recall-box.js"></script>');
    expect(r.out).toContain('<recall-box endpoint="/search"></recall-box>');
    expect(r.out).toContain('npx recall-box deploy');
  });

  it('writes the Worker settings a config holds as [vars], and inlines --pool-rules', async () => {
    const dir = await siteDir('rules');
    const rules = path.join(dir, 'pools.json');
    await writeFile(rules, JSON.stringify(POOL_RULES));
    const r = await runCli(['init', '--html', path.join(dir, 'dist'), '--pool-rules', rules, '--facet', 'version', '--config', path.join(dir, 'recall-box.config.json')]);
    expect(r.code, r.err).toBe(0);
    const written = JSON.parse(await readFile(path.join(dir, 'recall-box.config.json'), 'utf8'));
    expect(written.poolRules).toEqual(POOL_RULES);
    expect(written.facets).toEqual(['version']);
    // The folder's name becomes the Worker's; the site is not built yet, and init says so.
    expect(written.worker.name).toBe('rules');
    expect(r.out).toContain('Build your site into');
  });
});

describe('recall-box init <docs-dir>', () => {
  it('writes a config with the pack in public/pack at /pack/ and a snippet naming the Worker\'s origin', async () => {
    const dir = await siteDir('My Docs!');
    await mkdir(path.join(dir, 'docs'));
    const r = await runCli(['init', path.join(dir, 'docs'), '--config', path.join(dir, 'recall-box.config.json')]);
    expect(r.code, r.err).toBe(0);
    const written = JSON.parse(await readFile(path.join(dir, 'recall-box.config.json'), 'utf8'));
    expect(written).toMatchObject({ source: 'docs', out: 'public/pack', worker: { name: 'my-docs', assets: 'public', packPath: '/pack/' } });
    const toml = await readFile(path.join(dir, 'wrangler.toml'), 'utf8');
    expect(toml).toContain('directory = "./public"');
    expect(tomlValue(toml, 'PACK_PATH')).toBe('/pack/');
    expect(r.out).toContain('<script type="module" src="https://my-docs.<your-subdomain>.workers.dev/recall-box.js"></script>');
    expect(r.out).toContain('<recall-box endpoint="https://my-docs.<your-subdomain>.workers.dev/search"></recall-box>');
  });
});

describe('recall-box init: where', () => {
  it('creates the folder --config names', async () => {
    const dir = path.join(root, 'new', 'site');
    const r = await runCli(['init', '--html', path.join(dir, 'dist'), '--config', path.join(dir, 'recall-box.config.json')]);
    expect(r.code, r.err).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['recall-box.config.json', 'wrangler.toml']);
  });
});

describe('recall-box init: refusing and failing', () => {
  it('refuses to overwrite either file (FILE_EXISTS, exit 1) and changes nothing; --force replaces both', async () => {
    const dir = await siteDir('twice');
    const config = path.join(dir, 'recall-box.config.json');
    expect((await runCli(['init', '--html', 'dist', '--config', config])).code).toBe(0);
    const before = { config: await readFile(config, 'utf8'), toml: await readFile(path.join(dir, 'wrangler.toml'), 'utf8') };

    const again = await runCli(['init', '--html', 'site', '--name', 'other', '--config', config]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('FILE_EXISTS');
    expect(again.err).toContain('--force');
    expect(await readFile(config, 'utf8')).toBe(before.config);
    expect(await readFile(path.join(dir, 'wrangler.toml'), 'utf8')).toBe(before.toml);
    expect((await readdir(dir)).sort()).toEqual(['recall-box.config.json', 'wrangler.toml']);

    const forced = await runCli(['init', '--html', 'site', '--name', 'other', '--config', config, '--force']);
    expect(forced.code, forced.err).toBe(0);
    expect(JSON.parse(await readFile(config, 'utf8')).worker.name).toBe('other');
    expect(tomlValue(await readFile(path.join(dir, 'wrangler.toml'), 'utf8'), 'name')).toBe('other');
  });

  it('refuses when only the owner\'s wrangler.toml exists, and writes no config either', async () => {
    const dir = await siteDir('own-toml');
    await writeFile(path.join(dir, 'wrangler.toml'), 'name = "mine"\n');
    const r = await runCli(['init', '--html', 'dist', '--config', path.join(dir, 'recall-box.config.json')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('FILE_EXISTS');
    expect(await readdir(dir)).toEqual(['wrangler.toml']);
    expect(await readFile(path.join(dir, 'wrangler.toml'), 'utf8')).toBe('name = "mine"\n');
  });

  it('refuses a name that is not a Worker name (CONFIG_INVALID) and writes nothing', async () => {
    const dir = await siteDir('bad-name');
    const r = await runCli(['init', '--html', 'dist', '--name', 'My Worker', '--config', path.join(dir, 'recall-box.config.json')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('CONFIG_INVALID');
    expect(r.err).toContain('"worker.name"');
    expect(await readdir(dir)).toEqual([]);
  });

  it.each([
    ['no folder', ['init']],
    ['a folder and --html', ['init', 'docs', '--html', 'dist']],
    ['a deploy flag', ['init', 'docs', '--dry-run']],
    ['a bad build flag', ['init', 'docs', '--heading-depth', '9']],
  ])('returns 2 for %s and writes nothing', async (_name, argv) => {
    const dir = await siteDir(`usage-${_name.replace(/\W+/g, '-')}`);
    const r = await runCli([...argv, '--config', path.join(dir, 'recall-box.config.json')]);
    expect(r.code).toBe(2);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('packageFileFrom', () => {
  it('writes node_modules/recall-box/… when the site has this package installed (a link, as npm makes for file: and workspaces)', async () => {
    const dir = await siteDir('installed');
    await mkdir(path.join(dir, 'node_modules'));
    await symlink(PACKAGE_ROOT, path.join(dir, 'node_modules', 'recall-box'), 'dir');
    expect(packageFileFrom(dir, PACKAGE_FILES.worker)).toBe('node_modules/recall-box/src/worker/index.ts');
    expect(packageFileFrom(dir, PACKAGE_FILES.schema)).toBe('node_modules/recall-box/src/cli/recall-box.config.schema.json');
  });

  it('writes the path to this package when the site has another recall-box, or none', async () => {
    const dir = await siteDir('other-install');
    await mkdir(path.join(dir, 'node_modules', 'recall-box', 'src', 'worker'), { recursive: true });
    await writeFile(path.join(dir, 'node_modules', 'recall-box', 'src', 'worker', 'index.ts'), '');
    expect(path.resolve(dir, packageFileFrom(dir, PACKAGE_FILES.worker))).toBe(path.join(PACKAGE_ROOT, PACKAGE_FILES.worker));
  });
});

describe('workerNameOf', () => {
  it.each([
    ['tidepool', 'tidepool'],
    ['My Docs!', 'my-docs'],
    ['__docs__', 'docs'],
    ['日本語', 'docs-search'],
    ['a'.repeat(70), 'a'.repeat(63)],
  ])('%j → %j', (folder, name) => {
    expect(workerNameOf(folder)).toBe(name);
  });
});

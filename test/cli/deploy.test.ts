import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { bundledDir, packPathProblem, placeWidget, prepareDeploy, publishes, wranglerArgs, type DeployMode } from '../../src/cli/deploy.ts';
import { resolveBuild, type ResolvedBuild } from '../../src/cli/build-command.ts';
import { sitePlan } from '../../src/cli/config.ts';
import { PACKAGE_FILES, PACKAGE_ROOT } from '../../src/cli/package-files.ts';
import { runCli } from '../support/cli.ts';

// `recall-box deploy` against the wrangler.toml init writes, offline: `wrangler deploy --dry-run`
// bundles the Worker and reads the assets without credentials or network, and `--local` serves
// the site and its search with `wrangler dev`.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
process.env.WRANGLER_SEND_METRICS = 'false';

const BUILT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/built-site/plain');

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'recall-box-deploy-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A built site (the plain fixture in dist/) set up by `init --html dist --no-vectors`; returns its config file. */
async function initSite(name: string, extra: string[] = []): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  await cp(BUILT, path.join(dir, 'dist'), { recursive: true });
  const config = path.join(dir, 'recall-box.config.json');
  const r = await runCli(['init', '--html', path.join(dir, 'dist'), '--no-vectors', '--config', config, ...extra]);
  expect(r.code, r.err).toBe(0);
  return config;
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether any process of the group is alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('recall-box deploy --dry-run', () => {
  it('builds the pack into the site, copies the widget next to it and runs wrangler\'s dry run on the init-written wrangler.toml', async () => {
    const config = await initSite('dry-run');
    const dir = path.dirname(config);
    const toml = await readFile(path.join(dir, 'wrangler.toml'), 'utf8');
    const outdir = path.join(root, 'dry-run-bundle');
    const r = await runCli(['deploy', '--dry-run', '--config', config, '--', '--outdir', outdir]);
    expect(r.code, `${r.out}\n${r.err}`).toBe(0);

    const manifest = JSON.parse(await readFile(path.join(dir, 'dist', '_recall-box', 'pack', 'manifest.json'), 'utf8'));
    expect(r.out).toContain(`built pack ${manifest.buildId}`);
    // The bundle is built (npm run build:widget, or the worker and browser suites' setup), not
    // committed: a fresh checkout's unit run has none, and deploy says so instead (placeWidget's
    // own tests below copy a bundle either way).
    const bundle = path.join(PACKAGE_ROOT, PACKAGE_FILES.widget);
    if (existsSync(bundle)) {
      expect(await readFile(path.join(dir, 'dist', '_recall-box', 'recall-box.js'))).toEqual(await readFile(bundle));
      expect(r.out).toContain('served at /_recall-box/recall-box.js');
    } else {
      expect(r.out).toContain('widget: not copied');
    }
    // wrangler ran: it read the site as assets, bound them and PACK_PATH, and wrote the bundle.
    expect(r.out).toContain('--dry-run: exiting now.');
    expect(r.out).toContain('env.ASSETS');
    expect(r.out).toContain('env.PACK_PATH');
    // The entry deploy writes beside the bundled pack (worker.bundle auto: the fixture fits Free).
    expect(await readdir(outdir)).toContain('worker.js');
    // The owner's wrangler.toml is used, never rewritten.
    expect(await readFile(path.join(dir, 'wrangler.toml'), 'utf8')).toBe(toml);
  });

  it('bundles the pack into the script by default (worker.bundle auto), and not with off', async () => {
    const config = await initSite('bundled');
    const outdir = path.join(root, 'bundled-bundle');
    const r = await runCli(['deploy', '--dry-run', '--config', config, '--', '--outdir', outdir]);
    expect(r.code, `${r.out}\n${r.err}`).toBe(0);
    expect(r.out).toMatch(/bundled pack [0-9a-f]+ at \/_recall-box\/pack\/ .* into the Worker script: [\d.]+ KiB compressed, fits Workers Free/);
    const manifest = JSON.parse(await readFile(path.join(path.dirname(config), 'dist', '_recall-box', 'pack', 'manifest.json'), 'utf8')) as { files: Record<string, { shards: Array<{ name: string }> }> };
    // wrangler wrote each stored file of the pack as a module of the script (named <hash>-<name>.bin).
    const modules = async (dir: string) => (await readdir(dir)).filter((f) => f.endsWith('.bin')).map((f) => f.replace(/^[0-9a-f]+-/, '').replace(/\.bin$/, ''));
    const stored = [...Object.values(manifest.files).flatMap((f) => f.shards.map((s) => s.name)), 'manifest.json'];
    expect((await modules(outdir)).sort()).toEqual(stored.sort());

    const written = JSON.parse(await readFile(config, 'utf8'));
    await writeFile(config, JSON.stringify({ ...written, worker: { ...written.worker, bundle: 'off' } }));
    const plainOut = path.join(root, 'bundled-off-bundle');
    const off = await runCli(['deploy', '--dry-run', '--config', config, '--', '--outdir', plainOut]);
    expect(off.code, `${off.out}\n${off.err}`).toBe(0);
    expect(off.out).not.toContain('into the Worker script');
    expect(await modules(plainOut)).toEqual([]);
  });

  it('passes wrangler\'s failure on as exit 1', async () => {
    const config = await initSite('wrangler-fails');
    const r = await runCli(['deploy', '--dry-run', '--config', config, '--', '--no-such-wrangler-flag']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('wrangler deploy exited with');
  });
});

describe('recall-box deploy: refusing', () => {
  it('needs a config file (CONFIG_MISSING), and builds nothing', async () => {
    const dir = path.join(root, 'no-config');
    await mkdir(dir);
    const r = await runCli(['deploy', '--dry-run', '--config', path.join(dir, 'recall-box.config.json')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('CONFIG_MISSING');
    expect(await readdir(dir)).toEqual([]);
  });

  it('needs the site\'s wrangler.toml and says to run init (CONFIG_MISSING), before building', async () => {
    const config = await initSite('no-toml');
    await rm(path.join(path.dirname(config), 'wrangler.toml'));
    const r = await runCli(['deploy', '--dry-run', '--config', config]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('CONFIG_MISSING');
    expect(r.err).toContain('recall-box init');
    expect(existsSync(path.join(path.dirname(config), 'dist', '_recall-box'))).toBe(false);
  });

  it('refuses a pack written where the Worker does not read it (CONFIG_INVALID), before building', async () => {
    const config = await initSite('mismatch');
    const written = JSON.parse(await readFile(config, 'utf8'));
    await writeFile(config, JSON.stringify({ ...written, worker: { ...written.worker, packPath: '/search-pack/' } }));
    const r = await runCli(['deploy', '--dry-run', '--config', config]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('CONFIG_INVALID');
    expect(r.err).toContain('/search-pack/');
    expect(existsSync(path.join(path.dirname(config), 'dist', '_recall-box'))).toBe(false);
  });

  it.each([
    ['--dry-run with --local', ['--dry-run', '--local']],
    ['--port without --local', ['--port', '9000']],
    ['a bad port', ['--local', '--port', '70000']],
    ['a positional', ['docs']],
  ])('returns 2 for %s', async (_name, argv) => {
    const config = await initSite(`usage-${_name.replace(/\W+/g, '-')}`);
    const r = await runCli(['deploy', ...argv, '--config', config]);
    expect(r.code).toBe(2);
    expect(existsSync(path.join(path.dirname(config), 'dist', '_recall-box'))).toBe(false);
  });
});

describe('recall-box deploy: credentials', () => {
  // No credentials anywhere wrangler looks: no variable, and a home and config folder of our own
  // (so the machine's own `wrangler login` does not count).
  const VARIABLES = ['CLOUDFLARE_API_TOKEN', 'CF_API_TOKEN', 'CLOUDFLARE_API_KEY', 'CF_API_KEY', 'CLOUDFLARE_EMAIL', 'CF_EMAIL', 'HOME', 'XDG_CONFIG_HOME', 'WRANGLER_API_ENVIRONMENT'];
  const saved = new Map(VARIABLES.map((v) => [v, process.env[v]]));

  beforeAll(async () => {
    for (const v of VARIABLES) delete process.env[v];
    process.env.HOME = path.join(root, 'nobody');
    process.env.XDG_CONFIG_HOME = path.join(root, 'nobody', '.config');
    await mkdir(process.env.HOME, { recursive: true });
  });

  afterAll(() => {
    for (const [v, value] of saved) {
      if (value === undefined) delete process.env[v];
      else process.env[v] = value;
    }
  });

  /** The site's build as deploy resolves it from its config. */
  async function resolved(config: string): Promise<ResolvedBuild> {
    const r = await resolveBuild({ config }, undefined, path.dirname(config));
    if (!r.ok) throw new Error(r.message);
    return r.build;
  }

  /** A build step that only records that deploy got as far as building. */
  const BUILT = new Error('built');
  const builds = () => Promise.reject(BUILT);

  it('refuses to publish without credentials (CREDENTIALS_MISSING, exit 1), saying how to log in, before building', async () => {
    const config = await initSite('no-credentials');
    const r = await runCli(['deploy', '--config', config]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('CREDENTIALS_MISSING');
    expect(r.err).toContain('npx wrangler login');
    expect(r.err).toContain('CLOUDFLARE_API_TOKEN');
    expect(r.out).not.toContain('built pack');
    // Nothing was built: the check comes before the build's time is spent.
    expect(existsSync(path.join(path.dirname(config), 'dist', '_recall-box'))).toBe(false);
  });

  it('needs none for --local, --dry-run or a dry run passed on to wrangler, which build at once', async () => {
    const build = await resolved(await initSite('no-credentials-modes'));
    const mode: DeployMode = { dryRun: false, local: false, port: 8787, extra: [] };
    await expect(prepareDeploy(build, mode, builds)).rejects.toMatchObject({ code: 'CREDENTIALS_MISSING' });
    for (const other of [{ local: true }, { dryRun: true }, { extra: ['--dry-run'] }]) {
      expect(publishes({ ...mode, ...other }), JSON.stringify(other)).toBe(false);
      await expect(prepareDeploy(build, { ...mode, ...other }, builds), JSON.stringify(other)).rejects.toBe(BUILT);
    }
  });

  it("takes CLOUDFLARE_API_TOKEN from the environment or the site's .env, which wrangler loads, and builds", async () => {
    const config = await initSite('dotenv-token');
    const build = await resolved(config);
    const publish: DeployMode = { dryRun: false, local: false, port: 8787, extra: [] };
    process.env.CLOUDFLARE_API_TOKEN = 'token-for-ci';
    try {
      await expect(prepareDeploy(build, publish, builds)).rejects.toBe(BUILT);
    } finally {
      delete process.env.CLOUDFLARE_API_TOKEN;
    }
    await writeFile(path.join(path.dirname(config), '.env'), 'CLOUDFLARE_API_TOKEN=token-for-ci\n');
    await expect(prepareDeploy(build, publish, builds)).rejects.toBe(BUILT);
  });
});

describe('wranglerArgs and packPathProblem', () => {
  const plan = sitePlan({ html: '/s/dist' }, '/s')!;
  const build = { loaded: null, plan, config: { html: '/s/dist', worker: { name: 'docs', assets: '/s/dist', allowedOrigins: ['https://a.example'], pools: true } } };

  it('puts the config\'s name, assets and vars on wrangler\'s command line, after the command and before the extra arguments', () => {
    // The pack among the assets, bundled by default (worker.bundle auto): the bundled entry and its map.
    const bundled = [path.join(bundledDir(build), 'worker.js')];
    expect(wranglerArgs(build, { dryRun: true, local: false, port: 8787, extra: ['--outdir', 'x'] })).toEqual([
      'deploy', ...bundled, '--dry-run', '--name', 'docs', '--assets', '/s/dist',
      '--var', 'PACK_PATH:/_recall-box/pack/', '--var', 'ALLOWED_ORIGINS:https://a.example', '--var', 'POOLS:on',
      '--outdir', 'x',
    ]);
    expect(wranglerArgs({ ...build, config: { html: '/s/dist' } }, { dryRun: false, local: true, port: 9123, extra: [] })).toEqual([
      'dev', ...bundled, '--ip', '127.0.0.1', '--port', '9123', '--var', 'PACK_PATH:/_recall-box/pack/',
    ]);
    // Off, or a pack outside the assets (KV, R2): wrangler.toml's own entry.
    expect(wranglerArgs({ ...build, config: { ...build.config, worker: { ...build.config.worker, bundle: 'off' } } }, { dryRun: true, local: false, port: 8787, extra: [] })[1]).toBe('--dry-run');
    expect(wranglerArgs({ ...build, plan: { ...plan, out: '/elsewhere/pack' } }, { dryRun: true, local: false, port: 8787, extra: [] })[1]).toBe('--dry-run');
  });

  it('accepts a pack at its packPath among the assets, or outside them (served from KV or R2)', () => {
    expect(packPathProblem(plan)).toBeNull();
    expect(packPathProblem({ ...plan, out: '/elsewhere/pack' })).toBeNull();
    expect(packPathProblem({ ...plan, packPath: '/pack/' })).toContain('/_recall-box/pack/');
  });
});

describe('placeWidget', () => {
  /** A stand-in package root holding a widget bundle. */
  async function fakePackage(name: string): Promise<string> {
    const pkg = path.join(root, name);
    await mkdir(path.join(pkg, 'public'), { recursive: true });
    await writeFile(path.join(pkg, PACKAGE_FILES.widget), 'customElements.define("recall-box", class {});\n');
    await writeFile(path.join(pkg, PACKAGE_FILES.highlight), '/* highlight on arrival */\n');
    return pkg;
  }

  it('copies the bundle and the highlight script to the folder above the pack among the assets', async () => {
    const pkg = await fakePackage('pkg-copy');
    const site = path.join(root, 'widget-site');
    const plan = sitePlan({ html: path.join(site, 'dist') }, site)!;
    const said = await placeWidget(plan, pkg);
    expect(said).toContain('served at /_recall-box/recall-box.js');
    expect(said).toContain('served at /_recall-box/recall-box-highlight.js');
    expect(await readFile(path.join(site, 'dist', '_recall-box', 'recall-box.js'), 'utf8')).toContain('recall-box');
    expect(await readFile(path.join(site, 'dist', '_recall-box', 'recall-box-highlight.js'), 'utf8')).toContain('highlight on arrival');
  });

  it('copies the widget and says so when the package has no highlight script', async () => {
    const pkg = await fakePackage('pkg-no-highlight');
    await rm(path.join(pkg, PACKAGE_FILES.highlight));
    const site = path.join(root, 'widget-no-highlight');
    const said = await placeWidget(sitePlan({ html: path.join(site, 'dist') }, site)!, pkg);
    expect(said).toContain('highlight script not copied');
    expect(existsSync(path.join(site, 'dist', '_recall-box', 'recall-box.js'))).toBe(true);
  });

  it('leaves the widget alone when the pack is not among the assets, and says why', async () => {
    const pkg = await fakePackage('pkg-outside');
    const site = path.join(root, 'widget-outside');
    const plan = sitePlan({ source: path.join(site, 'docs'), out: path.join(site, 'build', 'pack') }, site)!;
    expect(await placeWidget(plan, pkg)).toContain('not copied');
    expect(existsSync(path.join(site, 'public'))).toBe(false);
  });

  it('says the bundle is missing rather than failing the deploy', async () => {
    const site = path.join(root, 'widget-missing');
    expect(await placeWidget(sitePlan({ html: path.join(site, 'dist') }, site)!, path.join(root, 'no-package'))).toContain('missing');
  });
});

describe('recall-box deploy --local', () => {
  it('serves the site, its widget and /search with wrangler dev, and leaves no process behind when stopped', async () => {
    const config = await initSite('local');
    const port = await freePort();
    const stop = new AbortController();
    let pgid = 0;
    const lines: string[] = [];
    const running = main(['deploy', '--local', '--port', String(port), '--config', config], (s) => lines.push(s), (s) => lines.push(s), {
      signal: stop.signal,
      onSpawn: (pid) => (pgid = pid),
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      let health: Response | undefined;
      for (let i = 0; i < 120 && health?.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 500));
        health = await fetch(`${base}/health`).catch(() => undefined);
      }
      expect(health?.status, lines.join('\n')).toBe(200);
      const search = (await (await fetch(`${base}/search?q=cache%20keys`)).json()) as { results: Array<{ url: string }> };
      expect(search.results[0]?.url).toBe('/guides/caching.html#with%20space');
      expect((await fetch(`${base}/guides/caching.html`)).status).toBe(200);
      if (existsSync(path.join(PACKAGE_ROOT, PACKAGE_FILES.widget))) expect((await fetch(`${base}/_recall-box/recall-box.js`)).status).toBe(200);
    } finally {
      stop.abort();
    }
    await running;
    expect(pgid).toBeGreaterThan(0);
    expect(groupAlive(pgid)).toBe(false);
    await expect(fetch(`${base}/health`)).rejects.toThrow();
  }, 120_000);
});

import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_FIELDS, POOL_NAME_LIST, WORKER_FIELDS } from '../../src/cli/config-fields.ts';
import { POOL_NAMES } from '../../src/core/rank/pools.ts';
import { CONFIG_SCHEMA_FILE, configSchema, configSchemaText } from '../../src/cli/config-schema.ts';
import { validateConfig } from '../../src/cli/config-validate.ts';
import { loadConfig, mergeConfig, sitePlan, widgetPathFor } from '../../src/cli/config.ts';
import { workerVars } from '../../src/cli/worker-vars.ts';
import { readConfig } from '../../src/worker/config.ts';
import { codeOfAsync, thrown } from '../support/errors.ts';
import { runCli } from '../support/cli.ts';
import { readStoredSections } from '../support/stored-sections.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const SITE = path.join(FIXTURES, 'site');
const BUILT = path.join(FIXTURES, 'built-site', 'plain');

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'recall-box-config-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Writes a config file in a folder of its own and returns its path. */
async function configFile(name: string, config: unknown): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'recall-box.config.json');
  await writeFile(file, typeof config === 'string' ? config : JSON.stringify(config));
  return file;
}

async function manifestOf(packDir: string): Promise<{ buildId: string; files: Record<string, unknown>; counts: unknown }> {
  return JSON.parse(await readFile(path.join(packDir, 'manifest.json'), 'utf8'));
}

describe('validateConfig', () => {
  it('accepts every field with a value of its type, and $schema', () => {
    const config = {
      $schema: './node_modules/recall-box/src/cli/recall-box.config.schema.json',
      source: 'docs',
      out: 'public/pack',
      baseUrl: '/docs/',
      headingDepth: 2,
      defaultLang: 'de',
      facets: ['version', 'tags'],
      vectors: true,
      maxTokens: 128,
      poolRules: [{ pool: 'reference', path: '/api/**' }, { pool: 'negative', tags: ['deprecated'] }],
      shardBytes: 1024,
      blockBytes: 4096,
      partBytes: 8192,
      worker: {
        name: 'my-docs',
        assets: 'public',
        packPath: '/pack/',
        allowedOrigins: ['https://docs.example.com'],
        cacheMaxAge: 0,
        pools: true,
        graphBoost: true,
        expansion: false,
        confidenceMode: 'relaxed',
        fallbackMessage: { en: 'Not in the docs yet.', '*': 'Not here.' },
        fallbackLink: 'https://github.com/acme/docs/issues/new',
        fallbackLinkText: 'Open an issue',
        edgeCache: false,
        packRead: 'lazy',
        packReadTimeoutMs: 2000,
        maxBodyBytes: 4096,
      },
    };
    const { $schema: _schema, ...rest } = config;
    expect(validateConfig(config, 'c.json')).toEqual(rest);
  });

  it.each([
    ['a top-level typo', { basUrl: '/docs/' }, '"basUrl"'],
    ['a key of the Worker', { worker: { allowedOrigin: ['*'] } }, '"worker.allowedOrigin"'],
    ['a key of a pool rule', { poolRules: [{ pool: 'reference', paths: '/api/**' }] }, 'paths'],
    ['a key that is an Object.prototype name', { toString: 'x' }, '"toString"'],
  ])('refuses an unknown key (%s) with CONFIG_INVALID naming it', (_name, config, named) => {
    const e = thrown(() => validateConfig(config, 'site/recall-box.config.json'));
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.message).toContain(named);
    expect(e.message).toContain('site/recall-box.config.json');
  });

  it.each([
    ['source', 3],
    ['html', ''],
    ['out', ['public/pack']],
    ['baseUrl', null],
    ['headingDepth', 7],
    ['headingDepth', 2.5],
    ['headingDepth', '3'],
    ['defaultLang', true],
    ['facets', 'tags'],
    ['facets', ['1tags']],
    ['facets', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']],
    ['vectors', 'false'],
    ['model', {}],
    ['maxTokens', 2],
    ['poolRules', { pool: 'reference' }],
    ['poolRules', [{ pool: 'elsewhere' }]],
    ['poolRules', [{ pool: 'reference', tags: 'api' }]],
    ['shardBytes', 0],
    ['shardBytes', 26214401],
    ['blockBytes', -1],
    ['partBytes', 1e-3],
    ['worker', 'my-docs'],
  ])('refuses %s = %j with CONFIG_INVALID naming the key', (key, value) => {
    const e = thrown(() => validateConfig({ [key]: value }, 'c.json'));
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.message).toContain(`"${key}"`);
  });

  it.each([
    ['name', 'My Docs'],
    ['name', 'x'.repeat(64)],
    ['allowedOrigins', 'https://a.example'],
    ['cacheMaxAge', -1],
    ['pools', 'on'],
    ['confidenceMode', 'loose'],
    ['fallbackMessage', { en: 3 }],
    ['fallbackMessage', {}],
    ['fallbackLink', 'javascript:alert(1)'],
    ['packRead', 'eager'],
    ['packReadTimeoutMs', 10],
    ['maxBodyBytes', 0],
  ])('refuses worker.%s = %j with CONFIG_INVALID naming worker.%s', (key, value) => {
    const e = thrown(() => validateConfig({ worker: { [key]: value } }, 'c.json'));
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.message).toContain(`"worker.${key}"`);
  });

  it.each([
    ['source and html', { source: 'docs', html: 'dist' }, '"source" and "html"'],
    ['vectors false and a model', { vectors: false, model: 'm' }, '"model"'],
    ['a tokenizer without a transformer', { model: 'potion', tokenizer: 't.json' }, '"tokenizer"'],
    ['a transformer without its tokenizer', { model: 'm.onnx' }, '"tokenizer"'],
  ])('refuses %s', (_name, config, named) => {
    const e = thrown(() => validateConfig(config, 'c.json'));
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.message).toContain(named);
  });

  it.each([[[]], ['docs'], [null], [{ $schema: 1 }]])('refuses a file that holds %j', (raw) => {
    expect(thrown(() => validateConfig(raw, 'c.json')).code).toBe('CONFIG_INVALID');
  });
});

describe('the JSON Schema', () => {
  it('is committed as generated from the field table (regenerate: npx tsx src/cli/config-schema.ts)', async () => {
    expect(await readFile(CONFIG_SCHEMA_FILE, 'utf8')).toBe(configSchemaText());
  });

  it('names the pools the core knows', () => {
    expect([...POOL_NAME_LIST].sort()).toEqual([...POOL_NAMES].sort());
  });

  it('describes every field, refuses unknown keys at both levels and is published', async () => {
    const schema = configSchema() as { properties: Record<string, { description?: string; properties?: Record<string, unknown>; additionalProperties?: boolean }>; additionalProperties: boolean };
    expect(Object.keys(schema.properties)).toEqual(['$schema', ...Object.keys(CONFIG_FIELDS)]);
    expect(Object.keys(schema.properties.worker!.properties!)).toEqual(Object.keys(WORKER_FIELDS));
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.worker!.additionalProperties).toBe(false);
    for (const [name, spec] of Object.entries(schema.properties)) expect(spec.description, name).toBeTruthy();
    const pkg = JSON.parse(await readFile(path.resolve(FIXTURES, '../../package.json'), 'utf8'));
    expect(pkg.exports['./config.schema.json']).toBe('./src/cli/recall-box.config.schema.json');
  });
});

describe('loadConfig', () => {
  it('is null without a file in the folder, and CONFIG_MISSING for a --config that does not exist', async () => {
    expect(await loadConfig(path.join(root, 'nowhere'))).toBeNull();
    expect(await codeOfAsync(loadConfig(root, 'missing.json'))).toBe('CONFIG_MISSING');
  });

  it('refuses a file that is not JSON with CONFIG_INVALID', async () => {
    const file = await configFile('not-json', '{ "source": "docs", }');
    expect(await codeOfAsync(loadConfig(root, file))).toBe('CONFIG_INVALID');
  });
});

describe('sitePlan: the defaults', () => {
  it('puts a built site\'s pack inside it, served at /_recall-box/pack/ by a Worker serving the site', () => {
    expect(sitePlan({ html: '/s/dist' }, '/s')).toEqual({
      kind: 'html',
      input: '/s/dist',
      out: '/s/dist/_recall-box/pack',
      assets: '/s/dist',
      packPath: '/_recall-box/pack/',
      widgetPath: '/_recall-box/recall-box.js',
    });
  });

  it('puts a docs folder\'s pack in public/pack, served at /pack/, as the repository does', () => {
    expect(sitePlan({ source: '/s/docs' }, '/s')).toEqual({ kind: 'source', input: '/s/docs', out: '/s/public/pack', assets: '/s/public', packPath: '/pack/', widgetPath: '/recall-box.js' });
    expect(sitePlan({}, '/s')).toBeNull();
  });

  it('serves a pack written elsewhere among the assets at its own path, and one outside them at the convention\'s', () => {
    expect(sitePlan({ html: '/s/dist', out: '/s/dist/search/pack' }, '/s')).toMatchObject({ packPath: '/search/pack/', widgetPath: '/search/recall-box.js' });
    expect(sitePlan({ source: '/s/docs', out: '/s/build/pack' }, '/s')).toMatchObject({ assets: '/s/public', packPath: '/pack/' });
    expect(sitePlan({ html: '/s/dist', out: '/s/dist/search/pack', worker: { packPath: '/p/' } }, '/s')!.packPath).toBe('/p/');
  });

  it.each([
    ['/pack/', '/recall-box.js'],
    ['pack', '/recall-box.js'],
    ['/_recall-box/pack/', '/_recall-box/recall-box.js'],
    ['/a/b/c', '/a/b/recall-box.js'],
  ])('serves the widget of a pack at %s from %s', (packPath, widget) => {
    expect(sitePlan({ source: '/s/docs', worker: { packPath } }, '/s')!.widgetPath).toBe(widget);
    expect(widgetPathFor(sitePlan({ source: '/s/docs', worker: { packPath } }, '/s')!.packPath)).toBe(widget);
  });
});

describe('mergeConfig: flags override the file', () => {
  it('key by key, and a flag of one choice replaces the file\'s whole choice', () => {
    const file = { source: '/s/docs', baseUrl: '/docs/', headingDepth: 2, model: '/m/potion', worker: { name: 'a', pools: true } };
    expect(mergeConfig(file, { baseUrl: '/guide/' })).toEqual({ ...file, baseUrl: '/guide/' });
    expect(mergeConfig(file, { html: '/s/dist' })).toEqual({ html: '/s/dist', baseUrl: '/docs/', headingDepth: 2, model: '/m/potion', worker: { name: 'a', pools: true } });
    expect(mergeConfig(file, { vectors: false })).toEqual({ source: '/s/docs', baseUrl: '/docs/', headingDepth: 2, vectors: false, worker: { name: 'a', pools: true } });
  });
});

describe('workerVars: the Worker settings as the Worker reads them', () => {
  it('round-trips through the Worker\'s own reader without a warning', () => {
    const plan = sitePlan({ html: '/s/dist' }, '/s')!;
    const vars = workerVars(
      {
        allowedOrigins: ['https://a.example', 'https://b.example'],
        cacheMaxAge: 60,
        pools: true,
        expansion: false,
        confidenceMode: 'relaxed',
        fallbackMessage: { en: 'Not yet.', ja: 'まだ' },
        fallbackLink: '/contact/',
        fallbackLinkText: 'Write to us',
        edgeCache: false,
        packRead: 'whole',
        packReadTimeoutMs: 1500,
        maxBodyBytes: 2048,
      },
      plan,
    );
    const worker = readConfig(vars);
    expect(worker.warnings).toEqual([]);
    expect(worker).toMatchObject({
      allowedOrigins: ['https://a.example', 'https://b.example'],
      packPath: '/_recall-box/pack/',
      cacheMaxAge: 60,
      pools: true,
      expansion: false,
      edgeCache: false,
      packRead: 'whole',
      packReadTimeoutMs: 1500,
      maxBodyBytes: 2048,
      confidence: { mode: 'relaxed', messages: { en: 'Not yet.', ja: 'まだ' }, link: { url: '/contact/', text: { '*': 'Write to us' } } },
    });
  });

  it('sets only PACK_PATH when the config sets nothing', () => {
    expect(workerVars(undefined, sitePlan({ source: '/s/docs' }, '/s')!)).toEqual({ PACK_PATH: '/pack/' });
  });
});

describe('recall-box build with a config file', () => {
  it('builds the same pack from the file as from the same flags', async () => {
    const fromFlags = path.join(root, 'flags-pack');
    const flags = await runCli(['build', SITE, '--out', fromFlags, '--base-url', '/docs/', '--heading-depth', '2', '--default-lang', 'de', '--no-vectors', '--block-bytes', '4096', '--facet', 'tags']);
    expect(flags.code, flags.err).toBe(0);
    const file = await configFile('same-pack', {
      source: path.relative(path.join(root, 'same-pack'), SITE),
      out: 'pack',
      baseUrl: '/docs/',
      headingDepth: 2,
      defaultLang: 'de',
      vectors: false,
      blockBytes: 4096,
      facets: ['tags'],
    });
    const fromFile = await runCli(['build', '--config', file]);
    expect(fromFile.code, fromFile.err).toBe(0);
    // Relative paths are the file's folder's, not the current directory's.
    const a = await manifestOf(fromFlags);
    const b = await manifestOf(path.join(root, 'same-pack', 'pack'));
    expect(b.buildId).toBe(a.buildId);
    expect(b.files).toEqual(a.files);
  });

  it('lets flags override the file', async () => {
    const file = await configFile('override', { source: SITE, out: 'pack', baseUrl: '/docs/', vectors: false });
    const out = path.join(root, 'override', 'flag-pack');
    const r = await runCli(['build', '--config', file, '--base-url', '/guide/', '--out', out]);
    expect(r.code, r.err).toBe(0);
    const sections = await readStoredSections(out);
    expect(sections.length).toBeGreaterThan(0);
    expect(sections.every((s) => s.url.startsWith('/guide/'))).toBe(true);
    // The file's out was overridden: nothing was written there.
    await expect(readFile(path.join(root, 'override', 'pack', 'manifest.json'))).rejects.toThrow();
  });

  it('builds a built site from `html` into <site>/_recall-box/pack by default', async () => {
    const dir = path.join(root, 'built');
    const site = path.join(dir, 'dist');
    // A copy, so the pack is written into the site as the convention has it.
    await cp(BUILT, site, { recursive: true });
    const file = await configFile('built', { html: 'dist', vectors: false });
    const r = await runCli(['build', '--config', file]);
    expect(r.code, r.err).toBe(0);
    expect((await manifestOf(path.join(site, '_recall-box', 'pack'))).counts).toBeTruthy();
  });

  it('fails with CONFIG_INVALID naming the key, exit 1, and builds nothing', async () => {
    const file = await configFile('invalid', { source: SITE, out: 'pack', worker: { cacheMaxAge: '300' } });
    const r = await runCli(['build', '--config', file]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('CONFIG_INVALID');
    expect(r.err).toContain('"worker.cacheMaxAge"');
    await expect(readFile(path.join(root, 'invalid', 'pack', 'manifest.json'))).rejects.toThrow();
  });

  it('fails with CONFIG_MISSING for a --config that does not exist', async () => {
    const r = await runCli(['build', '--config', path.join(root, 'no-such.json')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('CONFIG_MISSING');
  });

  it('asks for a folder when neither the file nor the flags name one (exit 2)', async () => {
    const file = await configFile('no-source', { baseUrl: '/docs/' });
    const r = await runCli(['build', '--config', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('"source" or "html"');
  });
});

describe('the documentation', () => {
  it('lists every key of the file in docs/configuration.md\'s config file table', async () => {
    const docs = await readFile(path.resolve(FIXTURES, '../../docs/configuration.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## Config file'), docs.indexOf('## Worker variables'));
    const table = section.split('\n').filter((line) => line.startsWith('| `'));
    for (const key of Object.keys(CONFIG_FIELDS).filter((k) => k !== 'worker')) expect(table.some((row) => row.split('|')[1]!.includes(`\`${key}\``)), key).toBe(true);
    for (const key of Object.keys(WORKER_FIELDS)) expect(table.some((row) => row.split('|')[1]!.includes(`\`worker.${key}\``)), `worker.${key}`).toBe(true);
  });

  it('shows a bad value as it was written', () => {
    expect(thrown(() => validateConfig({ worker: { cacheMaxAge: '300' } }, 'c.json')).message).toContain('"worker.cacheMaxAge" must be a whole number from 0 to 31536000, got "300".');
    expect(thrown(() => validateConfig({ headingDepth: 7 }, 'c.json')).message).toContain('got 7.');
  });
});

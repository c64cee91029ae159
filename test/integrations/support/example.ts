/**
 * Setting up an example site under examples/ as a user would: recall-box packed as the npm tarball
 * users get (its widget bundles built by the suite's globalSetup), installed with the framework
 * from npm into the example, the built site's pages listed. Each framework's file
 * (<framework>-example.ts) adds its paths and its build command.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startWranglerDev, type WranglerDev } from '../../../bench/wrangler-dev.ts';
import { launchBrowser } from '../../support/browser.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const OUTPUT_TAIL_CHARS = 6_000;

/**
 * Runs a command to its end and returns its stdout; throws with the command and the tail of its
 * output (stdout and stderr) if it fails.
 */
export function run(command: string, args: string[], options: { cwd: string; timeoutMs?: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 300_000,
    });
    let stdout = '';
    let out = '';
    const keep = (chunk: Buffer) => (out = (out + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      keep(chunk);
    });
    child.stderr.on('data', keep);
    child.on('error', (e) => reject(new Error(`${command} ${args.join(' ')}: could not start: ${e.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} (in ${options.cwd}) failed (code ${code}, signal ${signal}):\n${out.trim()}`));
    });
  });
}

/** Whether npm can reach its registry (with the user's npm config), asking it for `spec` (the example's pinned framework), and if not why. */
export async function npmRegistryReachable(spec: string): Promise<{ ok: true } | { ok: false; why: string }> {
  try {
    await run('npm', ['view', spec, 'version'], { cwd: ROOT, timeoutMs: 60_000 });
    return { ok: true };
  } catch (e) {
    return { ok: false, why: String(e).split('\n').slice(0, 3).join(' ') };
  }
}

/**
 * `npm pack` of this repository into `dest`; returns the tarball's path. `--ignore-scripts` skips
 * prepare (build:widget): the suite's globalSetup built the bundles from the current source, and
 * the widget's build and size budget have tests of their own.
 */
export async function packRecallBox(dest: string): Promise<string> {
  const out = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], { cwd: ROOT });
  const [info] = JSON.parse(out) as { filename: string }[];
  return path.join(dest, info!.filename);
}

/**
 * Installs the dependencies of the example in `dir` (its framework, pinned by its package-lock.json)
 * with the tarball as recall-box, leaving package.json and the lockfile as committed (`--no-save`).
 */
export async function installExample(dir: string, tarball: string): Promise<void> {
  // A same-version tarball with new contents must replace the previous run's copy.
  await rm(path.join(dir, 'node_modules/recall-box'), { recursive: true, force: true });
  await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', tarball], { cwd: dir, timeoutMs: 600_000 });
}

/** The built site's pages: each .html file and the URL it is served at (index.html → its folder). */
export async function builtPages(dist: string): Promise<{ file: string; url: string }[]> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.relative(dist, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .map((file) => ({ file, url: '/' + file.replace(/(^|\/)index\.html$/, '$1') }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

/** A section as the pack's blocks store it: the fields the integration tests check. */
export interface PackSection {
  pageUrl: string;
  anchor: string;
  title: string;
  breadcrumb: string[];
  text: string;
  code: string;
}

/** The pack's pages and every section of its blocks, read from the files as the Worker would. */
export async function readPackSections(pack: string): Promise<{ pages: string[]; sections: PackSection[] }> {
  const head = JSON.parse(await readFile(path.join(pack, 'sections.json'), 'utf8')) as { pages: string[]; blocks: { file: string }[] };
  const sections: PackSection[] = [];
  for (const block of head.blocks) sections.push(...(JSON.parse(await readFile(path.join(pack, block.file), 'utf8')) as { sections: PackSection[] }).sections);
  return { pages: head.pages, sections };
}

/** Times the set-up's steps, for the one line each test file prints (`npm pack 1.2 s, npm install …`). */
export function stepTimer(): { timed<T>(step: string, work: () => Promise<T>): Promise<T>; report(): string } {
  const timings: string[] = [];
  return {
    async timed(step, work) {
      const start = performance.now();
      const result = await work();
      timings.push(`${step} ${((performance.now() - start) / 1000).toFixed(1)} s`);
      return result;
    },
    report: () => timings.join(', '),
  };
}

/** Lower-cased words (letters and digits), camelCase split: what a source and an index are compared by. */
const wordsOf = (text: string) => new Set(text.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/**
 * The words of the page's indexed sections (titles, text, code, breadcrumbs) that are not words of
 * its Markdown `source`: the theme's chrome taken for content ("On this page", "Next", the sidebar).
 */
export function foreignWords(sections: readonly PackSection[], url: string, source: string): string[] {
  const known = wordsOf(source);
  const indexed = sections.filter((s) => s.pageUrl === url).map((s) => [s.title, s.text, s.code, ...s.breadcrumb].join('\n'));
  return [...wordsOf(indexed.join('\n'))].filter((w) => !known.has(w));
}

/** What a reader's search should lead to: the first result's link, and the heading it lands on. */
export interface FollowedResult {
  query: string;
  /** The first result's pathname + hash, as its href gives them. */
  href: string;
  /** Where the browser ends up (a host may redirect `/a.html` to `/a`, keeping the hash). */
  landed: { pathname: string; hash: string };
  /** The heading landed on, and its text (permalinks' zero-width spaces aside). */
  heading: string;
  text: string;
}

/**
 * With the focus in the open box's input: types `want.query`, waits for the answer to the whole
 * query (a list re-rendered under the pointer would swallow the click), checks the first result's
 * link, follows it and checks the heading it lands on.
 */
export async function typeAndFollow(page: Page, box: Locator, origin: string, want: FollowedResult): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/search' && new URL(r.url()).searchParams.get('q') === want.query, { timeout: 15_000 });
  await page.keyboard.type(want.query);
  await answered;
  await expect.poll(() => box.locator('[role="listbox"]').getAttribute('aria-busy')).not.toBe('true');
  const first = box.locator('[role="option"]').first();
  await first.waitFor({ timeout: 15_000 });
  const href = new URL((await first.getAttribute('href'))!, origin);
  expect(href.pathname + href.hash).toBe(want.href);
  await first.click();
  await page.waitForURL((url) => url.pathname === want.landed.pathname && url.hash === want.landed.hash, { timeout: 20_000 });
  const heading = page.locator(want.heading);
  await heading.waitFor({ state: 'visible', timeout: 10_000 });
  expect((await heading.textContent())?.replace(/\u200b/g, '').trim()).toBe(want.text);
}

/** An example site set up for a test file: served, a Chromium up, its pack read. */
export interface ExampleSite {
  dev: WranglerDev;
  browser: Browser;
  /** The framework build's output (the integration's log lines in it). */
  buildLog: string;
  pages: string[];
  sections: PackSection[];
  /** Closes Chromium, stops the server, removes the tarball's folder. */
  close(): Promise<void>;
}

/**
 * The set-up every framework test does, timed and reported in one line: recall-box packed as the
 * tarball, installed into the example, the site built, served (default: `wrangler dev` on the
 * example's wrangler.toml) and its pack read, Chromium launched.
 */
export async function setUpExample(example: {
  name: string;
  dir: string;
  pack: string;
  install(tarball: string): Promise<void>;
  build: { step: string; run(): Promise<string> };
  serve?: { step: string; run(): Promise<WranglerDev> };
}): Promise<ExampleSite> {
  const { timed, report } = stepTimer();
  const tmp = await mkdtemp(path.join(tmpdir(), `recall-box-${example.name}-`));
  const serve = example.serve ?? { step: 'wrangler dev', run: () => startWranglerDev({ config: path.join(example.dir, 'wrangler.toml'), timeoutMs: 120_000 }) };
  const tarball = await timed('npm pack', () => packRecallBox(tmp));
  await timed('npm install', () => example.install(tarball));
  const buildLog = await timed(example.build.step, () => example.build.run());
  const dev = await timed(serve.step, () => serve.run());
  const browser = await launchBrowser();
  console.log(`[${example.name} integration] ${report()}`);
  const { pages, sections } = await readPackSections(example.pack);
  return {
    dev,
    browser,
    buildLog,
    pages,
    sections,
    async close() {
      await browser.close();
      await dev.stop();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { RunningNodeServer } from '../../src/server/node-server.ts';
import { buildWidget } from '../../scripts/build-widget.ts';
import { buildHighlight } from '../../scripts/build-highlight.ts';
import { runCli } from '../support/cli.ts';

// `recall-box serve` in-process: it builds or finds the pack, listens, answers, and stops when told.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = path.join(ROOT, 'test/fixtures/site');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'recall-box-serve-cli-'));
  // serve hands out the package's own widget files: a fresh clone has them only once built.
  const built = await access(path.join(ROOT, 'public/recall-box.js')).then(
    () => true,
    () => false,
  );
  if (!built) {
    await buildWidget();
    await buildHighlight();
  }
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs `serve` with `args` until `use` is done with the running server; its exit code and output. */
async function serving(args: string[], use: (server: RunningNodeServer) => Promise<void>) {
  const stop = new AbortController();
  const out: string[] = [];
  const err: string[] = [];
  let used: Promise<void> = Promise.resolve();
  const code = await main(['serve', '--port', '0', ...args], (s) => out.push(s), (s) => err.push(s), {
    signal: stop.signal,
    onListening: (server) => {
      used = use(server).finally(() => stop.abort());
    },
  });
  await used;
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('recall-box serve', () => {
  it('builds the pack of a docs folder and serves its search and pages until stopped', async () => {
    let answer: { results: Array<{ url: string }> } | undefined;
    let page = '';
    const run = await serving([FIXTURE, '--out', path.join(dir, 'pack'), '--no-vectors'], async (server) => {
      answer = (await (await fetch(`${server.url}/search?q=route%20parameters`)).json()) as typeof answer;
      page = await (await fetch(`${server.url}/guides/routing/`)).text();
    });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/built pack .* pages indexed: \d+/s);
    expect(run.out).toMatch(/serving http:\/\/127\.0\.0\.1:\d+\//);
    expect(answer?.results[0]?.url).toBe('/guides/routing/#route-parameters');
    expect(page).toContain('id="route-parameters"');
  });

  it('serves a built pack with --pack, building nothing, with the Worker\'s variables from the environment', async () => {
    vi.stubEnv('ALLOWED_ORIGINS', 'https://docs.example.com');
    try {
      const run = await serving(['--pack', path.join(dir, 'pack')], async (server) => {
        expect((await fetch(`${server.url}/health`)).status).toBe(200);
        const cors = async (origin: string) => (await fetch(`${server.url}/search?q=route`, { headers: { Origin: origin } })).headers.get('access-control-allow-origin');
        expect(await cors('https://docs.example.com')).toBe('https://docs.example.com');
        expect(await cors('https://elsewhere.example')).toBeNull();
      });
      expect(run.code).toBe(0);
      expect(run.out).not.toMatch(/built pack/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('says what it needs, and does not start, for a missing pack or contradicting arguments', async () => {
    const missing = await runCli(['serve', '--pack', path.join(dir, 'no-pack'), '--port', '0']);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/INDEX_MISSING/);
    const both = await runCli(['serve', FIXTURE, '--pack', path.join(dir, 'pack')]);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/not both/);
    const port = await runCli(['serve', '--pack', path.join(dir, 'pack'), '--port', 'http']);
    expect(port.code).toBe(2);
    expect(port.err).toMatch(/--port must be a whole number/);
    const host = await runCli(['build', FIXTURE, '--out', path.join(dir, 'x'), '--host', '0.0.0.0']);
    expect(host.code).toBe(2);
    expect(host.err).toMatch(/--host belongs to `serve`/);
  });
});

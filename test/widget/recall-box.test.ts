/**
 * <recall-box> in real Chromium. The page loads the shipped bundle (public/recall-box.js, built by
 * the globalSetup) from a local server whose /search is answered by the test, so every response —
 * its body, its status, and when it is released — is under the test's control.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfidenceEventDetail, FallbackEventDetail, ResultsEventDetail } from '../../src/widget/events.ts';
import { WIDGET_DEFAULTS } from '../../src/widget/options.ts';
import { format, STRINGS } from '../../src/widget/strings.ts';
import { launchBrowser } from '../support/browser.ts';
import { hit, judgedAnswer, ROUTES_AGREE, SCORES, type FallbackJson, type ReasonJson, type ResultJson } from '../support/widget-harness.ts';
import { serveStatic, type StaticServer } from '../support/static-server.ts';

const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url));

declare global {
  interface Window {
    /** Query and count of every recall-box:results event that reached `document`. */
    __events: Array<Pick<ResultsEventDetail, 'query' | 'count'>>;
    /** The full details of the same events. */
    __resultDetails: ResultsEventDetail[];
    /** Details of every recall-box:confidence event that reached `document`. */
    __confidence: ConfidenceEventDetail[];
    /** Details of every recall-box:fallback event that reached `document`. */
    __fallbacks: FallbackEventDetail[];
    /** How each recall-box:confidence / recall-box:fallback event that reached `document` was dispatched. */
    __dispatch: Array<{ type: string; bubbles: boolean; composed: boolean }>;
    /** URLs the page passed to fetch(). */
    __fetches: string[];
    /** Response bodies read and fully handled (counted one macrotask after `json()` settles). */
    __bodiesRead: number;
    /** Set by hostile payloads if any of them ever runs. */
    __pwned?: unknown;
  }
}

// ---------------------------------------------------------------------------------------------
// Fake /search

interface Reply {
  status?: number;
  /** JSON body. */
  body?: unknown;
  /** Non-JSON body, sent as text/plain instead of `body`. */
  raw?: string;
  /** The response is held until this settles, to order responses deterministically. */
  gate?: Promise<void>;
  /** Destroy the connection instead of answering (a network failure, as the browser sees it). */
  hangUp?: boolean;
}

interface SearchRequest {
  params: URLSearchParams;
  /** True if the client went away before the response was complete. */
  aborted: boolean;
  /** Settles when the exchange is over: response sent, or connection closed by the client. */
  closed: Promise<void>;
}

function ok(query: string, results: ResultJson[]): Reply {
  return { body: { query, buildId: 'test-build', results, tookMs: 1 } };
}

// This file's verdicts: the shared builder with its own mixed reasons and fuller fallback.

const FEW_RELEVANT: ReasonJson = { code: 'FEW_RELEVANT', message: 'Only 1 section matches the query well.', effect: 'lowers' };
const CONCEPTS_MISSING: ReasonJson = { code: 'CONCEPTS_MISSING', message: 'No section mentions “widgt”.', effect: 'lowers' };
const KEYWORD_ONLY: ReasonJson = { code: 'KEYWORD_ONLY', message: 'Only keyword search ran.', effect: 'neutral' };
/** Lowering, raising and neutral reasons mixed, lowering not all first, so filtering is visible. */
const LOW_REASONS: ReasonJson[] = [FEW_RELEVANT, ROUTES_AGREE, CONCEPTS_MISSING, KEYWORD_ONLY];

const FALLBACK_MESSAGE = 'I couldn’t find this in the docs.';
const LOW_FALLBACK: FallbackJson = {
  message: FALLBACK_MESSAGE,
  suggestions: [
    { kind: 'query', text: 'install' },
    { kind: 'page', text: 'Install guide', url: '/guides/install/' },
    { kind: 'page', text: 'Widget reference', url: 'https://example.com/docs/widget/' },
  ],
  link: { url: 'https://github.com/acme/docs/issues/new', text: 'Ask us' },
};

/** A current Worker's answer (judgedAnswer) with this file's low-confidence reasons and fallback. */
function judged(query: string, results: ResultJson[], level: 'high' | 'medium' | 'low', extra: { reasons?: ReasonJson[]; fallback?: FallbackJson } = {}): Reply {
  return judgedAnswer(query, results, level, { ...(level === 'low' && { reasons: LOW_REASONS }), fallback: LOW_FALLBACK, ...extra });
}

/**
 * A newer Worker's answer: the verdict's `outcome`, and the fallback's `cause` when it falls back.
 * `uncertain` is a low verdict whose results are shown, so it has no fallback.
 */
function withOutcome(
  query: string,
  results: ResultJson[],
  outcome: 'answer' | 'uncertain' | 'fallback',
  { cause = 'off-topic', fallback = LOW_FALLBACK }: { cause?: string; fallback?: FallbackJson } = {},
): Reply {
  const body = judged(query, results, outcome === 'answer' ? 'high' : 'low', { fallback }).body as { confidence: object };
  return { body: { ...body, confidence: { ...body.confidence, outcome }, fallback: outcome === 'fallback' ? { ...fallback, cause } : null } };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

let reply: (query: string) => Reply;
let requests: SearchRequest[];
/** Extra HTML pages served by path, for fixtures the demo page does not cover. */
let pages: Map<string, string>;

async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (url.pathname === '/search') {
    await answerSearch(req, res, url);
    return true;
  }
  const html = pages.get(url.pathname);
  if (html === undefined) return false;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
  return true;
}

async function answerSearch(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const record: SearchRequest = { params: url.searchParams, aborted: false, closed: Promise.resolve() };
  record.closed = new Promise((settle) =>
    res.on('close', () => {
      record.aborted = !res.writableFinished;
      settle();
    }),
  );
  requests.push(record);
  const r = reply(url.searchParams.get('q') ?? '');
  if (r.gate) await r.gate;
  if (r.hangUp) {
    req.socket.destroy();
    return;
  }
  if (res.destroyed) return;
  const json = r.raw === undefined;
  res.writeHead(r.status ?? 200, { 'content-type': json ? 'application/json' : 'text/plain' });
  res.end(json ? JSON.stringify(r.body) : r.raw);
}

/** The request the server received for `query`, waiting for it to arrive. */
function requestFor(query: string): Promise<SearchRequest> {
  return vi.waitFor(
    () => {
      const found = requests.find((r) => r.params.get('q') === query);
      if (!found) throw new Error(`no /search request for ${JSON.stringify(query)} yet`);
      return found;
    },
    { timeout: 5_000, interval: 10 },
  );
}

// ---------------------------------------------------------------------------------------------
// Browser

let browser: Browser;
let server: StaticServer;
let context: BrowserContext;
let page: Page;
let pageErrors: Error[];
/** Console errors and warnings the page logged. */
let consoleMessages: string[];
/** Console messages a test expects (a failed request is logged by Chromium itself); others fail the test. */
let expectedConsole: RegExp[];

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), serveStatic(PUBLIC_DIR, handle)]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), server?.close()]);
});

beforeEach(async () => {
  reply = (q) => ok(q, [hit()]);
  requests = [];
  pages = new Map();
  context = await browser.newContext();
  page = await context.newPage();
  page.setDefaultTimeout(5_000);
  pageErrors = [];
  consoleMessages = [];
  expectedConsole = [];
  page.on('pageerror', (e) => pageErrors.push(e));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleMessages.push(`${m.type()}: ${m.text()}`);
  });
  await page.addInitScript(() => {
    window.__events = [];
    window.__resultDetails = [];
    window.__confidence = [];
    window.__fallbacks = [];
    window.__dispatch = [];
    window.__fetches = [];
    window.__bodiesRead = 0;
    document.addEventListener('recall-box:results', (e) => {
      const detail = (e as CustomEvent<ResultsEventDetail>).detail;
      window.__events.push({ query: detail.query, count: detail.count });
      window.__resultDetails.push(detail);
    });
    for (const [type, sink] of [
      ['recall-box:confidence', '__confidence'],
      ['recall-box:fallback', '__fallbacks'],
    ] as const) {
      document.addEventListener(type, (e) => {
        (window[sink] as unknown[]).push((e as CustomEvent).detail);
        window.__dispatch.push({ type: e.type, bubbles: e.bubbles, composed: e.composed });
      });
    }
    const fetch = window.fetch;
    window.fetch = function (input, init) {
      window.__fetches.push(String(input));
      return fetch.call(this, input, init);
    };
    const json = Response.prototype.json;
    Response.prototype.json = function () {
      // The widget's own continuation runs in microtasks after this promise settles; a timeout
      // fires only after all of them, so the counter means "this body has been fully handled".
      return json.call(this).finally(() => setTimeout(() => window.__bodiesRead++, 0));
    };
  });
});

afterEach(async () => {
  await context.close();
  expect(pageErrors).toEqual([]);
  expect(consoleMessages.filter((m) => !expectedConsole.some((re) => re.test(m)))).toEqual([]);
});

/** Serves a page with the bundle and `body`, returning its URL. */
function fixture(body: string): string {
  const path = `/fixture-${pages.size}.html`;
  pages.set(
    path,
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>fixture</title><link rel="icon" href="data:,">` +
      `<script type="module" src="/recall-box.js"></script><body>${body}</body></html>`,
  );
  return server.url + path;
}

/** A page whose only box sits in another element's open shadow root: events must cross it. */
function inShadowRoot(): string {
  return fixture(
    `<div id="host"></div><script type="module">
      const box = document.createElement('recall-box');
      box.setAttribute('debounce', '0');
      document.getElementById('host').attachShadow({ mode: 'open' }).append(box);
    </script>`,
  );
}

const EN = STRINGS.en;
// Locators below say `recall-box:not([mode=modal])`: the demo page also has a modal box in its header.
const input = () => page.getByRole('combobox', { name: EN.label });
const results = () => page.locator('recall-box:not([mode=modal]) [part~="result"]');
const titles = () => page.locator('recall-box:not([mode=modal]) [part~="title"]');
const status = () => page.locator('recall-box:not([mode=modal]) [part~="status"]');
const titleShown = (text: string) => page.locator('recall-box:not([mode=modal]) [part~="title"]', { hasText: text }).waitFor();
const statusShown = (text: string) => page.locator('recall-box:not([mode=modal]) [part~="status"]', { hasText: text }).waitFor();

// ---------------------------------------------------------------------------------------------

describe('searching from the demo page', () => {
  it('shows title, breadcrumb and snippet with <mark> highlights for a typed query', async () => {
    reply = (q) => ok(q, [hit({ breadcrumb: ['Install', 'Getting ready', 'Setup'] })]);
    await page.goto(`${server.url}/`);
    expect(await page.title()).toBe('recall-box demo');
    await input().fill('install');
    await titleShown('Setup');

    expect((await requestFor('install')).params.get('q')).toBe('install');
    const result = results().first();
    // The page title heads the group; the option shows the headings between it and the section.
    expect(await page.locator('recall-box:not([mode=modal]) [part~="group-title"]').allTextContents()).toEqual(['Install']);
    expect(await result.locator('[part~="breadcrumb"]').textContent()).toBe('Getting ready');
    expect(await result.locator('[part~="snippet"]').textContent()).toBe('Run npm install to set up the project.');
    expect(await result.locator('mark[part~="mark"]').allTextContents()).toEqual(['npm', 'install']);
    expect(await status().textContent()).toBe('');
    expect(await page.evaluate(() => window.__events)).toEqual([{ query: 'install', count: 1 }]);
    expect(await page.evaluate(() => window.__resultDetails[0]!.results)).toEqual([
      { id: '/guides/install/#setup', url: '/guides/install/#setup', title: 'Setup', breadcrumb: ['Install', 'Getting ready', 'Setup'] },
    ]);
  });

  it('shows "No results" when the Worker finds nothing', async () => {
    reply = (q) => ok(q, []);
    await page.goto(`${server.url}/`);
    await input().fill('zzyzx');
    await statusShown(format(EN.noResults, { query: 'zzyzx' }));
    expect(await results().count()).toBe(0);
    expect(await page.evaluate(() => window.__events)).toEqual([{ query: 'zzyzx', count: 0 }]);
  });

  it('clearing the box removes the results without another request', async () => {
    await page.goto(`${server.url}/`);
    await input().fill('install');
    await titleShown('Setup');
    await input().fill('');
    await results().first().waitFor({ state: 'detached' });
    expect(await status().textContent()).toBe('');
    expect(await page.evaluate(() => window.__fetches.length)).toBe(1);
  });

  it('waits for a pause in typing (default debounce) and then sends one request', async () => {
    // Fake timers, paused: time moves only when the test says so.
    await page.clock.install({ time: new Date('2030-01-01T00:00:00Z') });
    await page.goto(`${server.url}/`);
    await page.clock.pauseAt(new Date('2030-01-01T00:01:00Z'));
    await input().pressSequentially('install');
    await page.clock.runFor(WIDGET_DEFAULTS.debounceMs - 1);
    expect(await page.evaluate(() => window.__fetches)).toEqual([]);
    await page.clock.runFor(1);
    const sent = await page.evaluate(() => window.__fetches);
    expect(sent.map((u) => new URL(u).searchParams.get('q'))).toEqual(['install']);
  });
});

describe('attributes and events', () => {
  it('passes limit and lang through, and uses the label attribute as the accessible name', async () => {
    await page.goto(fixture('<recall-box endpoint="/search" limit="3" lang="ja" debounce="0" label="Search the handbook"></recall-box>'));
    await page.getByRole('combobox', { name: 'Search the handbook' }).fill('インストール');
    const request = await requestFor('インストール');
    expect(request.params.get('limit')).toBe('3');
    expect(request.params.get('lang')).toBe('ja');
  });

  it('fires recall-box:results out of an enclosing shadow root (bubbles, composed)', async () => {
    reply = (q) => ok(q, [hit({ id: 'a', title: 'A' }), hit({ id: 'b', title: 'B' })]);
    await page.goto(inShadowRoot());
    await input().fill('install');
    await titleShown('B');
    expect(await page.evaluate(() => window.__events)).toEqual([{ query: 'install', count: 2 }]);
  });

  it('highlights the right characters in unicode text (UTF-16 offsets)', async () => {
    const text = 'Größe: 日本語のテキスト 🚀 launch, cafe\u0301 au lait';
    const at = (w: string): [number, number] => [text.indexOf(w), text.indexOf(w) + w.length];
    reply = (q) =>
      ok(q, [hit({ lang: 'ja', snippet: { text, highlights: [at('テキスト'), at('🚀'), at('Größe'), at('cafe\u0301')] } })]);
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('テキスト');
    await titleShown('Setup');
    const snippet = results().first().locator('[part~="snippet"]');
    expect(await snippet.textContent()).toBe(text);
    expect(await snippet.locator('mark').allTextContents()).toEqual(['Größe', 'テキスト', '🚀', 'cafe\u0301']);
    expect(await results().first().getAttribute('lang')).toBe('ja');
  });
});

describe('out-of-order responses', () => {
  /** `a` is held at the server; `ab` is answered at once. */
  function holdFirstQuery(): { releaseA: () => void } {
    const gate = deferred();
    reply = (q) =>
      q === 'a'
        ? { ...ok(q, [hit({ id: 'stale', title: 'Stale answer for a' })]), gate: gate.promise }
        : ok(q, [hit({ id: 'fresh', title: 'Fresh answer for ab' })]);
    return { releaseA: gate.resolve };
  }

  it('aborts the request a newer query supersedes', async () => {
    const { releaseA } = holdFirstQuery();
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().pressSequentially('a');
    const first = await requestFor('a');
    await input().pressSequentially('b');
    await titleShown('Fresh answer for ab');
    await vi.waitFor(() => expect(first.aborted).toBe(true), { timeout: 5_000, interval: 10 });
    releaseA();
    expect(await titles().allTextContents()).toEqual(['Fresh answer for ab']);
  });

  it('drops a stale response that arrives after a newer one, even when aborting does nothing', async () => {
    // Aborting is best-effort in real life (the body may already be in flight); disabling it
    // leaves only the widget's own check between a late answer and the screen.
    await page.addInitScript(() => {
      AbortController.prototype.abort = function () {};
    });
    const { releaseA } = holdFirstQuery();
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().pressSequentially('a');
    const first = await requestFor('a');
    await input().pressSequentially('b');
    await titleShown('Fresh answer for ab');

    releaseA();
    await first.closed;
    expect(first.aborted).toBe(false);
    await page.waitForFunction(() => window.__bodiesRead === 2);

    expect(await titles().allTextContents()).toEqual(['Fresh answer for ab']);
    expect(await page.evaluate(() => window.__events)).toEqual([{ query: 'ab', count: 1 }]);
  });
});

describe('errors', () => {
  it('shows error.message (capitalised) from an error response, then recovers on the next query', async () => {
    expectedConsole = [/Failed to load resource: the server responded with a status of 503/];
    reply = (q) =>
      q === 'broken'
        ? { status: 503, body: { error: { code: 'INDEX_MISSING', message: 'the search index is not deployed.' } } }
        : ok(q, [hit()]);
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('install');
    await titleShown('Setup');

    await input().fill('broken');
    await statusShown('The search index is not deployed.');
    expect(await status().getAttribute('data-kind')).toBe('error');
    expect(await results().count()).toBe(0);

    await input().fill('install again');
    await titleShown('Setup');
    expect(await status().textContent()).toBe('');
    expect(await status().getAttribute('data-kind')).toBeNull();
  });

  it('falls back to generic messages for a non-JSON error body and for a dropped connection', async () => {
    expectedConsole = [/Failed to load resource: (the server responded with a status of 502|net::ERR_)/];
    // Hang up until told otherwise (not "once": Chromium itself retries a request whose reused
    // keep-alive connection drops, so the server may see it twice).
    let serverDown = true;
    reply = (q) => (q === 'gateway' ? { status: 502, raw: 'Bad Gateway' } : serverDown ? { hangUp: true } : ok(q, [hit()]));
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('gateway');
    await statusShown(`${EN.failed} (HTTP 502)`);
    await input().fill('flaky');
    await statusShown(EN.unreachable);

    // Enter retries the same query without waiting for new input.
    serverDown = false;
    await input().press('Enter');
    await titleShown('Setup');
    expect(await status().textContent()).toBe('');
  });

  it('reports a broken endpoint attribute as a failed search instead of throwing', async () => {
    expectedConsole = [/the endpoint attribute "http:\/\/\[" is not a URL/];
    await page.goto(fixture('<recall-box endpoint="http://[" debounce="0"></recall-box>'));
    await input().fill('install');
    await statusShown(EN.failed);
    expect(requests).toEqual([]);
    // The page author is told what is wrong, in the console.
    expect(consoleMessages).toEqual(['error: recall-box: the endpoint attribute "http://[" is not a URL']);
  });
});

describe('hostile result content', () => {
  const EVIL_TITLE = '<img src=x onerror="window.__pwned=\'title\'">';
  const EVIL_CRUMB = '<script>window.__pwned="crumb"</script>';
  const EVIL_SNIPPET = '<svg onload="window.__pwned=\'snippet\'"></svg> <b>bold</b>';

  it('renders markup in results as text, so nothing in it executes', async () => {
    reply = (q) =>
      ok(q, [
        hit({
          title: EVIL_TITLE,
          breadcrumb: ['<i>x</i>', EVIL_CRUMB, '<u>y</u>'],
          snippet: { text: EVIL_SNIPPET, highlights: [[0, 4]] },
        }),
      ]);
    await page.goto(`${server.url}/`);
    await input().fill('evil');
    await results().first().waitFor();

    const result = results().first();
    expect(await result.locator('[part~="title"]').textContent()).toBe(EVIL_TITLE);
    expect(await page.locator('recall-box:not([mode=modal]) [part~="group-title"]').textContent()).toBe('<i>x</i>');
    expect(await result.locator('[part~="breadcrumb"]').textContent()).toBe(`${EVIL_CRUMB} › <u>y</u>`);
    expect(await result.locator('[part~="snippet"]').textContent()).toBe(EVIL_SNIPPET);
    expect(await result.locator('mark').allTextContents()).toEqual(['<svg']);
    const injected = await page.evaluate(
      () => document.querySelector('recall-box')!.shadowRoot!.querySelectorAll('img, script, svg:not([part~="icon"]), b, i, u, iframe').length,
    );
    expect(injected).toBe(0);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  });

  it('renders results with non-http(s) URLs without a link, and clicking them does nothing', async () => {
    reply = (q) =>
      ok(q, [
        hit({ id: '1', url: 'javascript:window.__pwned="plain"', title: 'Plain javascript' }),
        hit({ id: '2', url: ' JaVaScRiPt:window.__pwned="disguised"', title: 'Disguised javascript' }),
        hit({ id: '3', url: 'java\tscript:window.__pwned="tab"', title: 'Tab-split javascript' }),
        hit({ id: '4', url: 'data:text/html,<script>alert(1)</script>', title: 'Data URL' }),
        hit({ id: '5', url: 'vbscript:msgbox(1)', title: 'VBScript' }),
        hit({ id: '6', url: 'https://example.com/docs/', title: 'External docs' }),
        hit({ id: '7', url: '/guides/install/', title: 'Local page' }),
      ]);
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    const before = page.url();
    await input().fill('links');
    await titleShown('Local page');

    const anchors = page.locator('recall-box:not([mode=modal]) a');
    expect(await anchors.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      // The snippet's highlighted words ride along for the highlight script (no-highlight-param: not).
      'https://example.com/docs/?rb-highlight=npm+install',
      '/guides/install/?rb-highlight=npm+install',
    ]);
    const unlinked = page.locator('recall-box:not([mode=modal]) [part~="unlinked"] [part~="title"]');
    expect(await unlinked.allTextContents()).toEqual([
      'Plain javascript',
      'Disguised javascript',
      'Tab-split javascript',
      'Data URL',
      'VBScript',
    ]);
    for (const title of await unlinked.all()) await title.click();
    expect(page.url()).toBe(before);
    expect(context.pages()).toHaveLength(1);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  });
});

describe('links', () => {
  it('makes each result an <a> with the URL as given plus the matched words, and clicking it navigates there', async () => {
    pages.set('/guides/install/', '<!doctype html><title>Install guide</title><link rel="icon" href="data:,"><h1 id="setup">Setup</h1>');
    await page.goto(`${server.url}/`);
    await input().fill('install');
    const link = page.locator('recall-box:not([mode=modal]) a[part~="result"]');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/guides/install/?rb-highlight=npm+install#setup');
    await link.locator('[part~="title"]').click();
    await page.waitForURL(`${server.url}/guides/install/?rb-highlight=npm+install#setup`);
    expect(await page.title()).toBe('Install guide');
  });
});

describe('lifecycle', () => {
  it('searches again for its current text after being moved in the DOM', async () => {
    await page.goto(fixture('<recall-box debounce="0"></recall-box><div id="elsewhere"></div>'));
    await input().fill('install');
    await titleShown('Setup');
    reply = (q) => ok(q, [hit({ id: 'moved', title: 'After the move' })]);
    await page.evaluate(() => document.getElementById('elsewhere')!.append(document.querySelector('recall-box')!));
    // Moving the element took focus away, so the dropdown stays closed until the reader comes back.
    await page.locator('recall-box:not([mode=modal]) [part~="title"]', { hasText: 'After the move' }).waitFor({ state: 'attached' });
    expect(await page.locator('recall-box:not([mode=modal]) [part~="dropdown"]').isVisible()).toBe(false);
    await input().focus();
    await titleShown('After the move');
    expect(requests.map((r) => r.params.get('q'))).toEqual(['install', 'install']);
  });
});

describe('registration', () => {
  it('loading the bundle a second time keeps the first definition and throws nothing', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => customElements.get('recall-box') !== undefined);
    // A string, not a function: the test runner would rewrite a dynamic import() in a function body.
    const outcome = await page.evaluate(`(async () => {
      const first = customElements.get('recall-box');
      const copy = await import('/recall-box.js?second-copy');
      return { keptFirst: customElements.get('recall-box') === first, copyEvaluated: copy.RecallBoxElement !== first };
    })()`);
    expect(outcome).toEqual({ keptFirst: true, copyEvaluated: true });
    await input().fill('install');
    await titleShown('Setup');
  });
});

describe('confidence and fallback', () => {
  const part = (name: string) => page.locator(`recall-box [part~="${name}"]`);
  const showAnyway = () => page.getByRole('button', { name: EN.showAnyway });
  const fallbackShown = () => part('fallback-message').waitFor();
  const resultsList = () => part('results');

  it('shows the fallback instead of the results for a low-confidence answer, and the matches on request', async () => {
    reply = (q) =>
      q === 'widgt setup'
        ? judged(q, [hit({ id: 'a', title: 'Closest A' }), hit({ id: 'b', title: 'Closest B' })], 'low')
        : q === 'widgt config'
          ? judged(q, [hit({ id: 'c', title: 'Closest C' })], 'low', { fallback: { message: 'Nothing on that here.', suggestions: [] } })
          : judged(q, [hit({ id: 'd', title: 'Confident D' })], 'high');
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('widgt setup');
    await fallbackShown();

    expect(await part('fallback-message').textContent()).toBe(FALLBACK_MESSAGE);
    // Only the reasons that lower confidence, in the Worker's order.
    expect(await part('reasons').locator('li').allTextContents()).toEqual([FEW_RELEVANT.message, CONCEPTS_MISSING.message]);
    expect(await part('suggestion').allTextContents()).toEqual(['install', 'Install guide', 'Widget reference']);
    const querySuggestion = page.getByRole('button', { name: 'install', exact: true });
    expect(await querySuggestion.getAttribute('type')).toBe('button');
    expect(await page.locator('recall-box:not([mode=modal]) a[part~="suggestion"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '/guides/install/',
      'https://example.com/docs/widget/',
    ]);
    const link = page.locator('recall-box:not([mode=modal]) a[part~="fallback-link"]');
    expect(await link.textContent()).toBe('Ask us');
    expect(await link.getAttribute('href')).toBe('https://github.com/acme/docs/issues/new');
    expect(await showAnyway().getAttribute('type')).toBe('button');

    // Not the results: nothing listed, nothing marked, no "No results" either.
    expect(await results().count()).toBe(0);
    expect(await resultsList().getAttribute('data-confidence')).toBeNull();
    expect(await part('low-confidence-note').isVisible()).toBe(false);
    expect(await status().textContent()).toBe('');

    // Announced assertively once typing settles: the message, then the reasons shown.
    await expect
      .poll(() => page.locator('recall-box:not([mode=modal]) [data-live="assertive"]').textContent())
      .toBe(`${FALLBACK_MESSAGE} ${FEW_RELEVANT.message} ${CONCEPTS_MISSING.message}`);
    expect(await page.locator('recall-box:not([mode=modal]) [data-live="polite"]').textContent()).toBe('');

    await showAnyway().click();
    await titleShown('Closest B');
    expect(await titles().allTextContents()).toEqual(['Closest A', 'Closest B']);
    expect(await resultsList().getAttribute('data-confidence')).toBe('low');
    expect(await part('low-confidence-note').textContent()).toBe(EN.lowConfidenceNote);
    expect(await part('low-confidence-note').isVisible()).toBe(true);
    expect(await showAnyway().count()).toBe(0);
    // Focus does not fall to <body> with the removed button: it is back in the combobox, on the first match.
    expect(await page.evaluate(() => document.querySelector('recall-box')!.shadowRoot!.activeElement?.getAttribute('part'))).toBe('input');
    const first = results().first();
    expect(await input().getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    expect(await first.getAttribute('aria-selected')).toBe('true');

    // A new low-confidence query starts over: fallback, no matches, no note.
    await input().fill('widgt config');
    await page.locator('recall-box:not([mode=modal]) [part~="fallback-message"]', { hasText: 'Nothing on that here.' }).waitFor();
    expect(await results().count()).toBe(0);
    expect(await resultsList().getAttribute('data-confidence')).toBeNull();
    expect(await part('low-confidence-note').isVisible()).toBe(false);
    expect(await part('suggestions').count()).toBe(0);
    expect(await part('fallback-link').count()).toBe(0);
    expect(await showAnyway().isVisible()).toBe(true);

    // And a confident one clears the fallback away.
    await input().fill('install');
    await titleShown('Confident D');
    expect(await part('fallback').textContent()).toBe('');
    expect(await part('fallback').isVisible()).toBe(false);
    expect(await showAnyway().count()).toBe(0);
    expect(await resultsList().getAttribute('data-confidence')).toBe('high');
  });

  it('announces through live regions that exist before the first answer, only once typing settles', async () => {
    reply = (q) => (q === 'widgt' ? judged(q, [hit()], 'low') : judged(q, [hit(), hit({ id: 'x', url: '/x/', title: 'X' })], 'high'));
    await page.clock.install({ time: new Date('2030-01-01T00:00:00Z') });
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await page.waitForFunction(() => customElements.get('recall-box') !== undefined);
    // A live region inserted together with its text is often not announced; it must already be there.
    await page.evaluate(() => {
      for (const live of document.querySelector('recall-box')!.shadowRoot!.querySelectorAll('[data-live]')) {
        (live as unknown as { __original: boolean }).__original = true;
      }
    });
    const polite = page.locator('recall-box:not([mode=modal]) [data-live="polite"]');
    const assertive = page.locator('recall-box:not([mode=modal]) [data-live="assertive"]');
    expect(await polite.getAttribute('aria-live')).toBe('polite');
    expect(await assertive.getAttribute('aria-live')).toBe('assertive');

    await page.clock.pauseAt(new Date('2030-01-01T00:01:00Z'));
    await input().fill('install');
    await page.clock.runFor(1);
    await titleShown('X');
    // Shown, but not yet announced: the reader may still be typing.
    await page.clock.runFor(WIDGET_DEFAULTS.announceDelayMs - 1);
    expect(await polite.textContent()).toBe('');
    await page.clock.runFor(1);
    expect(await polite.textContent()).toBe('2 results');

    // Typing again before the delay is over: the count for the abandoned query is never read.
    await input().fill('install it');
    await page.clock.runFor(1);
    await expect.poll(() => page.evaluate(() => window.__events.length)).toBe(2);
    await input().fill('widgt');
    await page.clock.runFor(1);
    await fallbackShown();
    await page.clock.runFor(WIDGET_DEFAULTS.announceDelayMs);
    expect(await polite.textContent()).toBe('');
    expect(await assertive.textContent()).toBe(`${FALLBACK_MESSAGE} ${FEW_RELEVANT.message} ${CONCEPTS_MISSING.message}`);
    const original = await page.evaluate(() =>
      [...document.querySelector('recall-box')!.shadowRoot!.querySelectorAll('[data-live]')].map((n) => (n as unknown as { __original?: boolean }).__original),
    );
    expect(original).toEqual([true, true]);
  });

  it('runs a query suggestion as a search when clicked', async () => {
    reply = (q) => (q === 'how do I instal the widgt' ? judged(q, [hit({ title: 'Far off' })], 'low') : judged(q, [hit({ title: 'Install it' })], 'high'));
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('how do I instal the widgt');
    await fallbackShown();
    await page.getByRole('button', { name: 'install', exact: true }).click();

    expect((await requestFor('install')).params.get('q')).toBe('install');
    await titleShown('Install it');
    expect(await input().inputValue()).toBe('install');
    await expect.poll(() => input().evaluate((el) => el.matches(':focus'))).toBe(true);
    expect(await part('fallback-message').count()).toBe(0);
    expect(requests.map((r) => r.params.get('q'))).toEqual(['how do I instal the widgt', 'install']);
  });

  it('never turns a javascript: suggestion or link into a live link, and shows fallback markup as text', async () => {
    const EVIL_MESSAGE = '<img src=x onerror="window.__pwned=\'message\'">';
    const EVIL_REASON = '<script>window.__pwned="reason"</script>';
    reply = (q) =>
      judged(q, [hit()], 'low', {
        reasons: [{ code: 'FEW_RELEVANT', message: EVIL_REASON, effect: 'lowers' }],
        fallback: {
          message: EVIL_MESSAGE,
          suggestions: [
            { kind: 'page', text: 'Plain javascript', url: 'javascript:window.__pwned="plain"' },
            { kind: 'page', text: 'Disguised javascript', url: ' JaVaScRiPt:window.__pwned="disguised"' },
            { kind: 'query', text: '<b>bold</b>' },
            { kind: 'page', text: 'Local page', url: '/guides/install/' },
          ],
          link: { url: 'javascript:window.__pwned="link"', text: 'Ask us' },
        },
      });
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    const before = page.url();
    await input().fill('evil');
    await fallbackShown();

    expect(await page.locator('recall-box:not([mode=modal]) a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/guides/install/']);
    const unlinked = page.locator('recall-box:not([mode=modal]) [part~="suggestion"][part~="unlinked"]');
    expect(await unlinked.allTextContents()).toEqual(['Plain javascript', 'Disguised javascript']);
    expect(await unlinked.evaluateAll((els) => els.map((e) => e.tagName))).toEqual(['SPAN', 'SPAN']);
    expect(await part('fallback-link').count()).toBe(0);
    for (const u of await unlinked.all()) await u.click();

    expect(await part('fallback-message').textContent()).toBe(EVIL_MESSAGE);
    expect(await part('reasons').textContent()).toBe(EVIL_REASON);
    expect(await page.getByRole('button', { name: '<b>bold</b>' }).count()).toBe(1);
    const injected = await page.evaluate(
      () => document.querySelector('recall-box')!.shadowRoot!.querySelectorAll('img, script, b').length,
    );
    expect(injected).toBe(0);
    expect(page.url()).toBe(before);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  });

  it('shows a confident answer as results, marked with its level, and no fallback', async () => {
    reply = (q) => judged(q, [hit({ title: q === 'install' ? 'Sure thing' : 'Fairly sure' })], q === 'install' ? 'high' : 'medium');
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('install');
    await titleShown('Sure thing');
    expect(await resultsList().getAttribute('data-confidence')).toBe('high');
    expect(await part('fallback-message').count()).toBe(0);
    expect(await part('suggestion').count()).toBe(0);
    expect(await showAnyway().count()).toBe(0);
    expect(await part('low-confidence-note').isVisible()).toBe(false);

    await input().fill('setup');
    await titleShown('Fairly sure');
    expect(await resultsList().getAttribute('data-confidence')).toBe('medium');
    expect(await part('fallback-message').count()).toBe(0);
  });

  it('fires recall-box:confidence and recall-box:fallback with their details, out of a shadow root', async () => {
    reply = (q) =>
      q === 'widgt' ? judged(q, [hit({ id: 'a', title: 'Closest' })], 'low') : q === 'old' ? ok(q, [hit({ title: 'Old worker' })]) : judged(q, [hit({ title: 'Sure' })], 'high');
    await page.goto(inShadowRoot());
    await input().fill('widgt');
    await fallbackShown();
    await input().fill('install');
    await titleShown('Sure');
    await input().fill('old');
    await titleShown('Old worker');

    // These verdicts carry no outcome or cause (judgedAnswer): derived from shouldAnswer, and off-topic.
    expect(await page.evaluate(() => window.__confidence)).toEqual([
      { query: 'widgt', level: 'low', outcome: 'fallback', score: SCORES.low, reasons: LOW_REASONS },
      { query: 'install', level: 'high', outcome: 'answer', score: SCORES.high, reasons: [ROUTES_AGREE] },
    ]);
    expect(await page.evaluate(() => window.__fallbacks)).toEqual([
      { query: 'widgt', message: FALLBACK_MESSAGE, cause: 'off-topic', reasons: ['FEW_RELEVANT', 'CONCEPTS_MISSING'], suggestions: 3 },
    ]);
    expect(await page.evaluate(() => window.__dispatch)).toEqual([
      { type: 'recall-box:confidence', bubbles: true, composed: true },
      { type: 'recall-box:fallback', bubbles: true, composed: true },
      { type: 'recall-box:confidence', bubbles: true, composed: true },
    ]);
    // recall-box:results still reports every answer, with the closest matches counted for a fallback.
    expect(await page.evaluate(() => window.__events)).toEqual([
      { query: 'widgt', count: 1 },
      { query: 'install', count: 1 },
      { query: 'old', count: 1 },
    ]);
  });

  it('lists an uncertain answer’s results marked low, under the note, with no fallback, and says so', async () => {
    reply = (q) => withOutcome(q, [hit({ id: 'a', title: 'Maybe A' }), hit({ id: 'b', url: '/b/', title: 'Maybe B' })], 'uncertain');
    await page.goto(fixture('<recall-box debounce="0" confidence-badge></recall-box>'));
    await input().fill('widget theming');
    await titleShown('Maybe B');

    expect(await titles().allTextContents()).toEqual(['Maybe A', 'Maybe B']);
    expect(await resultsList().getAttribute('data-confidence')).toBe('low');
    expect(await part('low-confidence-note').textContent()).toBe(EN.lowConfidenceNote);
    expect(await part('low-confidence-note').isVisible()).toBe(true);
    expect(await part('badge').textContent()).toBe(EN.confidenceLow);
    expect(await part('badge').getAttribute('data-level')).toBe('low');
    expect(await part('fallback').isVisible()).toBe(false);
    expect(await part('fallback-message').count()).toBe(0);
    expect(await showAnyway().count()).toBe(0);
    expect(await status().textContent()).toBe('');
    // The results are options like an answer's: the first is reachable from the input.
    await page.keyboard.press('ArrowDown');
    expect(await results().first().getAttribute('aria-selected')).toBe('true');

    // The count politely, with the note a listener would not otherwise hear; nothing assertive.
    await expect.poll(() => page.locator('recall-box [data-live="polite"]').textContent()).toBe(`2 results. ${EN.lowConfidenceNote}`);
    expect(await page.locator('recall-box [data-live="assertive"]').textContent()).toBe('');

    expect(await page.evaluate(() => window.__confidence)).toEqual([{ query: 'widget theming', level: 'low', outcome: 'uncertain', score: SCORES.low, reasons: LOW_REASONS }]);
    expect(await page.evaluate(() => window.__fallbacks)).toEqual([]);
    expect(await page.evaluate(() => window.__events)).toEqual([{ query: 'widget theming', count: 2 }]);
  });

  it('drops the note and the low mark when an uncertain answer is followed by a confident one or a fallback', async () => {
    reply = (q) =>
      q === 'maybe'
        ? withOutcome(q, [hit({ title: 'Maybe' })], 'uncertain')
        : q === 'sure'
          ? withOutcome(q, [hit({ title: 'Sure' })], 'answer')
          : withOutcome(q, [hit({ title: 'Far off' })], 'fallback');
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('maybe');
    await titleShown('Maybe');
    expect(await part('low-confidence-note').isVisible()).toBe(true);
    await input().fill('sure');
    await titleShown('Sure');
    expect(await resultsList().getAttribute('data-confidence')).toBe('high');
    expect(await part('low-confidence-note').isVisible()).toBe(false);
    await input().fill('maybe');
    await titleShown('Maybe');
    await input().fill('nope');
    await fallbackShown();
    expect(await results().count()).toBe(0);
    expect(await part('low-confidence-note').isVisible()).toBe(false);
    expect((await page.evaluate(() => window.__confidence)).map((c) => c.outcome)).toEqual(['uncertain', 'answer', 'uncertain', 'fallback']);
  });

  it('shows the Worker’s message for a not-covered fallback and reports its cause', async () => {
    const NOT_COVERED = 'The docs don’t mention “kubernetes”.';
    reply = (q) => withOutcome(q, [hit({ title: 'Far off' })], 'fallback', { cause: 'not-covered', fallback: { ...LOW_FALLBACK, message: NOT_COVERED } });
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('kubernetes');
    await fallbackShown();

    expect(await part('fallback-message').textContent()).toBe(NOT_COVERED);
    expect(await results().count()).toBe(0);
    expect(await part('low-confidence-note').isVisible()).toBe(false);
    await expect.poll(() => page.locator('recall-box [data-live="assertive"]').textContent()).toBe(`${NOT_COVERED} ${FEW_RELEVANT.message} ${CONCEPTS_MISSING.message}`);
    expect(await page.evaluate(() => window.__confidence.map((c) => c.outcome))).toEqual(['fallback']);
    expect(await page.evaluate(() => window.__fallbacks)).toEqual([
      { query: 'kubernetes', message: NOT_COVERED, cause: 'not-covered', reasons: ['FEW_RELEVANT', 'CONCEPTS_MISSING'], suggestions: 3 },
    ]);
  });

  it('falls back for an older Worker’s not-answering verdict (no outcome, no cause), as before', async () => {
    reply = (q) => {
      const body = judged(q, [hit({ title: 'Closest' })], 'low').body as { confidence: object; fallback: object };
      // An unknown cause reads as a missing one.
      return { body: { ...body, fallback: { ...body.fallback, cause: q === 'odd' ? 'elsewhere' : undefined } } };
    };
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('widgt');
    await fallbackShown();
    expect(await part('fallback-message').textContent()).toBe(FALLBACK_MESSAGE);
    expect(await results().count()).toBe(0);
    expect(await resultsList().getAttribute('data-confidence')).toBeNull();
    expect(await part('low-confidence-note').isVisible()).toBe(false);
    expect(await showAnyway().isVisible()).toBe(true);
    await input().fill('odd');
    await expect.poll(() => page.evaluate(() => window.__fallbacks.length)).toBe(2);

    expect(await page.evaluate(() => window.__confidence.map((c) => [c.query, c.outcome]))).toEqual([
      ['widgt', 'fallback'],
      ['odd', 'fallback'],
    ]);
    expect(await page.evaluate(() => window.__fallbacks.map((f) => [f.query, f.cause]))).toEqual([
      ['widgt', 'off-topic'],
      ['odd', 'off-topic'],
    ]);
  });

  it('shows an older Worker’s answer (no confidence) as results, with no level and no events for it', async () => {
    reply = (q) => (q === 'garbled' ? { body: { ...ok(q, [hit({ title: 'Garbled verdict' })]).body as object, confidence: 'low', fallback: 7 } } : ok(q, [hit()]));
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('install');
    await titleShown('Setup');
    expect(await results().count()).toBe(1);
    expect(await resultsList().getAttribute('data-confidence')).toBeNull();
    expect(await part('fallback-message').count()).toBe(0);
    expect(await status().textContent()).toBe('');

    // A verdict that is not one is treated the same way.
    await input().fill('garbled');
    await titleShown('Garbled verdict');
    expect(await resultsList().getAttribute('data-confidence')).toBeNull();
    expect(await part('fallback-message').count()).toBe(0);
    expect(await page.evaluate(() => [window.__confidence, window.__fallbacks])).toEqual([[], []]);
    expect(await page.evaluate(() => window.__events)).toEqual([
      { query: 'install', count: 1 },
      { query: 'garbled', count: 1 },
    ]);
  });
});

describe("a reader's query: unfinished words, a finished word's space, did you mean", () => {
  const part = (name: string) => page.locator(`recall-box:not([mode=modal]) [part~="${name}"]`);
  /** A Worker's answer with fields added to its body (correction, lastWordCompleted). */
  const withBody = (answer: Reply, fields: Record<string, unknown>): Reply => ({ ...answer, body: { ...(answer.body as object), ...fields } });

  it('lists the matches of a word still being typed instead of the fallback, and falls back once the reader has finished it', async () => {
    reply = (q) =>
      q === 'deplo'
        ? withBody(judged(q, [hit({ id: 'd', title: 'Deploying' })], 'low'), { lastWordCompleted: true })
        : judged(q, [hit({ id: 'x', title: 'Closest' })], 'low');
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('deplo');
    await titleShown('Deploying');
    expect(await part('fallback').isVisible()).toBe(false);
    expect(await part('results').getAttribute('data-confidence')).toBe('low');
    // The same low verdict for a word that completes nothing: the fallback.
    await input().fill('deplox');
    await part('fallback-message').waitFor();
    expect(await results().count()).toBe(0);
  });

  it('shows the Worker\'s verdict once the reader pauses on a word it completed (`pizza recipe`), and at once on Enter', async () => {
    // The Worker completed "recipe" (recipes…) and still judged the query unanswered: outcome `fallback`.
    reply = (q) => withBody(withOutcome(q, [hit({ id: 'r', title: 'Recipes for routes' })], 'fallback'), { lastWordCompleted: true });
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().waitFor();
    const typedAt = Date.now();
    await input().fill('pizza recipe');
    // While the reader may still be typing the word, its matches are listed, marked low …
    await titleShown('Recipes for routes');
    expect(await part('fallback').isVisible()).toBe(false);
    expect(await part('results').getAttribute('data-confidence')).toBe('low');
    expect(await page.evaluate(() => window.__fallbacks.length)).toBe(0);
    // … and once they have paused, the verdict shows as given: the fallback, no list, no space typed.
    await part('fallback-message').waitFor({ timeout: WIDGET_DEFAULTS.settleMs + 2_000 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(WIDGET_DEFAULTS.settleMs);
    expect(await results().count()).toBe(0);
    expect(await input().inputValue()).toBe('pizza recipe');
    expect(await page.evaluate(() => window.__fallbacks.map((f) => [f.query, f.cause]))).toEqual([['pizza recipe', 'off-topic']]);
    expect(requests.map((r) => r.params.get('q'))).toEqual(['pizza recipe']);

    // Typing on within the pause keeps listing the matches: each keystroke starts the pause again.
    await input().fill('pizza recipes');
    await requestFor('pizza recipes');
    await titleShown('Recipes for routes');
    expect(await part('fallback').isVisible()).toBe(false);

    // Enter sends the query: the reader has asked, so the verdict shows with the answer, no pause.
    const askedAt = Date.now();
    await input().fill('pizza recipez');
    await input().press('Enter');
    await part('fallback-message').waitFor();
    expect(Date.now() - askedAt).toBeLessThan(WIDGET_DEFAULTS.settleMs);
    expect(await results().count()).toBe(0);
  });

  it('sends one space after a finished last word, so the Worker does not complete it, and none for a blank box', async () => {
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    // Each answer shown before the next query is typed: an answer that comes after the next request
    // went out is dropped as stale, and its event with it (this wait for 3 events once timed out
    // under load in `npm test`).
    await input().fill('deplo');
    await requestFor('deplo');
    await page.waitForFunction(() => window.__events.length === 1);
    await input().fill('  deplo   ');
    await requestFor('deplo ');
    await page.waitForFunction(() => window.__events.length === 2);
    await input().fill('   ');
    await input().fill('install');
    await requestFor('install');
    expect(requests.map((r) => r.params.get('q'))).toEqual(['deplo', 'deplo ', 'install']);
    // The space goes to the Worker only: events (and recent searches) carry the query as read.
    await page.waitForFunction(() => window.__events.length === 3);
    expect((await page.evaluate(() => window.__events)).map((e) => e.query)).toEqual(['deplo', 'deplo', 'install']);
  });

  it('keeps the previous results on screen while the next keystroke\'s answer is on its way', async () => {
    const gate = deferred();
    reply = (q) => (q === 'dep' ? ok(q, [hit({ id: 'a', title: 'Answer for dep' })]) : { ...ok(q, [hit({ id: 'b', title: 'Answer for depl' })]), gate: gate.promise });
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('dep');
    await titleShown('Answer for dep');
    await input().fill('depl');
    await requestFor('depl');
    expect(await titles().allTextContents()).toEqual(['Answer for dep']);
    gate.resolve();
    await titleShown('Answer for depl');
  });

  it('says which query it searched when the Worker corrected a word, and searches the typed one exactly on request', async () => {
    // The request being answered is the last one received: exact=1 gets the uncorrected answer.
    reply = (q) =>
      q === 'conifdence' && requests.at(-1)?.params.get('exact') !== '1'
        ? withBody(judged(q, [hit({ id: 'c', title: 'The confidence verdict' })], 'high'), {
            correction: { query: 'confidence', words: [{ typed: 'conifdence', corrected: 'confidence' }] },
          })
        : judged(q, [hit({ id: 'e', title: 'Exactly as typed' })], 'low');
    await page.goto(fixture('<recall-box debounce="0"></recall-box>'));
    await input().fill('conifdence');
    await titleShown('The confidence verdict');
    expect(await part('correction').isVisible()).toBe(true);
    expect(await part('correction').textContent()).toBe(`${format(EN.showingResultsFor, { query: 'confidence' })} ${format(EN.searchInsteadFor, { query: 'conifdence' })}`);
    expect(await part('corrected-query').textContent()).toBe('confidence');
    await page.getByRole('button', { name: 'conifdence', exact: true }).click();
    await part('fallback-message').waitFor();
    const exact = requests.filter((r) => r.params.get('exact') === '1');
    expect(exact.map((r) => r.params.get('q'))).toEqual(['conifdence']);
    expect(await input().inputValue()).toBe('conifdence');
    expect(await part('correction').isVisible()).toBe(false);
  });
});

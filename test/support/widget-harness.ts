/**
 * A browser test harness for <recall-box>: one Chromium per test file, a local server for public/
 * (the built bundle) whose /search the test answers, a fresh context and page per test, and a
 * console watch — every console error or warning and every uncaught page error fails the test
 * unless the test said it expects it.
 *
 * Call `useWidgetHarness()` at the top of a test file; it registers the vitest hooks and returns
 * an object whose fields are (re)filled for each test.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { launchBrowser } from './browser.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

export const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url));

/** One answer of the fake /search. */
export interface Reply {
  status?: number;
  /** JSON body. */
  body?: unknown;
  /** The response is held until this settles, to order responses deterministically. */
  gate?: Promise<void>;
  /** Headers besides its content-type (X-Recall-Box-Analytics: on, for the click beacon). */
  headers?: Record<string, string>;
}

/** A POST /events (the click beacon) the page sent. */
export interface BeaconRequest {
  contentType: string;
  body: string;
}

export interface SearchRequest {
  params: URLSearchParams;
}

/** A result as the Worker sends it (the fields the widget reads, plus score and rank). */
export interface ResultJson {
  id: string;
  url: string;
  title: string;
  breadcrumb: string[];
  lang?: string;
  snippet: { text: string; highlights: Array<[number, number]>; kind?: 'text' | 'code' };
  evidence?: { excerpts: Array<{ text: string; highlights: Array<[number, number]>; coverage: number; source: string }>; coverage: number };
  score: number;
  rank: number;
}

export function hit(overrides: Partial<ResultJson> = {}): ResultJson {
  return {
    id: '/guides/install/#setup',
    url: '/guides/install/#setup',
    title: 'Setup',
    breadcrumb: ['Install', 'Setup'],
    snippet: { text: 'Run npm install to set up the project.', highlights: [[4, 7], [8, 15]] },
    score: 1,
    rank: 1,
    ...overrides,
  };
}

// The Worker's confidence verdict and fallback (src/core/confidence/verdict.ts), as /search sends them.

export interface ReasonJson {
  code: string;
  message: string;
  effect: 'raises' | 'lowers' | 'neutral';
}

export type SuggestionJson = { kind: 'query'; text: string } | { kind: 'page'; text: string; url: string };

export interface FallbackJson {
  message: string;
  suggestions: SuggestionJson[];
  link?: { url: string; text: string };
}

/** The verdict's score at each level in these answers. */
export const SCORES = { high: 0.91, medium: 0.63, low: 0.18 } as const;
export const ROUTES_AGREE: ReasonJson = { code: 'ROUTES_AGREE', message: 'Keyword and meaning search agree.', effect: 'raises' };

/**
 * A current Worker's answer: results plus verdict, and the fallback exactly when the level is low.
 * Default reasons: the routes agree, or (low) few relevant sections and the query's words missing.
 */
export function judgedAnswer(
  query: string,
  results: ResultJson[],
  level: 'high' | 'medium' | 'low',
  {
    reasons = level === 'low'
      ? [
          { code: 'FEW_RELEVANT', message: 'Only 1 section matches the query well.', effect: 'lowers' },
          { code: 'CONCEPTS_MISSING', message: `No section mentions “${query}”.`, effect: 'lowers' },
        ]
      : [ROUTES_AGREE],
    fallback = {
      message: 'I couldn’t find this in the docs.',
      suggestions: [
        { kind: 'query', text: 'install' },
        { kind: 'page', text: 'Install guide', url: '/guides/install/' },
      ],
      link: { url: 'https://github.com/acme/docs/issues/new', text: 'Ask us' },
    },
  }: { reasons?: ReasonJson[]; fallback?: FallbackJson } = {},
): Reply {
  return {
    body: {
      query,
      buildId: 'test-build',
      lang: 'en',
      results,
      confidence: {
        score: SCORES[level],
        level,
        shouldAnswer: level !== 'low',
        strategy: 'lookup',
        mode: 'strict',
        thresholds: { high: 0.75, medium: 0.45 },
        calibrated: false,
        reasons,
        signals: { topCosine: 0.41, agreement: null },
      },
      // The Worker's extractive answer, for a confident verdict whose top result has a passage (answeredResults).
      answer: level !== 'low' ? answerOf(results[0]) : null,
      fallback: level === 'low' ? fallback : null,
      warnings: [],
      tookMs: 1,
    },
  };
}

/** The `answer` a Worker sends for a top result with an evidence passage: its sentences, link and heading; null without one. */
function answerOf(top: ResultJson | undefined): Record<string, unknown> | null {
  const excerpt = top?.evidence?.excerpts[0];
  return top && excerpt ? { text: excerpt.text, highlights: excerpt.highlights, url: top.url, heading: top.title, coverage: 1 } : null;
}

/** A current Worker's answer with a confident verdict. */
export function answer(query: string, results: ResultJson[], level: 'high' | 'medium' = 'high'): Reply {
  return judgedAnswer(query, results, level);
}

/** A current Worker's low-confidence answer: the closest matches and the fallback. */
export function lowAnswer(query: string, results: ResultJson[]): Reply {
  return judgedAnswer(query, results, 'low');
}

/** The facet counts the fake Worker adds to an answer by default: two pools to choose from, one version (nothing to choose). */
export const FACET_COUNTS = {
  pool: [
    { value: 'guides', count: 3 },
    { value: 'reference', count: 1 },
  ],
  lang: [{ value: 'en', count: 4 }],
  version: [{ value: 'v5', count: 4 }],
};

/** `reply` with the Worker's `facets` (what a request with `facets=1` gets). */
export function withFacets(reply: Reply, facets: Record<string, Array<{ value: string; count: number }>> = FACET_COUNTS): Reply {
  return { ...reply, body: { ...(reply.body as object), facets } };
}

/** The evidence passage the Worker sends with the top results: the paragraph covering the query. */
export const PASSAGE = 'Route parameters capture parts of the path: /users/:id matches /users/42 and c.req.param("id") reads 42.';

/** sampleResults() with the Worker's evidence on the first: what an answer card is made of. */
export function answeredResults(): ResultJson[] {
  const [first, ...rest] = sampleResults();
  return [{ ...first!, evidence: { excerpts: [{ text: PASSAGE, highlights: marks(PASSAGE, 'Route', 'parameters'), coverage: 1, source: 'paragraph' }], coverage: 1 } }, ...rest];
}

/** `[start, end)` of each word in `text`, as the Worker's highlights. */
function marks(text: string, ...words: string[]): Array<[number, number]> {
  return words.map((w) => {
    const start = text.indexOf(w);
    if (start < 0) throw new Error(`"${w}" is not in "${text}"`);
    return [start, start + w.length];
  });
}

/** Two pages, three sections: enough to see grouping, breadcrumbs and highlights. */
export function sampleResults(): ResultJson[] {
  const params = 'Capture parts of the path with route parameters: /users/:id matches /users/42.';
  const setup = 'Run npm install to set up the project and its route table.';
  const optional = 'app.get("/files/:name?", handler) // the route matches with or without a name';
  return [
    hit({
      id: '/guides/routing/#route-parameters',
      url: '/guides/routing/#route-parameters',
      title: 'Route parameters',
      breadcrumb: ['Routing', 'Route parameters'],
      snippet: { text: params, highlights: marks(params, 'route', 'parameters') },
    }),
    hit({
      id: '/guides/install/#setup',
      url: '/guides/install/#setup',
      title: 'Setup',
      breadcrumb: ['Install', 'Before you start', 'Setup'],
      snippet: { text: setup, highlights: marks(setup, 'route') },
      rank: 2,
    }),
    hit({
      id: '/guides/routing/#optional-parameters',
      url: '/guides/routing/#optional-parameters',
      title: 'Optional parameters',
      breadcrumb: ['Routing', 'Route parameters', 'Optional parameters'],
      snippet: { text: optional, highlights: marks(optional, 'route'), kind: 'code' },
      rank: 3,
    }),
  ];
}

export interface WidgetHarness {
  browser: Browser;
  server: StaticServer;
  context: BrowserContext;
  page: Page;
  /** How the fake /search answers a query (all parameters in `params`); reset to an empty answer before each test. */
  reply: (query: string, params: URLSearchParams) => Reply | Promise<Reply>;
  requests: SearchRequest[];
  /** The click beacons received (POST /events), in order. */
  beacons: BeaconRequest[];
  /** Extra HTML pages served by path. */
  pages: Map<string, string>;
  pageErrors: Error[];
  /** `error: …` / `warning: …` lines the page logged. */
  consoleMessages: string[];
  /** Console lines this test expects; any other fails it. */
  expectedConsole: RegExp[];
  /** Serves a page that loads the bundle, with `body`, and returns its URL. */
  fixture(body: string, options?: { lang?: string; dir?: string; head?: string }): string;
  /** Waits for the /search request for `query`. */
  requestFor(query: string): Promise<SearchRequest>;
}

export function useWidgetHarness(contextOptions: BrowserContextOptions = {}): WidgetHarness {
  const h = { pages: new Map<string, string>() } as WidgetHarness;

  async function handle(_req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === '/search') {
      h.requests.push({ params: url.searchParams });
      const r = await h.reply(url.searchParams.get('q') ?? '', url.searchParams);
      if (r.gate) await r.gate;
      if (res.destroyed) return true;
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json', ...r.headers });
      res.end(JSON.stringify(r.body));
      return true;
    }
    if (url.pathname === '/events' && _req.method === 'POST') {
      let body = '';
      for await (const chunk of _req) body += String(chunk);
      h.beacons.push({ contentType: _req.headers['content-type'] ?? '', body });
      res.writeHead(204).end();
      return true;
    }
    const html = h.pages.get(url.pathname);
    if (html === undefined) return false;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
    return true;
  }

  beforeAll(async () => {
    [h.browser, h.server] = await Promise.all([launchBrowser(), serveStatic(PUBLIC_DIR, handle)]);
  });

  afterAll(async () => {
    await Promise.all([h.browser?.close(), h.server?.close()]);
  });

  beforeEach(async () => {
    h.reply = (q) => answer(q, []);
    h.requests = [];
    h.beacons = [];
    h.pages = new Map();
    h.pageErrors = [];
    h.consoleMessages = [];
    h.expectedConsole = [];
    h.context = await h.browser.newContext(contextOptions);
    h.page = await h.context.newPage();
    h.page.setDefaultTimeout(5_000);
    h.page.on('pageerror', (e) => h.pageErrors.push(e));
    h.page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') h.consoleMessages.push(`${m.type()}: ${m.text()}`);
    });
  });

  afterEach(async () => {
    await h.context.close();
    expect(h.pageErrors).toEqual([]);
    expect(h.consoleMessages.filter((m) => !h.expectedConsole.some((re) => re.test(m)))).toEqual([]);
  });

  h.fixture = (body, { lang = 'en', dir = 'ltr', head = '' } = {}) => {
    const path = `/fixture-${h.pages.size}.html`;
    h.pages.set(
      path,
      `<!doctype html><html lang="${lang}" dir="${dir}"><meta charset="utf-8"><title>fixture</title><link rel="icon" href="data:,">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">${head}` +
        `<script type="module" src="/recall-box.js"></script><body>${body}</body></html>`,
    );
    return h.server.url + path;
  };

  h.requestFor = (query) =>
    vi.waitFor(
      () => {
        const found = h.requests.find((r) => r.params.get('q') === query);
        if (!found) throw new Error(`no /search request for ${JSON.stringify(query)} yet`);
        return found;
      },
      { timeout: 5_000, interval: 10 },
    );

  return h;
}

/** Reads a value from inside the first <recall-box>'s shadow root. */
export async function inShadow<T>(page: Page, fn: (root: ShadowRoot) => T): Promise<T> {
  await page.waitForFunction(() => customElements.get('recall-box') !== undefined);
  return page.evaluate(`(${fn.toString()})(document.querySelector('recall-box').shadowRoot)`) as Promise<T>;
}

/** Distinct window slots for the listeners `nextEventDetail` installs. */
let listenerSlot = 0;

/**
 * Listens for the next `type` event on the page's document and resolves once the listener is in
 * place, with a function that waits for that event's detail. Installing the listener in the same
 * step as the action that fires the event races it — the listener's evaluate can reach the page
 * after a key press or click has already fired the event, and the wait then never ends — so the
 * action must come after this resolves.
 */
export async function nextEventDetail(page: Page, type: string): Promise<() => Promise<unknown>> {
  const slot = `__recallBoxNextEvent${++listenerSlot}`;
  await page.evaluate(
    ([t, key]) => {
      (window as unknown as Record<string, Promise<unknown>>)[key] = new Promise((resolve) => document.addEventListener(t, (e) => resolve((e as CustomEvent).detail), { once: true }));
    },
    [type, slot] as const,
  );
  return () => page.evaluate((key) => (window as unknown as Record<string, Promise<unknown>>)[key], slot);
}

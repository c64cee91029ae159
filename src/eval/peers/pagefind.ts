/**
 * Pagefind 1.6.0 as an evaluation peer: `pagefind:starlight`, the search every Astro Starlight site
 * ships by default, configured as Starlight configures it.
 *
 * Indexing (Pagefind's Node API, `pagefind` on npm, which drives its native binary as a service —
 * `@pagefind/<platform>` comes in as an optional dependency): `createIndex()` with no options, as
 * Starlight's integration calls it after the build (integrations/pagefind.ts: `createIndex()`,
 * `addDirectory({ path: dir })`, `writeFiles({ outputPath: dir/pagefind/ })`, `close()`). Each
 * `EvalDoc` (a section of a docs page) becomes one page, rendered the way Starlight's Page.astro
 * renders a page — the content inside `<main data-pagefind-body>`, page title as `<h1>`:
 *
 *   <html lang="{doc.lang}"><head><title>{title}</title></head><body><main data-pagefind-body>
 *     <h1>{title}</h1>[<h2>{headings}</h2>]<p>{body}</p></main></body></html>
 *
 * text HTML-escaped, added with `addHTMLFile({ url: '/d/<n>/', content })` (the URL maps back to
 * the doc id). Pagefind therefore applies its defaults: title meta from the h1, element weights
 * h1 7 / h2 6 / other text 1, one index per `lang` with its stemmer, prefix extension of the
 * query's terms. `writeFiles` puts the bundle in a fresh directory under os.tmpdir(); it is read
 * into memory and the directory deleted as soon as `pagefind.js` is imported from it.
 *
 * Searching runs Pagefind's OWN generated `pagefind/pagefind.js` and its WebAssembly, in Node: the
 * bundle is served on 127.0.0.1 (random port) and `pagefind.js` is imported from its file path.
 * pagefind.js 1.6 runs in Node as it is — it guards every `window`/`document` access, falls back
 * from a Web Worker to the main thread when there is none, and fetches its index chunks with the
 * global `fetch` — so no browser is needed. Checked against Chromium (playwright-core,
 * /usr/bin/chromium, the same bundle imported by a page on the same server with the same options):
 * identical top-10 URLs and scores for 246 Astro-docs as-you-type and typo queries. Options are
 * those Starlight's Search.astro hands to PagefindUI, which passes the non-UI ones on to
 * `pagefind.options()`:
 *   - `ranking`: Starlight's defaults (schemas/pagefind.ts, evaluated by Starlight on its own docs),
 *     not Pagefind's: pageLength 0.1 (Pagefind 0.75), termFrequency 0.1 (1.0), termSaturation 2
 *     (1.4), termSimilarity 9 (1.0), diacriticSimilarity 0.8 (same); `metaWeights` left unset, so
 *     Pagefind's default title boost 5 applies;
 *   - `baseUrl: '/'` (import.meta.env.BASE_URL) and `excerptLength: 12` (PagefindUI's value with
 *     Starlight's `showSubResults: true`; excerpts do not affect ranking);
 *   - `basePath`: the loopback URL of the bundle (Starlight's bundlePath `/pagefind/`).
 * A query is passed to `pagefind.search(query)` as typed (PagefindUI's `processTerm` is unset in
 * Starlight; its 300 ms debounce only delays the same call). Hits are its results in its order,
 * the first k, with Pagefind's `score`; `data()` of those k gives their URLs. Pagefind strips
 * punctuation from the query and answers an empty remainder with no results (and `null` only for
 * preloads), both reported as no hits. Matching is Pagefind's: a page must match every query term
 * (each term extended to the indexed words it prefixes, or else the longest indexed word that
 * prefixes it); there is no typo tolerance, so one misspelt word often leaves no result at all.
 *
 * Language: in a browser Pagefind searches the index of the page's `<html lang>`; in Node there is
 * no page, so it takes its largest language index — the collection's language for every
 * single-language dataset the harness reads.
 *
 * Lifetime: EvalSystem has no close hook, so nothing may outlive a run or keep it alive: the
 * server and every connection are unref'd, the Pagefind service (its binary) is closed after each
 * build, and no file is left on disk (vitest workers end without `exit` handlers running, so the
 * bundle directory is deleted during index(), not at exit). Re-indexing destroys the previous
 * search instance and closes its server.
 */
import { withRetries } from './retry.ts';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EvalAnswer, EvalDoc, EvalSystem } from '../types.ts';
import { checkCutoff, checkUniqueIds, requireIndexed } from '../systems/guards.ts';
import { escapeXml } from '../svg.ts';

/** Starlight's ranking defaults (withastro/starlight packages/starlight/schemas/pagefind.ts). */
export const STARLIGHT_RANKING = { pageLength: 0.1, termFrequency: 0.1, termSaturation: 2, termSimilarity: 9, diacriticSimilarity: 0.8 } as const;

/** The part of the generated `pagefind.js` API used here (Pagefind's search API). */
interface PagefindWeb {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  filters(): Promise<unknown>;
  destroy(): Promise<void>;
  search(term: string, options?: Record<string, unknown>): Promise<{ results: PagefindWebResult[] } | null>;
}

interface PagefindWebResult {
  id: string;
  score: number;
  data(): Promise<{ url: string }>;
}

interface Built {
  /** Null for an empty collection: Pagefind writes no language index, and nothing can match. */
  pagefind: PagefindWeb | null;
  server: http.Server | null;
  /** Pagefind's URL of each page → the doc id it renders. */
  docIdOf: ReadonlyMap<string, string>;
}

/**
 * Builds run one at a time: the `pagefind` package talks to a single service process per Node
 * process, and `close()` at the end of one build would end another build's in-flight calls.
 */
let buildQueue: Promise<unknown> = Promise.resolve();

function serialized<T>(task: () => Promise<T>): Promise<T> {
  const run = buildQueue.then(task, task);
  buildQueue = run.catch(() => undefined);
  return run;
}

/** A section as a Starlight page: content in `<main data-pagefind-body>`, the page title as h1. */
export function pageHtml(doc: EvalDoc): string {
  const title = escapeXml(doc.title);
  const heading = doc.headings.trim() === '' ? '' : `<h2>${escapeXml(doc.headings)}</h2>`;
  const lang = escapeXml(doc.lang.trim() === '' ? 'en' : doc.lang);
  return `<html lang="${lang}"><head><title>${title}</title></head><body><main data-pagefind-body><h1>${title}</h1>${heading}<p>${escapeXml(doc.body)}</p></main></body></html>`;
}

/** Every file under `root`, by its URL path (`/pagefind/...`). */
async function readTree(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    files.set(`/${path.relative(root, file).split(path.sep).join('/')}`, await readFile(file));
  }
  return files;
}

/** Serves `files` (URL path → bytes) on 127.0.0.1 at a random port, never holding the process open. */
async function serveFiles(files: ReadonlyMap<string, Buffer>): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer((req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const body = files.get(urlPath);
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': urlPath.endsWith('.js') ? 'text/javascript' : 'application/octet-stream' }).end(body);
  });
  server.on('connection', (socket) => socket.unref());
  // Never close an idle keep-alive connection from this side: on a busy machine the close raced
  // the next chunk request on the same connection (ECONNRESET in a suite run, or pagefind.js
  // searching on without the chunk it failed to load). The sockets are unref'd, so open ones do
  // not hold the process.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  server.unref();
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Loads the `pagefind` package; its import fails only if the package itself is missing. */
async function loadPagefindNode(system: string): Promise<typeof import('pagefind')> {
  try {
    return await import('pagefind');
  } catch (cause) {
    throw new Error(`${system}: cannot load the 'pagefind' package (npm install --save-dev pagefind@1.6.0): ${(cause as Error).message}`, { cause });
  }
}

/**
 * Writes the Pagefind bundle for `docs` to `<root>/pagefind`, `root` a fresh temp directory the
 * caller removes; returns the URL map.
 */
async function buildBundle(system: string, docs: readonly EvalDoc[], root: string): Promise<Map<string, string>> {
  const pagefind = await loadPagefindNode(system);
  try {
    let created;
    try {
      created = await pagefind.createIndex();
    } catch (cause) {
      // The package spawns its platform binary (@pagefind/<os>-<arch>, an optional dependency).
      throw new Error(`${system}: the Pagefind binary cannot run on ${process.platform}-${process.arch} (is the optional dependency @pagefind/${process.platform}-${process.arch} installed?): ${String((cause as Error)?.message ?? cause)}`, { cause });
    }
    const { index, errors } = created;
    if (!index || errors.length > 0) throw new Error(`${system}: Pagefind createIndex failed: ${errors.join('; ') || 'no index returned'}`);
    const docIdOf = new Map<string, string>();
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      const added = await index.addHTMLFile({ url: `/d/${i}/`, content: pageHtml(doc) });
      if (added.errors.length > 0) throw new Error(`${system}: Pagefind could not index doc '${doc.id}': ${added.errors.join('; ')}`);
      docIdOf.set(added.file.url, doc.id);
    }
    const written = await index.writeFiles({ outputPath: path.join(root, 'pagefind') });
    if (written.errors.length > 0) throw new Error(`${system}: Pagefind writeFiles failed: ${written.errors.join('; ')}`);
    return docIdOf;
  } finally {
    await pagefind.close();
  }
}

class PagefindSystem implements EvalSystem {
  readonly peer = true;
  private built: Built | undefined;

  constructor(
    readonly name: string,
    readonly description: string,
    /** Options for `pagefind.options()` besides `basePath`. */
    private readonly searchOptions: Readonly<Record<string, unknown>>,
  ) {}

  async index(docs: readonly EvalDoc[]): Promise<void> {
    checkUniqueIds(this.name, docs.map((d) => d.id));
    await this.release();
    if (docs.length === 0) {
      this.built = { pagefind: null, server: null, docIdOf: new Map() };
      return;
    }
    const root = await mkdtemp(path.join(os.tmpdir(), 'recall-box-pagefind-'));
    let docIdOf: Map<string, string>;
    let files: Map<string, Buffer>;
    let pagefind: PagefindWeb;
    try {
      docIdOf = await serialized(() => buildBundle(this.name, docs, root));
      files = await readTree(root);
      // A fresh directory, so a fresh module instance: its search state belongs to this index only.
      pagefind = (await import(pathToFileURL(path.join(root, 'pagefind', 'pagefind.js')).href)) as PagefindWeb;
    } finally {
      // The bundle is served from memory: nothing is left on disk, however the process ends.
      await rm(root, { recursive: true, force: true });
    }
    const { server, origin } = await serveFiles(files);
    try {
      await pagefind.options({ ...this.searchOptions, basePath: `${origin}/pagefind/` });
      await pagefind.init();
      // init() only starts loading the bundle (entry, metadata, WASM; then Starlight's ranking is
      // applied); filters() waits until it is loaded, so a broken bundle fails here and the first
      // query is not the one that pays for loading.
      await pagefind.filters();
      this.built = { pagefind, server, docIdOf };
    } catch (error) {
      server.close();
      throw error;
    }
  }

  async search(query: string, k: number): Promise<EvalAnswer> {
    checkCutoff(this.name, k);
    const { pagefind, docIdOf } = requireIndexed(this.name, this.built);
    if (pagefind === null) return { hits: [] };
    const response = await pagefind.search(query);
    if (response === null) return { hits: [] };
    const top = response.results.slice(0, k);
    const data = await Promise.all(top.map((r) => r.data()));
    return {
      hits: top.map((r, i) => {
        const docId = docIdOf.get(data[i]!.url);
        if (docId === undefined) throw new Error(`${this.name}: Pagefind returned a URL no document was indexed under: ${data[i]!.url}`);
        return { docId, score: r.score };
      }),
    };
  }

  /** Ends the previous index's search instance and server before a re-index. */
  private async release(): Promise<void> {
    const previous = this.built;
    this.built = undefined;
    if (!previous) return;
    await previous.pagefind?.destroy();
    previous.server?.close();
  }
}

/** Pagefind's configuration as a Starlight site runs it, a fresh instance. */
export function pagefindSystems(): EvalSystem[] {
  const r = STARLIGHT_RANKING;
  // Each search asked again after a transport error or a logged load failure (retry.ts).
  const log = (line: string) => process.stderr.write(`${line}\n`);
  return [
    withRetries(new PagefindSystem(
      'pagefind:starlight',
      `Pagefind 1.6.0 as Astro Starlight runs it: each section a page (<main data-pagefind-body>, h1 page title, h2 heading, body), Pagefind's generated pagefind.js + WASM in Node, Starlight's ranking { pageLength ${r.pageLength}, termFrequency ${r.termFrequency}, termSaturation ${r.termSaturation}, termSimilarity ${r.termSimilarity}, diacriticSimilarity ${r.diacriticSimilarity} }, default title meta weight 5, prefix matching.`,
      { ranking: { ...r }, baseUrl: '/', excerptLength: 12 },
    ), log),
  ];
}

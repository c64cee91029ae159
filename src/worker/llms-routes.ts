/**
 * The site for agents (https://llmstxt.org): GET /llms.txt and /llms-full.txt, the files the build
 * wrote into the pack (indexer/llms-txt.ts, llms-full.ts), and GET `<page URL>.md` (`index.html.md`
 * for a page whose URL ends in `/`, core/present/markdown-url.ts): each page the indexes hold as
 * Markdown, rendered from the pack with the core's one rendering (core/present/page-markdown.ts),
 * what a built site's copies (`--llms-out`) and the MCP server's read_page hold too.
 *
 * Registered before the preview's catch-all (src/preview/routes.ts), which every other path still
 * reaches. From the static assets a site's own file at the same path wins (wrangler.toml's
 * run_worker_first does not list these paths): an owner's hand-written llms.txt, or the copies an
 * integration wrote into the built site, which are these same files. Off with LLMS_TXT = "off".
 */
import type { Hono } from 'hono';
import { PACK_FILES, RecallBoxError, findPage, untilAnswered, pageMarkdown, pageUrlOfMarkdown, readPackFile, type LoadedPack } from '../core/index.ts';
import { decodedPath } from '../preview/routes.ts';
import type { WorkerConfig } from './config.ts';
import { etagMatches } from './etag.ts';

export interface LlmsRouteOptions {
  config: Pick<WorkerConfig, 'llmsTxt' | 'cacheMaxAge'>;
  /** Each index's pack, the default first (llms.txt describes the site, which is the default index's). */
  packs: ReadonlyArray<(signal?: AbortSignal) => Promise<LoadedPack>>;
}

const TEXT_TYPE = 'text/plain; charset=utf-8';
const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/** What each path serves of the pack, llms.txt's own media type being plain text (the convention's). */
const LLMS_FILES = [
  { path: '/llms.txt', file: PACK_FILES.llms },
  { path: '/llms-full.txt', file: PACK_FILES.llmsFull },
] as const;

/**
 * A validator of everything these routes answer from one pack: the files and the pages are the
 * pack's, so its buildId (a hash of its content) changes exactly when they may.
 */
function etagOf(pack: LoadedPack): string {
  return `W/"${pack.manifest.buildId}-llms"`;
}

export function registerLlmsRoutes(app: Hono, options: LlmsRouteOptions): void {
  const { config, packs } = options;
  if (!config.llmsTxt) return;
  // Rebuilt with the pack: kept as long as a /search answer, and revalidated by the ETag after.
  const caching = (etag: string) => ({ ETag: etag, 'Cache-Control': `public, max-age=${config.cacheMaxAge}` });

  for (const { path, file } of LLMS_FILES) {
    app.get(path, (c) =>
      untilAnswered(async ({ signal }) => {
        // The default index's: llms.txt describes the site, which is that index's.
        const pack = await packs[0]!(signal);
        const headers = caching(etagOf(pack));
        if (etagMatches(c.req.header('if-none-match'), headers.ETag)) return c.body(null, 304, headers);
        const bytes = await readPackFile(pack.source, pack.manifest.files, file);
        if (bytes === null) throw new RecallBoxError('NOT_FOUND', `the pack has no ${file}: it was built before recall-box wrote one; rebuild it (recall-box build).`);
        return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': TEXT_TYPE });
      }),
    );
  }

  app.get('*', async (c, next) => {
    const pageUrl = pageUrlOfMarkdown(decodedPath(c.req.path));
    if (pageUrl === null) return next();
    return untilAnswered(async ({ signal }) => {
      // The first index holding the page answers, as the preview's pages do.
      const page = await findPage(packs, pageUrl, signal);
      if (page === null) throw new RecallBoxError('NOT_FOUND', `no page of the docs is at ${pageUrl}; /llms.txt lists them.`);
      const headers = caching(etagOf(page.pack));
      if (etagMatches(c.req.header('if-none-match'), headers.ETag)) return c.body(null, 304, headers);
      return c.body(pageMarkdown(page.sections), 200, { ...headers, 'Content-Type': MARKDOWN_TYPE });
    });
  });
}

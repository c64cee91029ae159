/**
 * A docs folder → pages, with every file that could not be indexed reported instead of failing
 * the build.
 */
import { RecallBoxError, isRecallBoxError } from '../../core/errors.ts';
import type { Page, SkippedFile } from '../../core/types.ts';
import { parseDocument } from './document.ts';
import { siteHeadings } from './site-headings.ts';
import { docsFolder, isFolder, listDocFiles } from './files.ts';
import { resolveIngestOptions, type IngestOptions, type IngestResult } from './options.ts';

/**
 * Ingest every `.md`, `.mdx`, `.html` and `.htm` file under `dir`.
 * Throws RecallBoxError `DOCS_NOT_FOUND` (no such folder) or `DOCS_EMPTY` (no supported files);
 * per-file problems end up in `skipped` with their code.
 */
export async function ingestDirectory(dir: string, options: Partial<IngestOptions> = {}): Promise<IngestResult> {
  const opts = resolveIngestOptions(options);
  if (!(await isFolder(dir))) {
    throw new RecallBoxError('DOCS_NOT_FOUND', `docs folder not found (or not a folder): ${dir}`);
  }
  const files = await listDocFiles(dir);
  if (files.length === 0) {
    throw new RecallBoxError('DOCS_EMPTY', `no .md, .mdx, .html or .htm files in ${dir}`);
  }

  const pages: Page[] = [];
  const skipped: SkippedFile[] = [];
  const warnings: SkippedFile[] = [];
  const pathByUrl = new Map<string, string>();
  const docs = await docsFolder(dir, { followExternalSymlinks: opts.followExternalSymlinks });
  for (const file of files) {
    try {
      const page = parseDocument(file, await docs.read(file), opts);
      const other = pathByUrl.get(page.url);
      if (other !== undefined) {
        // `guides.md` and `guides/index.md` both map to `/guides/`; two pages with one URL would
        // give sections the same ids. The first in sorted order wins, deterministically.
        skipped.push({ path: file, code: 'DUPLICATE_URL', reason: `same URL ${page.url} as ${other}` });
        continue;
      }
      pathByUrl.set(page.url, file);
      pages.push(page);
      if (page.splitSections !== undefined) {
        const reason = `${page.splitSections} section${page.splitSections === 1 ? '' : 's'} longer than ${opts.maxSectionChars} characters cut into parts at paragraph boundaries`;
        warnings.push({ path: file, code: 'SECTION_SPLIT', reason });
      }
      if (page.facetsDropped) {
        warnings.push({ path: file, code: 'FACET_VALUES_DROPPED', reason: `front matter facet values left out of the pack: ${page.facetsDropped.join('; ')}` });
      }
      if (page.lineRead) {
        const reason = `over ${opts.maxParseChars} characters: read line by line (headings, fenced code, paragraphs) instead of parsed as Markdown`;
        warnings.push({ path: file, code: 'LARGE_FILE', reason });
      }
    } catch (error) {
      skipped.push(toSkipped(file, error));
    }
  }
  await retitleSitePages(pages, (page) => docs.read(page.path), opts);
  return { pages, skipped, warnings, files: files.length };
}

/**
 * Pages titled by, or holding a section headed by, a heading that names the site (site-headings.ts),
 * read again without it: each takes its own name, and no section or breadcrumb is the site's name.
 * In place; only those pages are read twice.
 */
async function retitleSitePages(pages: Page[], read: (page: Page) => Promise<string>, opts: IngestOptions): Promise<void> {
  const headings = siteHeadings(pages.map((p) => (p.titledByH1 ? p.title : undefined)), pages.length);
  if (headings.size === 0) return;
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i]!;
    const named = (page.titledByH1 && headings.has(page.title)) || page.sections.some((s) => headings.has(s.title));
    if (!named) continue;
    try {
      pages[i] = parseDocument(page.path, await read(page), opts, headings);
    } catch {
      // Nothing but the site's heading to read (NO_CONTENT): the page stays as first read.
    }
  }
}

function toSkipped(path: string, error: unknown): SkippedFile {
  if (isRecallBoxError(error)) return { path, code: error.code, reason: error.detail };
  // Anything else is a parser throwing on input it cannot handle: one bad page must not stop the build.
  const reason = error instanceof Error ? error.message : String(error);
  return { path, code: 'PARSE_FAILED', reason };
}

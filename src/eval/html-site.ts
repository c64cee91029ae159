/**
 * `npm run eval -- --dataset <docs> --html-site <built site>` (issue 22): does the pack built from
 * the site's HTML (`recall-box build --html`) answer as well as the pack built from its sources?
 *
 * Both packs are asked the SAME queries, made from the SOURCES (title and heading queries,
 * title-queries.ts) and judged by the source page's URL: a page the HTML build names differently
 * or misses is then a miss, not a dropped query, and a title that the HTML build reads differently
 * is not quietly turned into an easier query. Each system indexes each pack once; the figures are
 * scoreAnswers's MRR@10 and, from its per-query ranks, success@k (the share of queries whose page is
 * in the top k). Pure parts here; the I/O is `loadHtmlSiteComparison` and `runHtmlSiteComparison`.
 */
import type { Page } from '../core/index.ts';
import { docsDataset } from '../datasets/docs.ts';
import { ingestDirectory } from '../indexer/ingest/index.ts';
import { ingestBuiltSite } from '../indexer/ingest/built-site.ts';
import { evaluatedQueries, scoreAnswers, searchAll, type SystemResult } from './run.ts';
import { formatDuration } from './suite.ts';
import { headingQueries, titleQueries } from '../datasets/title-queries.ts';
import type { EvalDataset, EvalSystem } from './types.ts';

/** The two packs, in table order. */
export const PACKS = ['sources', 'built HTML'] as const;
export type PackName = (typeof PACKS)[number];

/** The ranks success@k is reported at. */
export const SUCCESS_AT: readonly number[] = [1, 3, 10];

/** recall-box's configurations compared by default: the keyword route and the default (peers index no pack). */
export const HTML_SITE_SYSTEMS: readonly string[] = ['recall-box:keyword', 'recall-box:full'];

/** How the HTML build's pages line up with the sources' (by page URL). */
export interface PageAgreement {
  /** Pages (with sections) in both. */
  both: number;
  onlySources: string[];
  onlyHtml: string[];
  /** Pages in both whose titles differ (whitespace-collapsed). */
  titleDiffers: Array<{ url: string; sources: string; html: string }>;
  /**
   * Pages in both whose descriptions differ. Front matter `description` goes into the intro's
   * body in the source build; the HTML reader takes `<meta name="description">` when no other page has the same one.
   */
  descriptionDiffers: number;
  /** Sections in each pack. */
  sections: Record<PackName, number>;
  /** Sections (page URL + heading) of the sources with no section of the same page and heading in the HTML pack. */
  headingsMissing: Array<{ url: string; heading: string }>;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Compares the two builds' pages. Pure. */
export function pageAgreement(sources: readonly Page[], html: readonly Page[]): PageAgreement {
  const withSections = (pages: readonly Page[]) => new Map(pages.filter((p) => p.sections.length > 0).map((p) => [p.url, p]));
  const s = withSections(sources);
  const h = withSections(html);
  const titleDiffers: PageAgreement['titleDiffers'] = [];
  const headingsMissing: PageAgreement['headingsMissing'] = [];
  let both = 0;
  let descriptionDiffers = 0;
  for (const [url, page] of s) {
    const other = h.get(url);
    if (!other) continue;
    both++;
    if (collapse(page.title) !== collapse(other.title)) titleDiffers.push({ url, sources: page.title, html: other.title });
    if (collapse(page.description) !== collapse(other.description)) descriptionDiffers++;
    const htmlHeadings = new Set(other.sections.filter((x) => x.depth >= 2).map((x) => collapse(x.title)));
    for (const section of page.sections) {
      if (section.depth >= 2 && !htmlHeadings.has(collapse(section.title))) headingsMissing.push({ url, heading: section.title });
    }
  }
  return {
    both,
    onlySources: [...s.keys()].filter((u) => !h.has(u)),
    onlyHtml: [...h.keys()].filter((u) => !s.has(u)),
    titleDiffers,
    descriptionDiffers,
    sections: { sources: sources.reduce((n, p) => n + p.sections.length, 0), 'built HTML': html.reduce((n, p) => n + p.sections.length, 0) },
    headingsMissing,
  };
}

/** One pack with the query sets asked of it. */
export interface PackCollection {
  pack: PackName;
  /** Every set's dataset has the same `docs` array (recall-box builds its pack once per list). */
  sets: Array<{ name: string; dataset: EvalDataset }>;
}

/**
 * The two packs' datasets: the documents of each build, the queries and judgements of the sources'
 * title and heading sets for both (same query ids, same judged URLs). Pure.
 */
export function htmlSiteCollections(name: string, sources: readonly Page[], html: readonly Page[]): PackCollection[] {
  const sets = [
    { name: 'titles', items: titleQueries(sources).queries },
    { name: 'headings', items: headingQueries(sources) },
  ].map((set) => ({ name: set.name, judged: docsDataset(name, sources, set.items.map((q, i) => ({ query: q.query, url: q.url, line: i + 1 }))).dataset }));
  const base: Record<PackName, EvalDataset> = { sources: docsDataset(name, sources, []).dataset, 'built HTML': docsDataset(name, html, []).dataset };
  return PACKS.map((pack) => ({
    pack,
    sets: sets.map((set) => ({
      name: set.name,
      // The pack's own documents and unit map; the sources' queries and judgements.
      dataset: { ...set.judged, name: `${name} (${pack})`, docs: base[pack].docs, unitOf: base[pack].unitOf },
    })),
  }));
}

/** success@k: the share of rows whose relevant page is at rank k or better. */
export function successAt(result: Pick<SystemResult, 'rows'>, k: number): number {
  if (result.rows.length === 0) return 0;
  return result.rows.filter((r) => r.firstRelevantRank !== null && r.firstRelevantRank <= k).length / result.rows.length;
}

export interface HtmlSiteRow {
  pack: PackName;
  querySet: string;
  system: string;
  queries: number;
  mrr10: number;
  /** success@k for each k of SUCCESS_AT. */
  success: number[];
  /** This row's MRR@10 − the sources row's (same set and system); null on the sources rows. */
  deltaMrr10: number | null;
}

export interface HtmlSiteComparison {
  name: string;
  agreement: PageAgreement;
  rows: HtmlSiteRow[];
  /** Source and site files not ingested, counted per build. */
  notIngested: Record<PackName, number>;
  elapsedMs: number;
}

/** The rows in table order (set, system, pack) with each HTML row's delta to its sources row. Pure. */
export function orderRows(rows: ReadonlyArray<Omit<HtmlSiteRow, 'deltaMrr10'>>): HtmlSiteRow[] {
  const key = (r: Pick<HtmlSiteRow, 'querySet' | 'system'>) => `${r.querySet}\u0000${r.system}`;
  const sources = new Map(rows.filter((r) => r.pack === 'sources').map((r) => [key(r), r]));
  const sets = [...new Set(rows.map((r) => r.querySet))];
  const systems = [...new Set(rows.map((r) => r.system))];
  const out: HtmlSiteRow[] = [];
  for (const set of sets) {
    for (const system of systems) {
      for (const pack of PACKS) {
        const row = rows.find((r) => r.querySet === set && r.system === system && r.pack === pack);
        if (!row) continue;
        const base = sources.get(key(row));
        out.push({ ...row, deltaMrr10: pack === 'sources' || !base ? null : row.mrr10 - base.mrr10 });
      }
    }
  }
  return out;
}

const fx = (n: number) => n.toFixed(4);
const signed = (n: number | null) => (n === null ? '' : `${n < 0 ? '−' : '+'}${Math.abs(n).toFixed(4)}`);
const examples = (items: readonly string[], n = 3) => (items.length === 0 ? '' : ` (${items.slice(0, n).join(', ')}${items.length > n ? ', …' : ''})`);

/** The table and what the two builds disagree on. Pure. */
export function renderHtmlSiteMarkdown(c: HtmlSiteComparison): string {
  const a = c.agreement;
  const lines: string[] = [];
  lines.push(`## ${c.name}: pack from built HTML against pack from sources`);
  lines.push('');
  lines.push(`| query set | system | pack | queries | MRR@10 | ${SUCCESS_AT.map((k) => `success@${k}`).join(' | ')} | Δ MRR@10 vs sources |`);
  lines.push(`| --- | --- | --- | --- | --- | ${SUCCESS_AT.map(() => '---').join(' | ')} | --- |`);
  for (const r of c.rows) {
    lines.push(`| ${r.querySet} | ${r.system} | ${r.pack} | ${r.queries} | ${fx(r.mrr10)} | ${r.success.map(fx).join(' | ')} | ${signed(r.deltaMrr10)} |`);
  }
  lines.push('');
  lines.push(
    'Queries made from the SOURCES (page titles; unique h2/h3 headings of ≥ 2 words, at most 300) and judged by the source page\'s URL, asked of both packs: ' +
      'a page the HTML build misses or names differently counts as a miss. MRR@10 and success@k at page level.',
  );
  lines.push('');
  lines.push(`Pages: ${a.both} in both builds; only in sources ${a.onlySources.length}${examples(a.onlySources)}; only in built HTML ${a.onlyHtml.length}${examples(a.onlyHtml)}.`);
  lines.push(`Sections: sources ${a.sections.sources}, built HTML ${a.sections['built HTML']}. Files not ingested: sources ${c.notIngested.sources}, built HTML ${c.notIngested['built HTML']}.`);
  lines.push(`Titles that differ: ${a.titleDiffers.length}${examples(a.titleDiffers.map((t) => `${t.url}: “${t.sources}” / “${t.html}”`))}.`);
  lines.push(`Descriptions that differ: ${a.descriptionDiffers} pages (the source build indexes front matter \`description\`; the HTML build a page's own \`<meta name="description">\`, not one the site repeats).`);
  lines.push(`Source headings (h2+) with no section of that heading on the same page in the HTML pack: ${a.headingsMissing.length}${examples(a.headingsMissing.map((m) => `${m.url} “${m.heading}”`))}.`);
  lines.push('');
  lines.push(`Run time: ${formatDuration(c.elapsedMs)}.`);
  return lines.join('\n') + '\n';
}

/** Ingests both builds as `recall-box build` and `recall-box build --html` would. */
export async function loadHtmlSitePages(docsDir: string, siteDir: string, baseUrl = '/'): Promise<{ pages: Record<PackName, Page[]>; notIngested: Record<PackName, number> }> {
  const sources = await ingestDirectory(docsDir, { baseUrl });
  const html = await ingestBuiltSite(siteDir, { baseUrl });
  return {
    pages: { sources: sources.pages, 'built HTML': html.pages },
    notIngested: { sources: sources.skipped.length, 'built HTML': html.skipped.length },
  };
}

export interface HtmlSiteRunOptions {
  name: string;
  docsDir: string;
  siteDir: string;
  baseUrl?: string;
  /** Fresh, unindexed systems; called once per pack. */
  makeSystems: () => EvalSystem[];
  log: (line: string) => void;
}

/** Loads both builds, indexes each system once per pack, runs both sets, and returns the comparison. */
export async function runHtmlSiteComparison(options: HtmlSiteRunOptions): Promise<HtmlSiteComparison> {
  const started = performance.now();
  const { log } = options;
  const { pages, notIngested } = await loadHtmlSitePages(options.docsDir, options.siteDir, options.baseUrl);
  const agreement = pageAgreement(pages.sources, pages['built HTML']);
  const rows: Array<Omit<HtmlSiteRow, 'deltaMrr10'>> = [];
  for (const collection of htmlSiteCollections(options.name, pages.sources, pages['built HTML'])) {
    const docs = collection.sets[0]!.dataset.docs;
    log(`${collection.pack}: ${docs.length} sections; ${collection.sets.map((s) => `${s.name} ${evaluatedQueries(s.dataset).length}`).join(', ')} queries`);
    for (const system of options.makeSystems()) {
      const t0 = performance.now();
      await system.index(docs);
      const indexMs = performance.now() - t0;
      for (const set of collection.sets) {
        const queries = evaluatedQueries(set.dataset);
        const result = scoreAnswers(system, indexMs, await searchAll(system, queries, set.dataset.unitOf), set.dataset);
        rows.push({ pack: collection.pack, querySet: set.name, system: system.name, queries: queries.length, mrr10: result.mrr10, success: SUCCESS_AT.map((k) => successAt(result, k)) });
      }
      log(`  ${system.name}: index ${formatDuration(indexMs)}, searched in ${formatDuration(performance.now() - t0 - indexMs)}`);
    }
  }
  return { name: options.name, agreement, rows: orderRows(rows), notIngested, elapsedMs: performance.now() - started };
}

/**
 * Every docs site with readers' questions, as the scripts that fit or choose ranking settings
 * across sites read them (scripts/fit-reranker.ts, scripts/reader-questions-sweep.ts): the suite's
 * fetched sites (docs-sites.ts) and the Astro and Hono docs of ../shared, each with its question
 * files and the name the suite's table gives its collection — so a setting fitted on the others
 * can be judged on each one left out.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadPack, search, type LoadedPack, type SearchOptions } from '../core/index.ts';
import { fsPackSource } from '../indexer/fs-source.ts';
import { DOCS_SITES, docsSiteDir } from './docs-sites.ts';
import { questionFiles, SUITE_DOCS_SITES } from './suite-run.ts';

export interface QuestionSite {
  /** The site's short name (`astro`, `npm-cli`). */
  name: string;
  /** Its collection's name in the suite's table (`astro-docs/en`, `npm-cli`). */
  collection: string;
  /** Its docs folder. */
  docs: string;
  /** Its answerable and unanswerable questions' files that exist. */
  questions: string[];
}

/** The sites found, and a line for each one absent (not fetched, or ../shared missing). */
export function questionSites(repo: string, shared: string): { sites: QuestionSite[]; skipped: string[] } {
  const all: QuestionSite[] = [
    ...DOCS_SITES.map((s) => ({ name: s.name, collection: s.name, docs: docsSiteDir(repo, s), questions: [path.join(repo, 'bench', 'queries', 'sites', `${s.name}-questions.jsonl`)] })),
    ...SUITE_DOCS_SITES.map((s) => ({
      name: s.site,
      collection: s.dir.split(path.sep).slice(-2).join('/'),
      docs: path.join(shared, s.dir),
      questions: questionFiles(repo, s.site).map((q) => q.file),
    })),
  ];
  const sites = all.filter((s) => existsSync(s.docs)).map((s) => ({ ...s, questions: s.questions.filter((f) => existsSync(f)) }));
  const skipped = all.filter((s) => !existsSync(s.docs)).map((s) => `${s.name}: ${s.docs} not found (npm run fetch:sites, or --shared)`);
  return { sites, skipped };
}

/** A reader's question with the page that answers it. */
export interface AnsweredQuestion {
  query: string;
  /** The answer's page URL (no anchor). */
  url: string;
}

/** A line of a question file: answerable (`url`, and a labelled `answer` where written) or not (`unanswerable`). */
export interface SiteQuestion {
  query: string;
  url?: string;
  /** The answer's words, as the page writes them (bench/queries/sites/README.md). */
  answer?: string;
}

/** The questions of JSON-lines files, as written; a file that does not exist gives none. */
function readQuestions(files: readonly string[]): SiteQuestion[] {
  return files.flatMap((f) => (existsSync(f) ? readFileSync(f, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as SiteQuestion) : []));
}

/** The site's answerable questions (those naming the page that answers them), from every question file. */
export function answerableQuestions(site: QuestionSite): AnsweredQuestion[] {
  return readQuestions(site.questions).filter((q): q is AnsweredQuestion => q.url !== undefined);
}

/**
 * Every question of `files` (default the site's) and of each one's unanswerable companion
 * (`…-unanswerable.jsonl` beside `…-questions.jsonl`): what the verdict is judged on
 * (scripts/verdict-table.ts, scripts/fit-verdict.ts).
 */
export function siteQuestions(site: QuestionSite, files: readonly string[] = site.questions): SiteQuestion[] {
  return readQuestions(files.flatMap((f) => [f, f.replace(/-questions\.jsonl$/, '-unanswerable.jsonl')]));
}

/**
 * The folder of the site's pack in `packs` (`<packs>/<site>`), the pack built there first with
 * `recall-box build` (default settings, as a site owner runs it) when it is missing.
 */
export function sitePackDir(repo: string, packs: string, site: QuestionSite): string {
  const dir = path.join(packs, site.name);
  if (!existsSync(path.join(dir, 'manifest.json'))) execFileSync(process.execPath, [path.join(repo, 'bin', 'recall-box.js'), 'build', site.docs, '--out', dir], { stdio: 'ignore' });
  return dir;
}

/** The site's pack (sitePackDir), loaded. */
export function sitePack(repo: string, packs: string, site: QuestionSite): Promise<LoadedPack> {
  return loadPack(fsPackSource(sitePackDir(repo, packs, site)));
}

/**
 * MRR@10 of the answer, and the share of questions it is first, through the whole search (as the
 * Worker answers). `unit`: whether a result counts by its page (a question's `url` is a page) or
 * only as the very section (`url` with its anchor). Default page.
 */
export async function questionScore(pack: LoadedPack, questions: readonly AnsweredQuestion[], options: SearchOptions, unit: 'page' | 'section' = 'page'): Promise<{ mrr: number; first: number }> {
  let rr = 0;
  let first = 0;
  for (const q of questions) {
    const { results } = await search(pack, { q: q.query, limit: 10, lang: null }, options);
    const at = results.map((r) => (unit === 'page' ? r.url.replace(/#.*$/, '') : r.url)).indexOf(q.url);
    if (at >= 0) rr += 1 / (at + 1);
    if (at === 0) first++;
  }
  return { mrr: rr / questions.length, first: first / questions.length };
}

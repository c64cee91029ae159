/**
 * Every docs site with readers' questions, as the scripts that fit or choose ranking settings
 * across sites read them (scripts/fit-reranker.ts, scripts/reader-questions-sweep.ts): the suite's
 * fetched sites (docs-sites.ts) and the Astro and Hono docs of ../shared, each with its question
 * files and the name the suite's table gives its collection — so a setting fitted on the others
 * can be judged on each one left out.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { search, type LoadedPack, type SearchOptions } from '../core/index.ts';
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

/** The site's answerable questions (those naming the page that answers them), from every question file. */
export function answerableQuestions(site: QuestionSite): AnsweredQuestion[] {
  return site.questions
    .flatMap((f) => readFileSync(f, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as { query: string; url?: string }))
    .filter((q): q is AnsweredQuestion => q.url !== undefined);
}

/** MRR@10 of the answer's page, and the share of questions it is first, through the whole search (as the Worker answers). */
export async function questionScore(pack: LoadedPack, questions: readonly AnsweredQuestion[], options: SearchOptions): Promise<{ mrr: number; first: number }> {
  let rr = 0;
  let first = 0;
  for (const q of questions) {
    const { results } = await search(pack, { q: q.query, limit: 10, lang: null }, options);
    const at = results.map((r) => r.url.replace(/#.*$/, '')).indexOf(q.url);
    if (at >= 0) rr += 1 / (at + 1);
    if (at === 0) first++;
  }
  return { mrr: rr / questions.length, first: first / questions.length };
}

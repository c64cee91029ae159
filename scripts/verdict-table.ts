/**
 * The verdict judged against the ranking (issue 50), per docs site with readers' questions, each
 * site ranked with the reranker fitted without it (bench/rerank-held-out.json) and judged with the
 * default verdict (no calibration): precision, recall, fallbacks hiding a right page, unanswerable
 * questions answered, and how often the answer card holds the labelled answer (src/eval/verdict-figures.ts).
 *
 *   npx tsx scripts/verdict-table.ts --packs <dir> [--shared ../shared] [--sets first|fresh6] [--dump <file.json>]
 *
 * --packs  a folder with one pack per site (<dir>/<site>); a missing one is built there first
 * --sets   which of Astro's and Hono's sets to ask: `first` (the first and fresh sets, default), or
 *          `fresh6` (bench/queries/fresh6, held out from every choice); the fetched sites have one set
 * --dump   writes every question's outcome, score, signals, results' pages and card, for study
 *
 * Prints Markdown. About a minute on this machine.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_SEARCH_OPTIONS, search, type LoadedPack, type SearchOptions } from '../src/core/index.ts';
import { questionSites, sitePack, siteQuestions, type QuestionSite } from '../src/eval/question-sites.ts';
import { readHeldOutModels } from '../src/eval/rerank-held-out.ts';
import { verdictFigures, type AnswerableVerdict } from '../src/eval/verdict-figures.ts';
import type { AnswerOutcome } from '../src/eval/types.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { packs: { type: 'string' }, shared: { type: 'string', default: path.join(repo, '..', 'shared') }, sets: { type: 'string', default: 'first' }, dump: { type: 'string' } },
});
if (!values.packs || !['first', 'fresh6'].includes(values.sets!)) {
  console.error('usage: npx tsx scripts/verdict-table.ts --packs <dir> [--shared ../shared] [--sets first|fresh6] [--dump <file.json>]');
  process.exit(2);
}
const { sites, skipped } = questionSites(repo, values.shared!);
for (const line of skipped) console.error(`skipped: ${line}`);
const heldOut = readHeldOutModels(repo);

/** The site's question files for the chosen sets: Astro's and Hono's sixth fresh sets, or every site's own. */
function filesOf(site: QuestionSite): string[] {
  if (values.sets !== 'fresh6') return site.questions;
  const fetched = site.questions.some((f) => f.includes(`${path.sep}sites${path.sep}`));
  return fetched ? [] : [path.join(repo, 'bench', 'queries', 'fresh6', `${site.name}-questions.jsonl`)];
}

const pct = (x: number | null) => (x === null ? '–' : `${(100 * x).toFixed(1)}%`);
const dump: unknown[] = [];
console.log('| site | answerable + unanswerable | answered | precision (right page in top 3) | recall (first right → answered) | fallback, right page in top 3 | unanswerable answered | card holds the answer | card shown |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const site of sites) {
  const questions = siteQuestions(site, filesOf(site));
  if (questions.length === 0) continue;
  const pack: LoadedPack = await sitePack(repo, values.packs!, site);
  const weights = heldOut.get(site.collection);
  const options: SearchOptions = weights ? { ...DEFAULT_SEARCH_OPTIONS, rerank: { ...DEFAULT_SEARCH_OPTIONS.rerank, weights } } : DEFAULT_SEARCH_OPTIONS;
  const answerable: AnswerableVerdict[] = [];
  const unanswerable: AnswerOutcome[] = [];
  for (const q of questions) {
    const outcome = await search(pack, { q: q.query, limit: 10, lang: null }, options);
    const pages = outcome.results.map((r) => r.url.replace(/#.*$/, ''));
    const card = outcome.answer?.text ?? null;
    const verdict = outcome.confidence.outcome;
    if (q.url !== undefined) {
      const at = pages.indexOf(q.url);
      answerable.push({ outcome: verdict, firstRightRank: at < 0 ? null : at + 1, ...(q.answer !== undefined && { label: q.answer }), card });
    } else unanswerable.push(verdict);
    if (values.dump) dump.push({ site: site.name, query: q.query, url: q.url ?? null, label: q.answer ?? null, outcome: verdict, score: outcome.confidence.score, signals: outcome.confidence.signals, strategy: outcome.confidence.strategy, pages: pages.slice(0, 5), card, top: outcome.results[0] ? { title: outcome.results[0].title, excerpt: outcome.results[0].evidence.excerpts[0]?.text ?? null } : null });
  }
  const f = verdictFigures(answerable, unanswerable);
  console.log(`| ${site.name} | ${f.answerable} + ${f.unanswerable} | ${pct(f.answered)} | ${pct(f.precision)} | ${pct(f.recall)} | ${pct(f.hidden)} | ${pct(f.unanswerableAnswered)} | ${pct(f.cardHolds)} | ${pct(f.cardShown)} |`);
}
if (values.dump) writeFileSync(values.dump, JSON.stringify(dump, null, 1));

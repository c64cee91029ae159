/**
 * Fits the default verdict (src/core/confidence/score.ts DEFAULT_CONFIDENCE_MODEL and
 * levels.ts DEFAULT_THRESHOLDS) on readers' questions of every docs site with them, and judges it
 * leave-one-site-out: for each site, the model and thresholds fitted on the OTHER sites
 * (src/eval/verdict-fit.ts), against the verdict in the code, by the figures of
 * src/eval/verdict-figures.ts. Each site is ranked with the reranker fitted without it
 * (bench/rerank-held-out.json), as the suite ranks it.
 *
 *   npx tsx scripts/fit-verdict.ts --packs <dir> [--shared ../shared] [--point 0.95/0.05] [--write]
 *
 * --packs  a folder with one pack per site (<dir>/<site>); a missing one is built there first
 * --point  the answer bar's precision / unanswerable bounds (OperatingPoint.precision, .unanswerable)
 * --write  writes the fit on every site as the default model and thresholds
 *
 * The sets fitted on: each fetched site's questions, Astro's and Hono's first and fresh sets; never
 * bench/queries/fresh6 (`scripts/verdict-table.ts --sets fresh6` judges the result there). Prints Markdown.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { confidenceScore, DEFAULT_CONFIDENCE_MODEL, DEFAULT_SEARCH_OPTIONS, DEFAULT_THRESHOLDS, search, SIGNAL_NAMES, type ConfidenceModel, type LevelThresholds, type SearchOptions } from '../src/core/index.ts';
import { openVerdict, outcomeUnder, verdictInputs } from '../src/indexer/confidence/sample.ts';
import { fitCalibration } from '../src/indexer/confidence/fit.ts';
import { questionSites, sitePack, siteQuestions } from '../src/eval/question-sites.ts';
import { readHeldOutModels } from '../src/eval/rerank-held-out.ts';
import { verdictFigures, type VerdictFigures } from '../src/eval/verdict-figures.ts';
import { auroc } from '../src/eval/metrics.ts';
import { DEFAULT_OPERATING_POINT, operatingThresholds, type VerdictSample } from '../src/eval/verdict-fit.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { packs: { type: 'string' }, shared: { type: 'string', default: path.join(repo, '..', 'shared') }, point: { type: 'string' }, 'answer-coverage': { type: 'string' }, write: { type: 'boolean', default: false } },
});
if (!values.packs) {
  console.error('usage: npx tsx scripts/fit-verdict.ts --packs <dir> [--shared ../shared] [--point 0.95/0.05] [--write]');
  process.exit(2);
}
const point = { ...DEFAULT_OPERATING_POINT };
if (values.point) [point.precision, point.unanswerable] = values.point.split('/').map(Number) as [number, number];
const { sites, skipped } = questionSites(repo, values.shared!);
for (const line of skipped) console.error(`skipped: ${line}`);
const heldOut = readHeldOutModels(repo);

interface Sample extends VerdictSample {
  label?: string;
  card: string | null;
}

async function samplesOf(site: (typeof sites)[number]): Promise<Sample[]> {
  const pack = await sitePack(repo, values.packs!, site);
  const weights = heldOut.get(site.collection);
  const options: SearchOptions = openVerdict({
    ...DEFAULT_SEARCH_OPTIONS,
    ...(weights && { rerank: { ...DEFAULT_SEARCH_OPTIONS.rerank, weights } }),
    ...(values['answer-coverage'] && { answer: { ...DEFAULT_SEARCH_OPTIONS.answer, minCoverage: Number(values['answer-coverage']) } }),
  });
  const out: Sample[] = [];
  for (const q of siteQuestions(site)) {
    const o = await search(pack, { q: q.query, limit: 10, lang: null }, options);
    const at = q.url === undefined ? -1 : o.results.map((r) => r.url.replace(/#.*$/, '')).indexOf(q.url);
    const firstRightRank = at < 0 ? null : at + 1;
    out.push({
      ...verdictInputs(o),
      hasAnswer: q.url !== undefined,
      firstRightRank,
      answerable: q.url !== undefined && firstRightRank !== null && firstRightRank <= 3,
      ...(q.answer !== undefined && { label: q.answer }),
      card: o.answer?.text ?? null,
    });
  }
  return out;
}

/** The figures of `samples` under a model and thresholds, as the verdict decides them (sample.ts outcomeUnder). */
function judged(samples: readonly Sample[], model: ConfidenceModel, thresholds: LevelThresholds): VerdictFigures {
  const outcomeOf = (s: Sample) => outcomeUnder(s, model, thresholds);
  return verdictFigures(
    samples.filter((s) => s.hasAnswer).map((s) => ({ outcome: outcomeOf(s), firstRightRank: s.firstRightRank, ...(s.label !== undefined && { label: s.label }), card: s.card })),
    samples.filter((s) => !s.hasAnswer).map(outcomeOf),
  );
}

function fit(samples: readonly Sample[]): { model: ConfidenceModel; thresholds: LevelThresholds } {
  const file = fitCalibration(samples, { datasets: [], createdAt: '' }, undefined, (all, models) => operatingThresholds(all as Sample[], models, point));
  return { model: file.models, thresholds: file.thresholds! };
}

const bySite = new Map<string, Sample[]>();
for (const site of sites) bySite.set(site.name, await samplesOf(site));

const pct = (x: number | null) => (x === null ? '–' : `${(100 * x).toFixed(1)}%`);
const cells = (f: VerdictFigures) => `${pct(f.precision)} | ${pct(f.recall)} | ${pct(f.hidden)} | ${pct(f.unanswerableAnswered)} | ${pct(f.cardHolds)}`;
console.log(`Operating point: answer at ≥ ${point.precision} precision and ≤ ${point.unanswerable} unanswerable answered on the sites fitted on; fallback hiding ≤ ${point.hidden}.\n`);
console.log('| held-out site | questions | in the code: precision | recall | fallback, right in top 3 | unanswerable answered | card holds the answer | fitted on the others: precision | recall | fallback, right in top 3 | unanswerable answered | card holds the answer | AUROC, page in top 3 |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [name, samples] of bySite) {
  const others = [...bySite].filter(([n]) => n !== name).flatMap(([, s]) => s);
  const held = fit(others);
  const now = judged(samples, DEFAULT_CONFIDENCE_MODEL, DEFAULT_THRESHOLDS);
  const f = judged(samples, held.model, held.thresholds);
  // How well the held-out score orders the questions by what the label says (page in the top 3 or not), whatever the bars.
  const separation = auroc(samples.map((x) => ({ score: confidenceScore(x.signals, x.strategy, held.model), positive: x.answerable })));
  console.log(`| ${name} | ${f.answerable} + ${f.unanswerable} | ${cells(now)} | ${cells(f)} | ${separation.toFixed(3)} |`);
}

const all = fit([...bySite.values()].flat());
console.log(`\nFitted on every site: thresholds ${JSON.stringify(all.thresholds)}`);
const fmt = (r: Record<string, number>) => `{ ${SIGNAL_NAMES.map((n) => `${n}: ${Number(r[n]!.toFixed(2))}`).join(', ')} }`;
for (const [strategy, m] of Object.entries(all.model)) console.log(`- ${strategy}: bias ${m.bias.toFixed(2)}, weights ${fmt(m.weights)}`);

if (values.write) {
  const scoreFile = path.join(repo, 'src', 'core', 'confidence', 'score.ts');
  const counts = (strategy: string) => {
    const own = [...bySite.values()].flat().filter((s) => s.strategy === strategy);
    return `${own.filter((s) => s.answerable).length} right in the top 3 / ${own.filter((s) => !s.answerable).length} not`;
  };
  const body = Object.entries(all.model)
    .map(([strategy, m]) => `  // ${counts(strategy)}\n  ${strategy}: model(\n    ${m.bias.toFixed(2)},\n    ${fmt(m.weights)},\n    ${fmt(m.impute)},\n  ),`)
    .join('\n');
  const text = readFileSync(scoreFile, 'utf8').replace(/export const DEFAULT_CONFIDENCE_MODEL: ConfidenceModel = Object\.freeze\(\{[\s\S]*?\n\}\);/, `export const DEFAULT_CONFIDENCE_MODEL: ConfidenceModel = Object.freeze({\n${body}\n});`);
  writeFileSync(scoreFile, text);
  const levelsFile = path.join(repo, 'src', 'core', 'confidence', 'levels.ts');
  const t = all.thresholds;
  writeFileSync(levelsFile, readFileSync(levelsFile, 'utf8').replace(/export const DEFAULT_THRESHOLDS: Readonly<LevelThresholds> = Object\.freeze\(\{[^}]*\}\);/, `export const DEFAULT_THRESHOLDS: Readonly<LevelThresholds> = Object.freeze({ high: ${t.high}, medium: ${t.medium}, uncertain: ${t.uncertain} });`));
  console.log(`\nWrote ${path.relative(repo, scoreFile)} and ${path.relative(repo, levelsFile)}.`);
}

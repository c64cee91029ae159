/**
 * `recall-box calibrate`: fit the confidence model's weights on labelled queries and store them in
 * a pack (`confidence.json`), so the Worker's scores are calibrated for the site — or, with
 * `--questions`, keep the default model and place its thresholds on the site's own labelled reader
 * questions (questionsCalibration, at the end).
 *
 * The labels come from the evaluation harness's withheld-documents protocol (eval/confidence.ts):
 * the relevant units of a seeded share of the queries are left out of an index, the queries whose
 * answers were all left out are unanswerable, those whose answers are all there answerable. Each
 * query runs through the Worker's own pipeline (`search`), so the fitted weights apply to the
 * very signals the Worker computes.
 *
 * The seed differs from the harness's WITHHOLD_SEED, so `npm run eval` measures a calibrated
 * model on a split it was not fitted on.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_CONFIDENCE_MODEL,
  DEFAULT_THRESHOLDS,
  DEFAULT_SEARCH_OPTIONS,
  DEFAULT_SHARD_OPTIONS,
  isRecallBoxError,
  loadPack,
  outcomeFor,
  PACK_FILES,
  QUERY_STRATEGIES,
  RecallBoxError,
  readManifest,
  readPackFile,
  search,
  SIGNAL_NAMES,
  type CalibrationFile,
  type LevelThresholds,
  type LoadedPack,
  type PackManifest,
  type QuestionRates,
  type SearchOptions,
} from '../core/index.ts';
import { guardedBar, holdsOnHalves, precisionRecall, type PrecisionRecall } from '../indexer/confidence/guard.ts';
import { parseSearchRequest } from '../protocol/request.ts';
import { splitForWithholding } from '../datasets/withhold.ts';
import { buildEvalPack } from '../datasets/collection-pack.ts';
import { evalSearchOptions } from '../datasets/search-options.ts';
import type { EvalDataset } from '../datasets/types.ts';
import { detectDatasetKind, loadDataset } from '../datasets/index.ts';
import { docsDataset, pageUrlOf, parseKnownItemQueries, type KnownItemQuery } from '../datasets/docs.ts';
import { readerQueries } from '../datasets/reader-queries.ts';
import { OFF_TOPIC_QUERIES } from '../datasets/off-topic-queries.ts';
import { ingestDirectory } from '../indexer/ingest/directory.ts';
import { computeBuildId, storePackFiles, writePack, type PackFiles } from '../indexer/pack-writer.ts';
import { fsPackSource } from '../indexer/fs-source.ts';
import { DEFAULT_FIT_OPTIONS } from '../indexer/confidence/logistic.ts';
import { DEFAULT_QUESTION_RATES, questionThresholds } from '../indexer/confidence/thresholds.ts';
import { openVerdict, outcomeUnder, verdictInputs, type LabelledQuery } from '../indexer/confidence/sample.ts';

export type { LabelledQuery } from '../indexer/confidence/sample.ts';

/**
 * Seed of calibration's withholding: any fixed value other than the harness's WITHHOLD_SEED, so
 * the queries a model is judged on in `npm run eval` were split differently from those it was fitted on.
 */
export const CALIBRATION_SEED = 7;

/**
 * The dataset to calibrate on: a SMART or BEIR collection with its own queries and judgements, or
 * a docs folder — with a known-item queries file, or else with reader-like queries made from its
 * own pages (datasets/reader-queries.ts: titles, headings, headings asked as questions, sentences
 * of the prose; each judged by its page), so a site can calibrate on its
 * own docs with no labelling work.
 */
export async function calibrationDataset(dir: string, queries?: string): Promise<EvalDataset> {
  if ((await detectDatasetKind(dir)) !== 'docs' || queries !== undefined) return (await loadDataset(dir, queries === undefined ? {} : { queries })).dataset;
  const { pages } = await ingestDirectory(dir);
  const items = readerQueries(pages).map((q, i) => ({ query: q.query, url: q.url, line: i + 1 }));
  return docsDataset(path.resolve(dir).split(path.sep).slice(-2).join('/'), pages, items).dataset;
}

/**
 * Runs the protocol's queries on a dataset through the pipeline and returns their signals and
 * labels, followed by the off-topic questions (datasets/off-topic-queries.ts) on the same index,
 * unanswerable and marked `offTopic`.
 */
export async function labelledSignals(dataset: EvalDataset, seed: number = CALIBRATION_SEED, offTopic: readonly string[] = OFF_TOPIC_QUERIES): Promise<LabelledQuery[]> {
  // A known-item set (one judged page per query) withholds pages; a collection, its queries' answers.
  const knownItem = dataset.queries.every((q) => [...(dataset.qrels.get(q.id) ?? [])].filter(([, gain]) => gain > 0).length <= 1);
  const split = splitForWithholding(dataset, undefined, seed, knownItem ? 'unit' : 'query');
  const { pack, docIdOfSection } = await buildEvalPack('recall-box:calibrate', split.indexedDocs);
  const label = new Map<string, boolean>([...split.answerable.map((id) => [id, true] as const), ...split.unanswerable.map((id) => [id, false] as const)]);
  const samples: LabelledQuery[] = [];
  const run = async (text: string) => {
    const options = openVerdict(evalSearchOptions(10, text));
    return search(pack, parseSearchRequest({ q: text, limit: 10 }, options), options);
  };
  for (const q of dataset.queries) {
    const answerable = label.get(q.id);
    if (answerable === undefined || q.text.trim() === '') continue;
    const out = await run(q.text);
    const judged = dataset.qrels.get(q.id);
    // Judged by unit (a docs site's page), as the harness scores it (eval/run.ts unitRanking).
    const units = [...new Set(out.results.map((r) => dataset.unitOf(docIdOfSection.get(r.id) ?? '')))];
    const at = answerable ? units.findIndex((u) => (judged?.get(u) ?? 0) > 0) : -1;
    samples.push({ ...verdictInputs(out), answerable, rank: at >= 0 ? at + 1 : null });
  }
  for (const text of offTopic) {
    samples.push({ ...verdictInputs(await run(text)), answerable: false, offTopic: true, rank: null });
  }
  return samples;
}

/**
 * Whether a fitted calibration lowers neither the precision nor the recall of the verdict it
 * replaces — the default model and thresholds — on its own labelled queries (guard.ts), with the figures.
 */
export function checkCalibration(queries: readonly LabelledQuery[], file: CalibrationFile): { keeps: boolean; before: PrecisionRecall; after: PrecisionRecall } {
  const own = queries.filter((q) => !q.offTopic);
  const before = own.map((q) => outcomeUnder(q, DEFAULT_CONFIDENCE_MODEL, DEFAULT_THRESHOLDS));
  const after = own.map((q) => outcomeUnder(q, file.models, file.thresholds ?? DEFAULT_THRESHOLDS));
  return { keeps: holdsOnHalves(own, before, after), before: precisionRecall(own, before), after: precisionRecall(own, after) };
}

/**
 * Stores a calibration in a pack: the pack is rewritten atomically (writePack) with
 * `confidence.json` added and listed in the manifest, and a new buildId — the answers change, so
 * cached ones must not be served for the new pack.
 */
export async function writeCalibration(packDir: string, file: CalibrationFile): Promise<PackManifest> {
  const source = fsPackSource(packDir);
  const { manifest } = await readManifest(source);
  // Every listed file read back whole (shards joined, each checked against its hash), then stored
  // again with confidence.json added, cut as the pack was (its first shard's size when it had any
  // file of several shards).
  const files: PackFiles = {};
  for (const name of Object.keys(manifest.files)) {
    if (name === PACK_FILES.confidence) continue;
    const bytes = await readPackFile(source, manifest.files, name).catch((e: unknown) => {
      throw new RecallBoxError('INDEX_CORRUPT', `${packDir} lacks ${name}, which its manifest lists, or it is damaged (${(e as Error).message}).`);
    });
    files[name] = bytes!;
  }
  files[PACK_FILES.confidence] = `${JSON.stringify(file, null, 2)}\n`;
  const split = Object.values(manifest.files).find((f) => f.shards.length > 1);
  const stored = await storePackFiles(files, split ? { shardBytes: split.shards[0]!.bytes } : DEFAULT_SHARD_OPTIONS);
  const updated: PackManifest = { ...manifest, buildId: computeBuildId(files), files: stored.entries };
  await writePack(packDir, updated, stored.pieces);
  return updated;
}

/** A labelled reader question searched in a pack: the verdict's inputs and where its page came. */
export interface SearchedQuestion extends LabelledQuery {
  /** The verdict's score, under the pack's model. */
  score: number;
}

/**
 * Searches one known-item line (`{"query","url"}`, or `{"query","unanswerable":true}`:
 * datasets/docs.ts parseKnownItemQueries) in `pack` as the Worker does with `options`: what
 * `calibrate --questions` places its bars on and scripts/confidence-defaults.ts judges fits on.
 */
export async function searchQuestion(pack: LoadedPack, q: KnownItemQuery, options: SearchOptions): Promise<SearchedQuestion> {
  const out = await search(pack, parseSearchRequest({ q: q.query }, options), openVerdict(options));
  const pages = [...new Set(out.results.map((r) => pageUrlOf(r.url)))];
  const at = q.url === undefined ? -1 : pages.indexOf(pageUrlOf(q.url));
  return {
    ...verdictInputs(out),
    answerable: !q.unanswerable,
    score: out.confidence.score,
    rank: at >= 0 ? at + 1 : null,
  };
}

/** What the questions said, for the command's summary: in-sample, the thresholds were placed on them. */
export interface QuestionsReport {
  answerable: number;
  unanswerable: number;
  /** Shares of the answerable questions answered, and shown (answered or uncertain) with their page among the first 3 results' pages. */
  answered: number;
  shownInTop3: number;
  /** Shares of the unanswerable questions answered, and shown as uncertain. */
  unanswerableAnswered: number;
  unanswerableUncertain: number;
  /** The answer bar the questions' rates placed, before the guard moved it back (thresholds.medium is where it stands). */
  placed?: number;
  /** Precision and recall on these questions with the defaults and with the calibration. */
  guard?: { before: PrecisionRecall; after: PrecisionRecall };
}

/**
 * A calibration of the default model's thresholds on a site's own reader questions: each searched
 * in the pack as the Worker searches it (default search options), scored by the default model
 * whatever calibration the pack holds, and the thresholds placed by questionThresholds. The model
 * stays the defaults': fitted on a site's made-up queries it answered no more reader questions
 * than the defaults do (docs/quality.md, Confidence), while where the bar lies is what differs by site.
 */
export async function questionsCalibration(
  packDir: string,
  files: readonly string[],
  createdAt: string,
  rates: Readonly<QuestionRates> = DEFAULT_QUESTION_RATES,
): Promise<{ file: CalibrationFile; report: QuestionsReport }> {
  const questions: KnownItemQuery[] = [];
  for (const file of files) {
    const content = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
      throw new RecallBoxError('DATASET_NOT_FOUND', `cannot read the questions file ${file} (${e.code ?? e.message}).`);
    });
    questions.push(...parseKnownItemQueries(content, file));
  }
  // Scored by the default model whatever calibration the pack holds: the verdict's own score (the
  // response's signals are rounded for reporting, and a score redone from them can differ by a step).
  // Set on the loaded pack itself, not a copy: its readSemantic fills in the object loadPack made.
  const pack = await loadPack(fsPackSource(packDir));
  pack.confidence = { model: DEFAULT_CONFIDENCE_MODEL, calibrated: false, thresholds: null };
  const scored: SearchedQuestion[] = [];
  for (const q of questions) {
    try {
      scored.push(await searchQuestion(pack, q, DEFAULT_SEARCH_OPTIONS));
    } catch (e) {
      if (isRecallBoxError(e) && (e.code === 'QUERY_EMPTY' || e.code === 'QUERY_TOO_LONG')) throw new RecallBoxError('DATASET_INVALID', `the question "${q.query.slice(0, 60)}" cannot be searched: ${e.message}`);
      throw e;
    }
  }
  const placed = questionThresholds(scored.filter((q) => !q.answerable).map((q) => q.score), rates);
  // The answer bar moves from the defaults' towards the placed one only as far as it lowers
  // neither precision nor recall on these questions (guard.ts): a calibration never costs either.
  const at = (medium: number): LevelThresholds => ({ high: Math.max(medium, placed.high), medium, uncertain: Math.min(medium, placed.uncertain) });
  const medium = guardedBar(scored, scored.map((q) => q.score), placed.medium, DEFAULT_THRESHOLDS.medium, (bar) => scored.map((q) => outcomeUnder(q, DEFAULT_CONFIDENCE_MODEL, at(bar))));
  const thresholds = at(medium);
  const byStrategy = Object.fromEntries(
    QUERY_STRATEGIES.map((strategy) => {
      const own = scored.filter((q) => q.strategy === strategy);
      return [strategy, { answerable: own.filter((q) => q.answerable).length, unanswerable: own.filter((q) => !q.answerable).length, model: 'defaults' as const }];
    }),
  ) as CalibrationFile['fittedOn']['byStrategy'];
  const file: CalibrationFile = {
    signals: [...SIGNAL_NAMES],
    models: JSON.parse(JSON.stringify(DEFAULT_CONFIDENCE_MODEL)) as CalibrationFile['models'],
    thresholds,
    fittedOn: { datasets: [], l2: DEFAULT_FIT_OPTIONS.l2, createdAt, byStrategy, questions: { files: files.map((f) => path.basename(f)), rates: { ...rates } } },
  };
  return { file, report: { ...questionsReport(scored, thresholds), placed: placed.medium, guard: checkCalibration(scored, file) } };
}

/** Pages among the first results' pages a reader reads before deciding (eval's "shown, page in top 3"). */
const TOP_PAGES = 3;

function questionsReport(scored: readonly SearchedQuestion[], t: LevelThresholds): QuestionsReport {
  const answerable = scored.filter((q) => q.answerable);
  const unanswerable = scored.filter((q) => !q.answerable);
  const share = (list: typeof scored, test: (q: (typeof scored)[number]) => boolean) => (list.length === 0 ? 0 : list.filter(test).length / list.length);
  const answered = (q: (typeof scored)[number]) => outcomeUnder(q, DEFAULT_CONFIDENCE_MODEL, t) === 'answer';
  const shown = (q: (typeof scored)[number]) => outcomeUnder(q, DEFAULT_CONFIDENCE_MODEL, t) !== 'fallback';
  return {
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    answered: share(answerable, answered),
    shownInTop3: share(answerable, (q) => shown(q) && q.rank !== null && q.rank <= TOP_PAGES),
    unanswerableAnswered: share(unanswerable, answered),
    unanswerableUncertain: share(unanswerable, (q) => shown(q) && !answered(q)),
  };
}

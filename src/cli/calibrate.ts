/**
 * `recall-box calibrate`: fit the confidence model's weights on labelled queries and store them in
 * a pack (`confidence.json`), so the Worker's scores are calibrated for the site.
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
import path from 'node:path';
import { DEFAULT_SHARD_OPTIONS, PACK_FILES, RecallBoxError, readManifest, readPackFile, search, type CalibrationFile, type CalibrationSample, type PackManifest } from '../core/index.ts';
import { parseSearchRequest } from '../protocol/request.ts';
import { splitForWithholding } from '../datasets/withhold.ts';
import { buildEvalPack } from '../datasets/collection-pack.ts';
import { evalSearchOptions } from '../datasets/search-options.ts';
import type { EvalDataset } from '../datasets/types.ts';
import { detectDatasetKind, loadDataset } from '../datasets/index.ts';
import { docsDataset } from '../datasets/docs.ts';
import { readerQueries } from '../datasets/reader-queries.ts';
import { OFF_TOPIC_QUERIES } from '../datasets/off-topic-queries.ts';
import { ingestDirectory } from '../indexer/ingest/directory.ts';
import { computeBuildId, storePackFiles, writePack, type PackFiles } from '../indexer/pack-writer.ts';
import { fsPackSource } from '../indexer/fs-source.ts';

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
export async function labelledSignals(dataset: EvalDataset, seed: number = CALIBRATION_SEED, offTopic: readonly string[] = OFF_TOPIC_QUERIES): Promise<CalibrationSample[]> {
  // A known-item set (one judged page per query) withholds pages; a collection, its queries' answers.
  const knownItem = dataset.queries.every((q) => [...(dataset.qrels.get(q.id) ?? [])].filter(([, gain]) => gain > 0).length <= 1);
  const split = splitForWithholding(dataset, undefined, seed, knownItem ? 'unit' : 'query');
  const { pack } = await buildEvalPack('recall-box:calibrate', split.indexedDocs);
  const label = new Map<string, boolean>([...split.answerable.map((id) => [id, true] as const), ...split.unanswerable.map((id) => [id, false] as const)]);
  const samples: CalibrationSample[] = [];
  const run = async (text: string) => {
    const options = evalSearchOptions(10, text);
    return (await search(pack, parseSearchRequest({ q: text, limit: 10 }, options), options)).confidence;
  };
  for (const q of dataset.queries) {
    const answerable = label.get(q.id);
    if (answerable === undefined || q.text.trim() === '') continue;
    const { signals, strategy } = await run(q.text);
    samples.push({ signals, strategy, answerable });
  }
  for (const text of offTopic) {
    const { signals, strategy } = await run(text);
    samples.push({ signals, strategy, answerable: false, offTopic: true });
  }
  return samples;
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

/**
 * Builds what the Worker tests (workerd) and the end-to-end browser test serve, from fixtures:
 *   test/.generated/site/             the demo page + widget bundle, as in public/
 *   test/.generated/site/pack/        a pack of test/fixtures/site, in blocks and partitions of FIXTURE_LAYOUT
 *   test/.generated/site/pack-v999/   the same pack claiming a format version this Worker does not read
 *   test/.generated/site/pack-corrupt/ the same pack with its section store cut short
 *   test/.generated/site/pack-bad-vectors/ the same pack with vectors.bin cut short
 *   test/.generated/site/pack-keyword/ a keyword-only pack of the same site (--no-vectors)
 *   test/.generated/site/pack-sharded/ the same site cut into 16 KiB shards (SHARDED_PACK_PATH)
 *   test/.generated/site/pack-bad-shard/ that pack with one byte of embedding.bin.001 flipped (the
 *                                     n-gram buckets' steps: read by nearly every query)
 *   test/.generated/site/pack-bad-blocks/ the default pack with one byte of every section block flipped
 *   test/.generated/site/pack-docs/  this repository's docs/ as the demo (`npm start`) builds them
 *   test/.generated/site/pack-facets/ the fixture site with its `tags` as a facet (FIXTURE_FACETS)
 *   test/.generated/site/search-expected-facets.json  Node's answers to FILTER_SAMPLES from it
 *   test/.generated/site/pack-calibrated/ the pack after `recall-box calibrate` on the fixture site
 *   test/.generated/site/search-expected-calibrated.json  Node's answers (and verdicts) from it
 *   test/.generated/site/pack-stale-calibration/ the pack with a calibration of another version's signals
 *   test/.generated/site/search-expected.json  Node's /search answers for SEARCH_SAMPLES
 *   test/.generated/site/pack-model2vec/ the site built with a generated tiny Model2Vec model
 *   test/.generated/site/search-expected-model2vec.json  Node's answers from that pack
 *   test/.generated/site/pack-transformer/ the site built with a generated tiny transformer
 *   test/.generated/site/search-expected-transformer.json  Node's answers (ORT) from that pack
 *   test/.generated/site/segment-expected.json  Node's analysis of SEGMENT_SAMPLES, which the
 *                                     workerd and Chromium tests compare their own against
 *   test/.generated/site/embed-test/  an ONNX embedding model, a corrupt and an incompatible copy,
 *                                     and Node's vectors for EMBED_SAMPLES (see prepareEmbedFixture)
 * Run with `npx tsx test/support/prepare-site.ts`.
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPack } from '../../src/indexer/build-pack.ts';
import { buildWidget } from '../../scripts/build-widget.ts';
import { terms } from '../../src/core/analysis/segment.ts';
import { SEGMENT_EXPECTED_FILE, SEGMENT_SAMPLES } from './segment-samples.ts';
import { buildEmbedFixture } from './embed-model.ts';
import { EMBED_FIXTURE_DIR, EMBED_FIXTURE_FILES } from './embed-samples.ts';
import { fsPackSource } from '../../src/indexer/fs-source.ts';
import { loadPack } from '../../src/core/pack/load.ts';
import { parseSearchRequest } from '../../src/protocol/request.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/core/search/options.ts';
import { search } from '../../src/core/search/search.ts';
import { calibrationDataset, labelledSignals, writeCalibration } from '../../src/cli/calibrate.ts';
import { fitCalibration } from '../../src/indexer/confidence/fit.ts';
import {
  CALIBRATED_PACK_PATH,
  STALE_CALIBRATION_PACK_PATH,
  comparable,
  comparableConfidence,
  MODEL2VEC_PACK_PATH,
  SEARCH_EXPECTED_CALIBRATED_FILE,
  SEARCH_EXPECTED_FILE,
  SEARCH_EXPECTED_MODEL2VEC_FILE,
  SEARCH_EXPECTED_TRANSFORMER_FILE,
  SEARCH_SAMPLES,
  SHARDED_PACK_PATH,
  SHARDED_PACK_SHARD_BYTES,
  TRANSFORMER_PACK_PATH,
  type SearchExpected,
  FIXTURE_LAYOUT,
  BAD_BLOCKS_PACK_PATH,
  DOCS_PACK_PATH,
  HOSTILE_PACK_PATH,
  HOSTILE_QUERY,
  HOSTILE_SECTION_BYTES,
  FACETS_PACK_PATH,
  FIXTURE_FACETS,
  FILTER_SAMPLES,
  SEARCH_EXPECTED_FACETS_FILE,
  type FacetsExpected,
} from './search-samples.ts';
import { writeTinyTransformer } from './transformer-fixture.ts';
import { importTransformer } from '../../src/indexer/embed/transformer-import.ts';
import type { QueryEmbedder } from '../../src/core/embed/semantic.ts';
import { writeTinyModel2Vec } from './model2vec-fixture.ts';
import { buildHighlight } from '../../scripts/build-highlight.ts';
import { createNodeHandler } from '../../src/server/node-server.ts';
import { NODE_PARITY_FILE, PARITY_REQUESTS, parityAnswer, parityRequest, wranglerVars } from './node-parity.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE_DIR = path.join(root, 'test/.generated/site');

/**
 * The Node server's answers to PARITY_REQUESTS from `pack`, with the test Worker's vars and the
 * site's widget files (node-parity.ts): what test/worker/node-parity.test.ts expects of workerd.
 */
async function writeNodeParity(pack: string): Promise<void> {
  const vars = await wranglerVars(path.join(root, 'test/wrangler.test.toml'));
  const handler = await createNodeHandler({ packDir: pack, publicDir: SITE_DIR, vars, home: false });
  const answers = [];
  for (const r of PARITY_REQUESTS) answers.push(await parityAnswer(r, await handler(parityRequest('https://search.example.com', r))));
  await writeFile(path.join(SITE_DIR, NODE_PARITY_FILE), JSON.stringify(answers));
}

export async function prepareSite(): Promise<void> {
  await rm(SITE_DIR, { recursive: true, force: true });
  await mkdir(SITE_DIR, { recursive: true });
  await buildWidget();
  // The highlight script too: a demo result followed to its page marks the words searched for (test/e2e/demo.test.ts).
  await buildHighlight();
  await cp(path.join(root, 'public'), SITE_DIR, { recursive: true, filter: (src) => !src.includes(`${path.sep}pack`) });
  const pack = path.join(SITE_DIR, 'pack');
  const summary = await buildPack(path.join(root, 'test/fixtures/site'), pack, { now: () => new Date('2026-01-01T00:00:00Z'), layout: FIXTURE_LAYOUT });
  if (summary.skipped.length > 0) throw new Error(`fixture site skipped files: ${JSON.stringify(summary.skipped)}`);

  const v999 = path.join(SITE_DIR, 'pack-v999');
  await cp(pack, v999, { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(v999, 'manifest.json'), 'utf8'));
  await writeFile(path.join(v999, 'manifest.json'), JSON.stringify({ ...manifest, formatVersion: 999 }));

  const corrupt = path.join(SITE_DIR, 'pack-corrupt');
  await cp(pack, corrupt, { recursive: true });
  const sections = await readFile(path.join(corrupt, 'sections.json'), 'utf8');
  await writeFile(path.join(corrupt, 'sections.json'), sections.slice(0, Math.floor(sections.length / 2)));
  const badVectors = path.join(SITE_DIR, 'pack-bad-vectors');
  await cp(pack, badVectors, { recursive: true });
  const vectors = await readFile(path.join(badVectors, 'vectors.bin'));
  await writeFile(path.join(badVectors, 'vectors.bin'), vectors.subarray(0, vectors.length - 7));

  await buildPack(path.join(root, 'test/fixtures/site'), path.join(SITE_DIR, 'pack-keyword'), { embedding: false, now: () => new Date('2026-01-01T00:00:00Z'), layout: FIXTURE_LAYOUT });
  await prepareStallPack();
  await damageBlocks(pack, path.join(SITE_DIR, BAD_BLOCKS_PACK_PATH));
  await prepareShardedPacks(path.join(root, 'test/fixtures/site'));
  // The demo's docs with the demo's defaults (no layout): what a reader of `npm start` searches.
  await buildPack(path.join(root, 'docs'), path.join(SITE_DIR, DOCS_PACK_PATH), { now: () => new Date('2026-01-01T00:00:00Z') });
  await writeSearchExpected(pack, SEARCH_EXPECTED_FILE);
  await writeNodeParity(pack);
  await prepareFacetsPack();
  // The calibration round trip: fit on the fixture site's own title and heading queries, store in
  // a copy of the pack, and record the scores Node computes with it for workerd to match.
  const calibrated = path.join(SITE_DIR, CALIBRATED_PACK_PATH);
  await cp(pack, calibrated, { recursive: true });
  const samples = await labelledSignals(await calibrationDataset(path.join(root, 'test/fixtures/site')));
  const fitted = fitCalibration(samples, { datasets: ['test/fixtures/site'], createdAt: '2026-01-01T00:00:00.000Z' });
  await writeCalibration(calibrated, fitted);
  await writeSearchExpected(calibrated, SEARCH_EXPECTED_CALIBRATED_FILE);
  const stale = path.join(SITE_DIR, STALE_CALIBRATION_PACK_PATH);
  await cp(pack, stale, { recursive: true });
  await writeCalibration(stale, { ...fitted, signals: fitted.signals.slice(0, -1) });
  const model2vecPack = path.join(SITE_DIR, MODEL2VEC_PACK_PATH);
  const modelDir = await writeTinyModel2Vec(path.join(root, 'test/.generated/tiny-model2vec'));
  await buildPack(path.join(root, 'test/fixtures/site'), model2vecPack, { modelDir, now: () => new Date('2026-01-01T00:00:00Z'), layout: FIXTURE_LAYOUT });
  await writeSearchExpected(model2vecPack, SEARCH_EXPECTED_MODEL2VEC_FILE);
  const transformerPack = path.join(SITE_DIR, TRANSFORMER_PACK_PATH);
  const transformer = await writeTinyTransformer(path.join(root, 'test/.generated/tiny-transformer'));
  await buildPack(path.join(root, 'test/fixtures/site'), transformerPack, { transformer, now: () => new Date('2026-01-01T00:00:00Z'), layout: FIXTURE_LAYOUT });
  const ort = await importTransformer(transformer.onnx, transformer.tokenizer);
  try {
    await writeSearchExpected(transformerPack, SEARCH_EXPECTED_TRANSFORMER_FILE, (t) => ort.embedSequence(t.ids));
  } finally {
    await ort.release();
  }

  const expected = SEGMENT_SAMPLES.map((s) => ({ ...s, terms: terms(s.text, s.lang) }));
  await writeFile(path.join(SITE_DIR, SEGMENT_EXPECTED_FILE), JSON.stringify(expected));
  await prepareEmbedFixture(SITE_DIR);
  console.log(`prepared ${SITE_DIR}: pack ${summary.buildId}, ${summary.sections} sections`);
}

/**
 * The fixture site with FIXTURE_FACETS as facets (FACETS_PACK_PATH), and Node's answers to
 * FILTER_SAMPLES from it. Exported so it can be rebuilt alone:
 * `npx tsx -e "import('./test/support/prepare-site.ts').then((m) => m.prepareFacetsPack())"`.
 */
export async function prepareFacetsPack(): Promise<void> {
  const dir = path.join(SITE_DIR, FACETS_PACK_PATH);
  await buildPack(path.join(root, 'test/fixtures/site'), dir, { ingest: { facets: [...FIXTURE_FACETS] }, now: () => new Date('2026-01-01T00:00:00Z'), layout: FIXTURE_LAYOUT });
  const pack = await loadPack(fsPackSource(dir));
  const answers: FacetsExpected['answers'] = [];
  for (const sample of FILTER_SAMPLES) {
    const request = parseSearchRequest(sample, DEFAULT_SEARCH_OPTIONS);
    const outcome = await search(pack, request, DEFAULT_SEARCH_OPTIONS);
    if (outcome.warnings.length > 0) throw new Error(`${SEARCH_EXPECTED_FACETS_FILE}: ${sample.q}: ${JSON.stringify(outcome.warnings)}`);
    answers.push({ ...sample, results: comparable(outcome.results), applied: outcome.filters ?? null, counts: outcome.facets ?? null, cause: outcome.fallback?.cause ?? null });
  }
  const expected: FacetsExpected = { buildId: pack.manifest.buildId, answers };
  await writeFile(path.join(SITE_DIR, SEARCH_EXPECTED_FACETS_FILE), JSON.stringify(expected));
}

/** The pack of a page whose one section repeats the hostile query's words for HOSTILE_SECTION_BYTES (HOSTILE_PACK_PATH). */
async function prepareStallPack(): Promise<void> {
  const docs = path.join(root, 'test/.generated/stall-docs');
  await rm(docs, { recursive: true, force: true });
  await mkdir(docs, { recursive: true });
  const paragraph = `Then ${HOSTILE_QUERY}, and again.`;
  const body = Array.from({ length: Math.ceil(HOSTILE_SECTION_BYTES / (paragraph.length + 2)) }, () => paragraph).join('\n\n');
  await writeFile(path.join(docs, 'stall.md'), `# Stall\n\n## Everything at once\n\n${body}\n`);
  await writeFile(path.join(docs, 'index.md'), '# Welcome\n\nHow to deploy a worker and its routes.\n');
  await buildPack(docs, path.join(SITE_DIR, HOSTILE_PACK_PATH), { embedding: false, now: () => new Date('2026-01-01T00:00:00Z') });
}

/** A pack cut into shards (the format of large sites) and a copy with one shard damaged in place. */
async function prepareShardedPacks(docs: string): Promise<void> {
  const sharded = path.join(SITE_DIR, SHARDED_PACK_PATH);
  await buildPack(docs, sharded, { now: () => new Date('2026-01-01T00:00:00Z'), shards: { shardBytes: SHARDED_PACK_SHARD_BYTES }, layout: FIXTURE_LAYOUT });
  const bad = path.join(SITE_DIR, 'pack-bad-shard');
  await cp(sharded, bad, { recursive: true });
  await flipMiddleByte(path.join(bad, 'embedding.bin.001'));
}

/** A copy of `pack` with one byte of every section block flipped (the manifest unchanged). */
async function damageBlocks(pack: string, out: string): Promise<void> {
  await cp(pack, out, { recursive: true });
  const head = JSON.parse(await readFile(path.join(out, 'sections.json'), 'utf8')) as { blocks: Array<{ file: string }> };
  for (const block of head.blocks) await flipMiddleByte(path.join(out, block.file));
}

async function flipMiddleByte(file: string): Promise<void> {
  const bytes = await readFile(file);
  bytes[bytes.length >> 1] ^= 1;
  await writeFile(file, bytes);
}

/** Node's answers to SEARCH_SAMPLES from the pack, through the same pure pipeline the Worker runs. */
async function writeSearchExpected(packDir: string, file: string, embedder?: QueryEmbedder): Promise<void> {
  const pack = await loadPack(fsPackSource(packDir));
  const answers = [];
  for (const q of SEARCH_SAMPLES) {
    const request = parseSearchRequest({ q }, DEFAULT_SEARCH_OPTIONS);
    const outcome = await search(pack, request, DEFAULT_SEARCH_OPTIONS, embedder);
    if (outcome.warnings.length > 0) throw new Error(`${file}: ${q}: ${JSON.stringify(outcome.warnings)}`);
    answers.push({ q, results: comparable(outcome.results), confidence: comparableConfidence(outcome.confidence) });
  }
  const expected: SearchExpected = { buildId: pack.manifest.buildId, answers };
  await writeFile(path.join(SITE_DIR, file), JSON.stringify(expected));
}

// ---------------------------------------------------------------------------------------------
// Embedding fixtures (semantic route): the workerd test embeds EMBED_SAMPLES with the model in
// embed-test/ and compares its vectors with those ORT computed here, in Node.
// ---------------------------------------------------------------------------------------------

/** Write the embedding model, its corrupt and incompatible copies and Node's vectors. */
export async function prepareEmbedFixture(siteDir: string): Promise<void> {
  const dir = path.join(siteDir, EMBED_FIXTURE_DIR);
  await mkdir(dir, { recursive: true });
  const fixture = await buildEmbedFixture();
  await writeFile(path.join(dir, EMBED_FIXTURE_FILES.model), fixture.model);
  await writeFile(path.join(dir, EMBED_FIXTURE_FILES.corrupt), fixture.model.subarray(0, Math.floor(fixture.model.length / 2)));
  await writeFile(path.join(dir, EMBED_FIXTURE_FILES.incompatible), fixture.incompatible);
  await writeFile(path.join(dir, EMBED_FIXTURE_FILES.expected), JSON.stringify(fixture.expected));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await prepareSite();
}

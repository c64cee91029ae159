/**
 * `recall-box calibrate`: labelled signals from the withheld-documents protocol → a logistic fit
 * per strategy → confidence.json in the pack, which the loader then scores with. The workerd side
 * of the round trip (same scores in the Worker) is in test/worker/search.test.ts.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack } from '../../src/indexer/build-pack.ts';
import { calibrationDataset, labelledSignals, writeCalibration } from '../../src/cli/calibrate.ts';
import { OFF_TOPIC_QUERIES } from '../../src/datasets/off-topic-queries.ts';
import { fsPackSource } from '../../src/indexer/fs-source.ts';
import type { CalibrationFile } from '../../src/core/confidence/calibration.ts';
import { fitCalibration } from '../../src/indexer/confidence/fit.ts';
import { DEFAULT_CONFIDENCE_MODEL } from '../../src/core/confidence/score.ts';
import { loadPack } from '../../src/core/pack/load.ts';
import { DEFAULT_SEARCH_OPTIONS, search } from '../../src/core/index.ts';
import { parseSearchRequest } from '../../src/protocol/request.ts';
import { runCli } from '../support/cli.ts';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/site');

const run = runCli;

let root: string;
let pristine: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'recall-box-calibrate-'));
  pristine = path.join(root, 'pristine');
  await buildPack(SITE, pristine, { now: () => new Date('2026-01-01T00:00:00Z') });
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function copyOfPack(name: string): Promise<string> {
  const dir = path.join(root, name);
  await cp(pristine, dir, { recursive: true });
  return dir;
}

describe('calibrationDataset and labelledSignals', () => {
  it('makes reader-like queries of a docs folder and labels both classes through the pipeline', async () => {
    const dataset = await calibrationDataset(SITE);
    expect(dataset.queries.length).toBeGreaterThan(20);
    // Headings asked as questions and sentences of the prose, not only the docs' titles.
    expect(dataset.queries.some((q) => q.text.startsWith('how do i '))).toBe(true);
    expect(dataset.queries.some((q) => q.text.split(' ').length >= 6 && !q.text.startsWith('how do i '))).toBe(true);
    const samples = await labelledSignals(dataset);
    expect(samples.some((s) => s.answerable)).toBe(true);
    expect(samples.some((s) => !s.answerable)).toBe(true);
    // Answerable queries, on average, look more answerable: the signals carry the label (the best
    // match holds more of their rare words than a withheld page's queries find elsewhere).
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const covered = (answerable: boolean) => mean(samples.filter((s) => s.answerable === answerable).map((s) => s.signals.weightedCoverage ?? 0));
    expect(covered(true)).toBeGreaterThan(covered(false));
    // The everyday off-topic questions follow, unanswerable and marked, mostly with a word the docs never mention.
    const offTopic = samples.filter((s) => s.offTopic);
    expect(offTopic.length).toBe(OFF_TOPIC_QUERIES.length);
    expect(offTopic.every((s) => !s.answerable)).toBe(true);
    expect(mean(offTopic.map((s) => s.signals.known ?? 1))).toBeLessThan(mean(samples.filter((s) => s.answerable).map((s) => s.signals.known ?? 1)));
  }, 60_000);

  it('is deterministic for a seed, so a calibration can be reproduced', async () => {
    const dataset = await calibrationDataset(SITE);
    expect(await labelledSignals(dataset, 11)).toEqual(await labelledSignals(dataset, 11));
  }, 60_000);
});

describe('writeCalibration', () => {
  it('stores the fit in the pack, lists it in the manifest with a new buildId, and the loader scores with it', async () => {
    const dir = await copyOfPack('write');
    const before = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
    const file = fitCalibration(await labelledSignals(await calibrationDataset(SITE)), { datasets: ['site'], createdAt: '2026-01-01T00:00:00.000Z' });
    const manifest = await writeCalibration(dir, file);
    expect(manifest.buildId).not.toBe(before.buildId);
    expect(Object.keys(manifest.files)).toContain('confidence.json');
    expect(JSON.parse(await readFile(path.join(dir, 'confidence.json'), 'utf8'))).toEqual(file);

    const pack = await loadPack(fsPackSource(dir));
    expect(pack.manifest.buildId).toBe(manifest.buildId);
    expect(pack.confidence.calibrated).toBe(true);
    expect(pack.confidence.model.lookup.weights).toEqual(file.models.lookup.weights);
    expect(pack.confidence.model.lookup.weights).not.toEqual(DEFAULT_CONFIDENCE_MODEL.lookup.weights);
    // The other files are carried over byte for byte.
    const stored = Object.values(before.files as Record<string, { shards: { name: string }[] }>).flatMap((f) => f.shards.map((s) => s.name));
    expect(stored.length).toBeGreaterThan(Object.keys(before.files).length); // embedding.bin is in shards
    for (const name of stored) {
      // Buffer.equals: a deep toEqual over the 4 MB embedding matrix takes seconds.
      expect((await readFile(path.join(dir, name))).equals(await readFile(path.join(pristine, name))), name).toBe(true);
    }
  }, 60_000);

  it('sets aside a calibration fitted on another version’s signals: the defaults answer, every search says why', async () => {
    const dir = await copyOfPack('stale');
    const file = fitCalibration(await labelledSignals(await calibrationDataset(SITE)), { datasets: ['site'], createdAt: '2026-01-01T00:00:00.000Z' });
    // As a version with one signal fewer wrote it.
    const older = { ...file, signals: file.signals.slice(0, -1) };
    await writeCalibration(dir, older as CalibrationFile);
    const pack = await loadPack(fsPackSource(dir));
    expect(pack.confidence.calibrated).toBe(false);
    expect(pack.confidence.model).toBe(DEFAULT_CONFIDENCE_MODEL);
    expect(pack.confidence.warning?.code).toBe('INDEX_VERSION_MISMATCH');
    const outcome = await search(pack, parseSearchRequest({ q: 'routing' }, DEFAULT_SEARCH_OPTIONS), DEFAULT_SEARCH_OPTIONS);
    expect(outcome.confidence.calibrated).toBe(false);
    expect(outcome.warnings.map((w) => w.code)).toContain('INDEX_VERSION_MISMATCH');
    // A damaged calibration still refuses the pack.
    await writeCalibration(dir, { ...file, thresholds: { high: 0.1, medium: 0.5, uncertain: 0.9 } });
    await expect(loadPack(fsPackSource(dir))).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
  }, 60_000);

  it('replaces an earlier calibration rather than adding a second', async () => {
    const dir = await copyOfPack('twice');
    const samples = await labelledSignals(await calibrationDataset(SITE));
    const first = await writeCalibration(dir, fitCalibration(samples, { datasets: ['a'], createdAt: '2026-01-01T00:00:00.000Z' }));
    const second = await writeCalibration(dir, fitCalibration(samples, { datasets: ['b'], createdAt: '2026-01-02T00:00:00.000Z' }));
    expect(second.buildId).not.toBe(first.buildId);
    const stored = JSON.parse(await readFile(path.join(dir, 'confidence.json'), 'utf8')) as CalibrationFile;
    expect(stored.fittedOn.datasets).toEqual(['b']);
    expect((await readdir(dir)).filter((n) => n.startsWith('confidence'))).toEqual(['confidence.json']);
  }, 60_000);

  it('refuses a folder without a pack (INDEX_MISSING) and creates nothing', async () => {
    const empty = path.join(root, 'no-pack');
    const file = fitCalibration(await labelledSignals(await calibrationDataset(SITE)), { datasets: ['site'], createdAt: '2026-01-01T00:00:00.000Z' });
    await expect(writeCalibration(empty, file)).rejects.toMatchObject({ code: 'INDEX_MISSING' });
    await expect(readdir(empty)).rejects.toMatchObject({ code: 'ENOENT' });
  }, 60_000);

  it('refuses a pack missing a file its manifest lists (INDEX_CORRUPT) and leaves it as it was', async () => {
    const dir = await copyOfPack('broken');
    await rm(path.join(dir, 'sections.json'));
    const manifestBefore = await readFile(path.join(dir, 'manifest.json'), 'utf8');
    const file = fitCalibration(await labelledSignals(await calibrationDataset(SITE)), { datasets: ['site'], createdAt: '2026-01-01T00:00:00.000Z' });
    await expect(writeCalibration(dir, file)).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    expect(await readFile(path.join(dir, 'manifest.json'), 'utf8')).toBe(manifestBefore);
  }, 60_000);
});

describe('recall-box calibrate --questions (thresholds on the site\'s own reader questions)', () => {
  // Everyday questions the fixture's docs do not answer, and two they do.
  const UNANSWERABLE = OFF_TOPIC_QUERIES.slice(0, 40);
  const ANSWERABLE = [
    { query: 'how do i register a handler for a post request', url: '/guides/routing/' },
    { query: 'ship my app to cloudflare workers', url: '/guides/deploying/' },
  ];
  const questionLines = (unanswerable: readonly string[]) =>
    [...ANSWERABLE.map((q) => JSON.stringify(q)), ...unanswerable.map((query) => JSON.stringify({ query, unanswerable: true }))].join('\n') + '\n';

  it('places the default model\'s thresholds so that the calibrated pack answers at most 5% of the unanswerable ones', async () => {
    const dir = await copyOfPack('questions');
    const file = path.join(root, 'questions.jsonl');
    await writeFile(file, questionLines(UNANSWERABLE));
    const r = await run(['calibrate', '--questions', file, '--pack', dir]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`${ANSWERABLE.length} answerable and ${UNANSWERABLE.length} unanswerable questions`);
    const stored = JSON.parse(await readFile(path.join(dir, 'confidence.json'), 'utf8')) as CalibrationFile;
    expect(stored.models).toEqual(JSON.parse(JSON.stringify(DEFAULT_CONFIDENCE_MODEL)));
    expect(stored.fittedOn.questions).toEqual({ files: ['questions.jsonl'], rates: { answer: 0.05, show: 0.2 } });
    // The pack as the Worker loads it: its verdicts follow the new thresholds.
    const pack = await loadPack(fsPackSource(dir));
    expect(pack.confidence.calibrated).toBe(true);
    const outcomes = [];
    for (const q of UNANSWERABLE) outcomes.push((await search(pack, parseSearchRequest({ q }, DEFAULT_SEARCH_OPTIONS), DEFAULT_SEARCH_OPTIONS)).confidence.outcome);
    expect(outcomes.filter((o) => o === 'answer').length).toBeLessThanOrEqual(Math.floor(0.05 * UNANSWERABLE.length));
    expect(outcomes.filter((o) => o !== 'fallback').length).toBeLessThanOrEqual(Math.floor(0.2 * UNANSWERABLE.length));
    expect(r.out).toContain(`pack ${pack.manifest.buildId}`);
  }, 60_000);

  it('returns 1 with CALIBRATION_FAILED\'s message for fewer than 20 unanswerable questions, and leaves the pack as it was', async () => {
    const dir = await copyOfPack('questions-few');
    const before = await readFile(path.join(dir, 'manifest.json'), 'utf8');
    const file = path.join(root, 'few.jsonl');
    await writeFile(file, questionLines(UNANSWERABLE.slice(0, 19)));
    const r = await run(['calibrate', '--questions', file, '--pack', dir]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^recall-box: CALIBRATION_FAILED: thresholds need at least 20 questions the docs do not answer/);
    expect(await readFile(path.join(dir, 'manifest.json'), 'utf8')).toBe(before);
  }, 60_000);

  it('returns 1 naming the file and line of a question that is neither answerable nor marked unanswerable', async () => {
    const file = path.join(root, 'unmarked.jsonl');
    await writeFile(file, questionLines(UNANSWERABLE) + JSON.stringify({ query: 'no url, no mark' }) + '\n');
    const r = await run(['calibrate', '--questions', file, '--pack', await copyOfPack('questions-bad')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${file}:${ANSWERABLE.length + UNANSWERABLE.length + 1}: neither a "url"`);
  });

  it.each([
    ['no --pack', ['calibrate', '--questions', 'q.jsonl']],
    ['--dataset beside it', ['calibrate', '--questions', 'q.jsonl', '--dataset', SITE, '--pack', 'p']],
  ])('returns 2 with the usage for %s', async (_name, argv) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/calibrate --questions/);
  });

  it('belongs to calibrate: build refuses it', async () => {
    const r = await run(['build', SITE, '--questions', 'q.jsonl']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--questions belongs to `calibrate`/);
  });
});

describe('recall-box calibrate (CLI)', () => {
  it('prints the fit per strategy and stores nothing without --pack', async () => {
    const r = await run(['calibrate', '--dataset', SITE]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`\\d+ answerable and \\d+ unanswerable queries, and ${OFF_TOPIC_QUERIES.length} off-topic questions`));
    for (const strategy of ['lookup', 'question', 'overview']) expect(r.out).toContain(`${strategy}:`);
    // The thresholds, ordered as the verdict needs them.
    const [, high, medium, uncertain] = r.out.match(/thresholds: high ([\d.]+), answer ([\d.]+), uncertain ([\d.]+)/)!.map(Number);
    expect(high).toBeGreaterThanOrEqual(medium!);
    expect(medium).toBeGreaterThanOrEqual(uncertain!);
    expect(r.out).toContain('not stored');
  }, 60_000);

  it('stores the fit with --pack and reports the new buildId', async () => {
    const dir = await copyOfPack('cli');
    const r = await run(['calibrate', '--dataset', SITE, '--pack', dir]);
    expect(r.code).toBe(0);
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
    expect(r.out).toContain(`pack ${manifest.buildId}`);
    expect((await loadPack(fsPackSource(dir))).confidence.calibrated).toBe(true);
  }, 60_000);

  it.each([
    ['no --dataset', ['calibrate']],
    ['a positional argument', ['calibrate', SITE]],
    ['--queries with two datasets', ['calibrate', '--dataset', SITE, '--dataset', SITE, '--queries', 'q.jsonl']],
  ])('returns 2 with the usage for %s', async (_name, argv) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/calibrate/);
  });

  it('returns 1 with a clear message for a dataset folder that does not exist', async () => {
    const r = await run(['calibrate', '--dataset', path.join(root, 'nowhere')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^recall-box: /);
    expect(r.err).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it('returns 1 naming the problem when the queries file is not JSON lines', async () => {
    const queries = path.join(root, 'bad.jsonl');
    await writeFile(queries, 'not json\n');
    const r = await run(['calibrate', '--dataset', SITE, '--queries', queries]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^recall-box: /);
  });
});

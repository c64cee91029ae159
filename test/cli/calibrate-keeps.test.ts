/**
 * `recall-box calibrate`, both modes, on a docs site of the suite (the Hono docs in ../shared,
 * with their reader questions in bench/queries): the calibrated pack answers those questions with
 * no lower precision (answered → page in the top 3) and no lower recall (first result right →
 * answered) than the default verdict (issue 50; indexer/confidence/guard.ts). Skipped, with the
 * reason, without ../shared.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack } from '../../src/indexer/build-pack.ts';
import { fsPackSource } from '../../src/indexer/fs-source.ts';
import { loadPack } from '../../src/core/pack/load.ts';
import { DEFAULT_SEARCH_OPTIONS, search } from '../../src/core/index.ts';
import { parseKnownItemQueries, pageUrlOf } from '../../src/datasets/docs.ts';
import { precisionRecall, type GuardedQuestion, type PrecisionRecall } from '../../src/indexer/confidence/guard.ts';
import type { ConfidenceOutcome } from '../../src/core/confidence/levels.ts';
import { runCli } from '../support/cli.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HONO = path.resolve(repo, '../shared/corpora/hono-docs/docs');
const QUESTIONS = ['hono-questions.jsonl', 'hono-unanswerable.jsonl'].map((f) => path.join(repo, 'bench', 'queries', f));

let root: string;
let pristine: string;

/** Precision and recall of the pack in `dir` on the questions, as the Worker answers them. */
async function figures(dir: string): Promise<PrecisionRecall> {
  const pack = await loadPack(fsPackSource(dir));
  const questions: GuardedQuestion[] = [];
  const outcomes: ConfidenceOutcome[] = [];
  for (const file of QUESTIONS) {
    for (const q of parseKnownItemQueries(await readFile(file, 'utf8'), file)) {
      const out = await search(pack, { q: q.query, limit: 10, lang: null }, DEFAULT_SEARCH_OPTIONS);
      const pages = [...new Set(out.results.map((r) => pageUrlOf(r.url)))];
      const at = q.url === undefined ? -1 : pages.indexOf(pageUrlOf(q.url));
      questions.push({ answerable: !q.unanswerable, rank: at >= 0 ? at + 1 : null });
      outcomes.push(out.confidence.outcome);
    }
  }
  return precisionRecall(questions, outcomes);
}

async function copyOfPack(name: string): Promise<string> {
  const dir = path.join(root, name);
  await cp(pristine, dir, { recursive: true });
  return dir;
}

describe.skipIf(!existsSync(HONO))(`calibrate never costs precision or recall on a site of the suite (needs ${path.relative(repo, HONO)})`, () => {
  let defaults: PrecisionRecall;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'recall-box-calibrate-keeps-'));
    pristine = path.join(root, 'pristine');
    await buildPack(HONO, pristine);
    defaults = await figures(pristine);
  }, 300_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  const noLower = (before: PrecisionRecall, after: PrecisionRecall) => {
    expect(after.precision!).toBeGreaterThanOrEqual(before.precision!);
    expect(after.recall!).toBeGreaterThanOrEqual(before.recall!);
  };

  it('--questions: the thresholds placed on the site\'s questions', async () => {
    const dir = await copyOfPack('questions');
    const { code, out } = await runCli(['calibrate', '--questions', QUESTIONS.join(','), '--pack', dir]);
    expect(code).toBe(0);
    expect(out).toMatch(/defaults → calibrated: precision/);
    noLower(defaults, await figures(dir));
  }, 300_000);

  it('--dataset: the model fitted on the withheld-pages queries, or the defaults kept', async () => {
    const dir = await copyOfPack('dataset');
    const { code, out } = await runCli(['calibrate', '--dataset', HONO, '--pack', dir]);
    expect(code).toBe(0);
    expect(out).toMatch(/defaults → fitted: precision/);
    noLower(defaults, await figures(dir));
  }, 300_000);
});

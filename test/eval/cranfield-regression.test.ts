/**
 * Quality gate on Cranfield: the whole harness (loader, every system, metrics) in one run, failing
 * when `recall-box:full` ranks worse (nDCG@10) than `recall-box:keyword` or than the best peer
 * measured in the same run, or when fusing the vector route gains less than 0.02 over the keyword
 * route alone. Skipped, with the reason printed, when the collection is not checked
 * out next to the repository (`../shared/datasets/cranfield`).
 *
 * The run includes the withheld-documents protocol, as `npm run eval` does: it costs one more
 * indexing pass per recall-box system (~3 s of a ~35 s run, measured), and so CI also catches a
 * system that breaks in the protocol. Its figures are not gated: they are reported, not targets.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/datasets/index.ts';
import { bestPeer } from '../../src/eval/report.ts';
import { evaluate, type Evaluation } from '../../src/eval/run.ts';
import { allSystems } from '../../src/eval/systems/index.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cranfield = path.resolve(projectRoot, '../shared/datasets/cranfield');
const hasCranfield = existsSync(path.join(cranfield, 'cran.all.1400'));
/** Bound on the whole run (~60 s here: four recall-box configurations, each with evidence for 100 hits per query, plus the peers and the protocol); CI must not hang. */
const TIMEOUT_MS = 450_000;

/**
 * Systems this gate does not compare, left out of its run: recall-box without expansion, with the
 * equal fusion vote of before issue 18 (recall-box:hybrid keeps it), with the proportional vote or
 * the link-graph boost (the suite's comparison columns), and the
 * peers configured as docs sites run them (issue 16's reader-query comparisons; Pagefind, which
 * must match every term, scores nDCG@10 0.014 on Cranfield's questions). None is a gate
 * here, and they would add about half again to the run (`npm run eval -- --dataset
 * ../shared/datasets/cranfield --no-confidence --systems minisearch:vitepress`: 59 ms a query).
 */
const NOT_GATED: ReadonlySet<string> = new Set([
  'recall-box:exact',
  'recall-box:equal-vote',
  'recall-box:linear-vote',
  'recall-box:graph-boost',
  // The recall pools and the reranker's ablation: comparison columns of `npm run eval`, the same
  // pipeline class as recall-box:full with one option changed (those options are tested in
  // test/core: rank/pools, search); two more passes with evidence and the protocol: 79 s → 57 s alone
  // (`npx vitest run --config vitest.unit.config.ts test/eval/cranfield-regression.test.ts`).
  'recall-box:full+pools',
  'recall-box:no-rerank',
  'minisearch:vitepress',
  'orama:english-typo',
  'pagefind:starlight',
]);

if (!hasCranfield) console.warn(`cranfield-regression: SKIPPED, no Cranfield collection at ${cranfield} (cran.all.1400, cran.qry, cranqrel)`);

describe.skipIf(!hasCranfield)(`Cranfield regression (needs ${path.relative(projectRoot, cranfield)})`, () => {
  let evaluation: Evaluation;
  const score = (name: string) => {
    const s = evaluation.systems.find((x) => x.name === name);
    if (!s) throw new Error(`system '${name}' did not run; systems: ${evaluation.systems.map((x) => x.name).join(', ')}`);
    return s.ndcg10;
  };

  it(
    'runs every system on all 225 queries (every Cranfield query has a relevant judgement), and the protocol',
    async () => {
      const { dataset } = await loadDataset(cranfield);
      evaluation = await evaluate(dataset, () => allSystems().filter((s) => !NOT_GATED.has(s.name)));
      expect(evaluation.docs).toBe(1400);
      expect(evaluation.evaluated).toBe(225);
      expect(evaluation.graded).toBe(true);
      expect(evaluation.systems.some((s) => s.peer)).toBe(true);
      const protocol = evaluation.confidence!;
      // Query-targeted withholding: every query is answerable, unanswerable or partial (left out
      // of the confidence figures), and the withheld share makes the unanswerable class non-empty.
      expect(protocol.answerable + protocol.unanswerable + protocol.partial).toBe(225);
      expect(protocol.unanswerable).toBeGreaterThan(0);
      expect(protocol.answerable).toBeGreaterThan(0);
      expect(protocol.bySystem.map((c) => c.name)).toContain('recall-box:full');
    },
    TIMEOUT_MS,
  );

  it('recall-box:full scores at least recall-box:keyword (nDCG@10)', () => {
    expect(score('recall-box:full'), 'recall-box:full nDCG@10 vs recall-box:keyword').toBeGreaterThanOrEqual(score('recall-box:keyword'));
  });

  it('recall-box:hybrid (keyword + vector, fused) scores at least 0.02 above the keyword route alone (nDCG@10)', () => {
    // Issue 4's acceptance. Measured: 0.4054 vs 0.3814 (+0.024); the vector route alone 0.408.
    expect(score('recall-box:hybrid') - score('recall-box:keyword'), 'hybrid − keyword').toBeGreaterThanOrEqual(0.02);
    expect(score('recall-box:vector'), 'the vector route alone ran').toBeGreaterThan(0);
  });

  it('recall-box:hybrid scores at least the best peer of the same run (nDCG@10)', () => {
    const best = bestPeer(evaluation.systems)!;
    expect(score('recall-box:hybrid'), `recall-box:hybrid nDCG@10 vs best peer ${best.name}`).toBeGreaterThanOrEqual(best.ndcg10);
  });

  it('recall-box:full scores at least the best peer of the same run (nDCG@10)', () => {
    const best = bestPeer(evaluation.systems)!;
    expect(score('recall-box:full'), `recall-box:full nDCG@10 vs best peer ${best.name}`).toBeGreaterThanOrEqual(best.ndcg10);
  });

  it('applies each peer\'s tuned English setup (a mis-wired peer would make the comparison unfair)', () => {
    // Measured gaps are 0.04–0.27: a gap this large vanishes only if the setup is not applied.
    expect(score('minisearch:english')).toBeGreaterThan(score('minisearch:default') + 0.01);
    expect(score('orama:english')).toBeGreaterThan(score('orama:default') + 0.01);
    expect(score('flexsearch:best')).toBeGreaterThan(score('flexsearch:default') + 0.01);
  });
});

/**
 * Where the per-strategy `medium` thresholds (src/core/confidence/levels.ts) come from: for each
 * strategy and each threshold from 0.20 to 0.80, the share of answerable and of unanswerable
 * queries the default model answers, per collection, on calibrate's split (CALIBRATION_SEED, not
 * the harness's), with Youden's J (answerable answered − unanswerable answered) pooled and averaged
 * over the collections.
 *
 *   npx tsx scripts/confidence-thresholds.ts ../shared/datasets/cranfield ../shared/corpora/astro-docs/en ../shared/corpora/hono-docs/docs
 *
 * Docs folders get title and heading known-item queries (calibrationDataset).
 */
import { calibrationDataset, labelledSignals } from '../src/cli/calibrate.ts';
import { QUERY_STRATEGIES, confidenceScore } from '../src/core/index.ts';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  process.stderr.write('usage: npx tsx scripts/confidence-thresholds.ts <dataset-dir>...\n');
  process.exit(2);
}
/** Thresholds tried: 0.20, 0.25, … 0.80. */
const THRESHOLDS = Array.from({ length: 13 }, (_, i) => 0.2 + i * 0.05);

const rows: Array<{ dataset: string; strategy: string; score: number; answerable: boolean }> = [];
for (const dir of dirs) {
  const dataset = await calibrationDataset(dir);
  for (const s of await labelledSignals(dataset)) rows.push({ dataset: dataset.name, strategy: s.strategy, score: confidenceScore(s.signals, s.strategy), answerable: s.answerable });
}

/** Shares answered at threshold t: of the answerable (ta) and of the unanswerable (fu). */
function shares(xs: typeof rows, t: number): { ta: number; fu: number } {
  const answerable = xs.filter((x) => x.answerable);
  const unanswerable = xs.filter((x) => !x.answerable);
  const at = (ys: typeof rows) => (ys.length === 0 ? 0 : ys.filter((y) => y.score >= t).length / ys.length);
  return { ta: at(answerable), fu: at(unanswerable) };
}

for (const strategy of QUERY_STRATEGIES) {
  const own = rows.filter((r) => r.strategy === strategy);
  const datasets = [...new Set(own.map((r) => r.dataset))];
  console.log(`\n${strategy}: ${datasets.map((d) => `${d} ${own.filter((r) => r.dataset === d && r.answerable).length}/${own.filter((r) => r.dataset === d && !r.answerable).length}`).join('; ')}`);
  console.log(`| threshold | J pooled | J mean | ${datasets.map((d) => `${d} answerable / unanswerable answered`).join(' | ')} |`);
  for (const t of THRESHOLDS) {
    const pooled = shares(own, t);
    const per = datasets.map((d) => shares(own.filter((r) => r.dataset === d), t));
    const meanJ = per.reduce((sum, p) => sum + p.ta - p.fu, 0) / per.length;
    const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
    console.log(`| ${t.toFixed(2)} | ${(pooled.ta - pooled.fu).toFixed(3)} | ${meanJ.toFixed(3)} | ${per.map((p) => `${pct(p.ta)} / ${pct(p.fu)}`).join(' | ')} |`);
  }
}

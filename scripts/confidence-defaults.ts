/**
 * How DEFAULT_CONFIDENCE_MODEL (src/core/confidence/score.ts) was fitted: the calibration of
 * `recall-box calibrate`, on several collections pooled, printed with each collection's AUROC
 * under the pooled fit and under the current defaults.
 *
 *   npx tsx scripts/confidence-defaults.ts ../shared/datasets/cranfield ../shared/corpora/astro-docs/en ../shared/corpora/hono-docs/docs
 *
 * Docs folders get title and heading known-item queries (calibrationDataset).
 */
import { calibrationDataset, labelledSignals } from '../src/cli/calibrate.ts';
import { DEFAULT_CONFIDENCE_MODEL, confidenceScore, fitCalibration, modelFromCalibration, type CalibrationSample, type ConfidenceModel } from '../src/core/index.ts';
import { auroc } from '../src/eval/metrics.ts';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  process.stderr.write('usage: npx tsx scripts/confidence-defaults.ts <dataset-dir>...\n');
  process.exit(2);
}
const byDataset = new Map<string, CalibrationSample[]>();
for (const dir of dirs) {
  const dataset = await calibrationDataset(dir);
  const samples = await labelledSignals(dataset);
  byDataset.set(dataset.name, samples);
  process.stderr.write(`${dataset.name}: ${samples.filter((s) => s.answerable).length} answerable, ${samples.filter((s) => !s.answerable).length} unanswerable\n`);
}
const all = [...byDataset.values()].flat();
const file = fitCalibration(all, { datasets: [...byDataset.keys()], createdAt: new Date().toISOString() });
const fitted = modelFromCalibration(file);
const rounded = (r: Readonly<Record<string, number>>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Math.round(v * 100) / 100]));
// Printed as the TypeScript of DEFAULT_CONFIDENCE_MODEL's entries, to paste.
const literal = (r: Readonly<Record<string, number>>) => `{ ${Object.entries(rounded(r)).map(([k, v]) => `${k}: ${v}`).join(', ')} }`;
for (const [strategy, m] of Object.entries(file.models)) {
  const counts = file.fittedOn.byStrategy[strategy as keyof typeof file.models];
  console.log(`  // ${counts.answerable} answerable / ${counts.unanswerable} unanswerable; ${counts.model} model`);
  console.log(`  ${strategy}: model(\n    ${m.bias.toFixed(2)},\n    ${literal(m.weights)},\n    ${literal(m.impute)},\n  ),`);
}
const measure = (model: ConfidenceModel, samples: CalibrationSample[]) => auroc(samples.map((s) => ({ score: confidenceScore(s.signals, s.strategy, model), positive: s.answerable })));
console.log('| dataset | queries | AUROC pooled fit | AUROC defaults |');
console.log('| --- | --- | --- | --- |');
for (const [name, samples] of byDataset) console.log(`| ${name} | ${samples.length} | ${measure(fitted, samples).toFixed(3)} | ${measure(DEFAULT_CONFIDENCE_MODEL, samples).toFixed(3)} |`);

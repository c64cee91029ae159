/**
 * `recall-box calibrate`: the verdict's model fitted on labelled queries (the withheld-documents
 * protocol, calibrate.ts), or its thresholds placed on the site's own reader questions; printed,
 * and stored in the pack as confidence.json.
 */
import type { CalibrationFile } from '../core/index.ts';
import { failure } from './failure.ts';
import { fitCalibration } from '../indexer/confidence/fit.ts';
import { calibrationDataset, checkCalibration, labelledSignals, questionsCalibration, writeCalibration, type LabelledQuery } from './calibrate.ts';
import type { PrecisionRecall } from '../indexer/confidence/guard.ts';
import { USAGE } from './usage.ts';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const figures = (f: PrecisionRecall) => `precision ${f.precision === null ? '–' : percent(f.precision)}, recall ${f.recall === null ? '–' : percent(f.recall)}`;

/** The flags `calibrate` reads. */
export type CalibrateValues = { dataset?: string[]; queries?: string; questions?: string[]; pack?: string };
type Print = (s: string) => void;

/** Stores a calibration in the pack (rewritten, new buildId) and says so. */
async function storeCalibration(pack: string, file: CalibrationFile, out: Print): Promise<number> {
  const manifest = await writeCalibration(pack, file);
  out(`recall-box: stored confidence.json in ${pack} (pack ${manifest.buildId})`);
  return 0;
}

/** A failed calibrate as one line (failure.ts), exit code 1. */
function calibrateFailed(e: unknown, err: Print): number {
  err(failure('calibrate', e));
  return 1;
}

/** `recall-box calibrate --questions`: the default model's thresholds placed on the site's own reader questions, stored in the pack. */
async function calibrateOnQuestions(
  values: CalibrateValues,
  positionals: string[],
  out: Print,
  err: Print,
): Promise<number> {
  if (values.pack === undefined || values.dataset !== undefined || values.queries !== undefined || positionals.length > 0) {
    err(`recall-box: expected \`calibrate --questions <file.jsonl>[,<file.jsonl>…] --pack <pack-dir>\` (the questions are searched in that pack; no --dataset).\n\n${USAGE}`);
    return 2;
  }
  const files = values.questions!.flatMap((v) => v.split(',')).filter((f) => f !== '');
  try {
    const { file, report } = await questionsCalibration(values.pack, files, new Date().toISOString());
    const t = file.thresholds!;
    const rates = file.fittedOn.questions!.rates;
    out(`recall-box: ${report.answerable} answerable and ${report.unanswerable} unanswerable questions (${files.join(', ')}), searched in ${values.pack}`);
    out(`  thresholds: high ${t.high}, answer ${t.medium}, uncertain ${t.uncertain} (default model; at most ${percent(rates.answer)} of the unanswerable answered, ${percent(rates.show)} answered or uncertain)`);
    if (report.placed !== undefined && report.placed !== t.medium) out(`  the questions placed the answer bar at ${report.placed}; it is set at ${t.medium}, the nearest to that which lowers neither precision nor recall against the defaults' on them (and on each half of them)`);
    if (report.guard) out(`  on these questions, defaults → calibrated: ${figures(report.guard.before)} → ${figures(report.guard.after)}`);
    out(
      `  on these questions: ${percent(report.answered)} of the answerable answered, ${percent(report.shownInTop3)} shown with their page in the top 3; ` +
        `of the unanswerable ${percent(report.unanswerableAnswered)} answered, ${percent(report.unanswerableUncertain)} uncertain (the questions the thresholds were placed on: judge them on others)`,
    );
    return await storeCalibration(values.pack, file, out);
  } catch (e) {
    return calibrateFailed(e, err);
  }
}

/** `recall-box calibrate`: label queries by the withheld-documents protocol, fit, store in the pack. */
export async function calibrateCommand(
  values: CalibrateValues,
  positionals: string[],
  out: Print,
  err: Print,
): Promise<number> {
  if (values.questions !== undefined) return calibrateOnQuestions(values, positionals, out, err);
  const datasets = values.dataset ?? [];
  if (datasets.length === 0 || positionals.length > 0) {
    err(`recall-box: expected \`calibrate --dataset <dir> [--pack <pack-dir>]\`.\n\n${USAGE}`);
    return 2;
  }
  if (values.queries !== undefined && datasets.length > 1) {
    err('recall-box: --queries belongs to a single --dataset; calibrate on several datasets without it.');
    return 2;
  }
  try {
    const samples: LabelledQuery[] = [];
    const names = [];
    for (const dir of datasets) {
      const dataset = await calibrationDataset(dir, values.queries);
      const labelled = await labelledSignals(dataset);
      const offTopic = labelled.filter((s) => s.offTopic).length;
      out(`recall-box: ${dataset.name}: ${labelled.filter((s) => s.answerable).length} answerable and ${labelled.filter((s) => !s.answerable).length - offTopic} unanswerable queries, and ${offTopic} off-topic questions`);
      samples.push(...labelled);
      names.push(dataset.name);
    }
    const file = fitCalibration(samples, { datasets: names, createdAt: new Date().toISOString() });
    for (const [strategy, model] of Object.entries(file.models)) {
      const counts = file.fittedOn.byStrategy[strategy as keyof typeof file.models];
      const weights = Object.entries(model.weights).map(([n, w]) => `${n} ${w.toFixed(2)}`).join(', ');
      out(`  ${strategy}: ${counts.answerable}/${counts.unanswerable} queries, ${counts.model} model; bias ${model.bias.toFixed(2)}; ${weights}`);
    }
    const t = file.thresholds!;
    out(`  thresholds: high ${t.high}, answer ${t.medium}, uncertain ${t.uncertain} (the defaults' operating point on these queries)`);
    // A calibration never costs the verdict precision or recall on the queries it was fitted on (guard.ts).
    const check = checkCalibration(samples, file);
    out(`  on these queries, defaults → fitted: ${figures(check.before)} → ${figures(check.after)}`);
    if (!check.keeps) {
      out('recall-box: the fit would lower the precision or the recall of the default verdict on these queries: kept the defaults, nothing stored.');
      return 0;
    }
    if (values.pack === undefined) {
      out('recall-box: no --pack given: the fit was not stored.');
      return 0;
    }
    return await storeCalibration(values.pack, file, out);
  } catch (e) {
    return calibrateFailed(e, err);
  }
}

/**
 * `npm run eval` — retrieval quality and confidence honesty of recall-box and its peers, in one run:
 *
 *   npm run eval -- --dataset <dir> [--queries <file.jsonl>] [--json <out.json>] [--out <folder>]
 *                   [--base-url /] [--systems name,name] [--no-confidence]
 *
 * --dataset   a SMART collection (Cranfield), a BEIR folder, or a docs folder (then --queries is
 *             required: JSONL of {"query", "url"}, e.g. from scripts/title-queries.ts, and of
 *             {"query", "unanswerable": true}; several files comma-separated, e.g.
 *             bench/queries/hono-questions.jsonl,bench/queries/hono-unanswerable.jsonl)
 * --json      writes the JSON report to this file
 * --out       writes report.md, results.json and selective-answering.svg into this folder
 * --base-url  URL path a docs folder is served under (as for `recall-box build`; default /)
 * --systems   only these systems (comma-separated names as listed in the report)
 * --no-confidence  skips the withheld-documents protocol
 *
 * Prints the markdown report on stdout and progress on stderr. Exit 2 on bad arguments or input.
 *
 *   npm run eval -- --suite [--systems name,name] [--json <out.json>] [--shared ../shared]
 *
 * --suite     every collection found under the shared data folder (--shared, default ../shared from
 *             the repository): Cranfield, CISI and any BEIR folder (nDCG@10), the Astro and Hono docs
 *             with title, heading, as-you-type, typo and reader question sets (MRR@10 at page level),
 *             as ONE table with a macro-average (src/eval/suite.ts). Each system indexes each
 *             collection once; recall-box:keyword, :vector, :full and every peer unless --systems;
 *             no confidence protocol. Missing collections are skipped with a line on stderr.
 *
 *   npm run eval -- --dataset <docs-dir> --html-site <built-site-dir> [--systems a,b] [--json <out.json>] [--base-url /]
 *
 * --html-site a built site of the same docs (e.g. from scripts/starlight-like-site.ts): the title
 *             and heading queries made from the SOURCES are asked of the pack built from the sources
 *             and of the pack `recall-box build --html <dir>` builds, as one table (MRR@10,
 *             success@1/3/10; src/eval/html-site.ts). Default systems recall-box:keyword and
 *             recall-box:full; no confidence protocol; --queries does not apply.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calibrationFromFile, isRecallBoxError, type Calibration } from '../src/core/index.ts';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { loadDataset } from '../src/datasets/index.ts';
import { buildReport, plotSeries, renderMarkdown } from '../src/eval/report.ts';
import { evaluate } from '../src/eval/run.ts';
import { renderSuiteMarkdown, suiteJson } from '../src/eval/suite.ts';
import { runSuite, suiteSystems } from '../src/eval/suite-run.ts';
import { HTML_SITE_SYSTEMS, renderHtmlSiteMarkdown, runHtmlSiteComparison } from '../src/eval/html-site.ts';
import { selectiveAnsweringSvg } from '../src/eval/svg.ts';
import { allSystems } from '../src/eval/systems/index.ts';
import type { EvalSystem } from '../src/eval/types.ts';
import { readHeldOutModels, RERANK_HELD_OUT_FILE } from '../src/eval/rerank-held-out.ts';

const USAGE =
  'usage: npm run eval -- --dataset <dir> [--queries <file.jsonl>] [--json <out.json>] [--out <folder>] [--base-url /] [--systems a,b] [--no-confidence] [--calibration <pack>/confidence.json]\n' +
  '       npm run eval -- --suite [--systems a,b] [--json <out.json>] [--shared <dir>]\n' +
  '       npm run eval -- --dataset <docs-dir> --html-site <built-site-dir> [--systems a,b] [--json <out.json>] [--base-url /]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      dataset: { type: 'string' },
      queries: { type: 'string' },
      json: { type: 'string' },
      out: { type: 'string' },
      'base-url': { type: 'string' },
      systems: { type: 'string' },
      calibration: { type: 'string' },
      'no-confidence': { type: 'boolean', default: false },
      suite: { type: 'boolean', default: false },
      shared: { type: 'string' },
      'html-site': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.suite) {
  const clash = (['dataset', 'queries', 'out', 'base-url'] as const).filter((o) => values[o] !== undefined);
  if (clash.length > 0) fail(`--suite finds its own collections and query sets; it takes no ${clash.map((o) => `--${o}`).join(', ')}\n${USAGE}`);
} else if (values.shared !== undefined) {
  fail(`--shared applies to --suite only\n${USAGE}`);
}
if (values['html-site'] !== undefined) {
  // The comparison makes its own queries from the sources and runs no confidence protocol.
  const clash = (['suite', 'queries', 'out', 'calibration'] as const).filter((o) => values[o] !== undefined && values[o] !== false);
  if (clash.length > 0) fail(`--html-site makes its own title and heading queries; it takes no ${clash.map((o) => `--${o}`).join(', ')}\n${USAGE}`);
  if (!values.dataset) fail(`--html-site needs --dataset <docs-dir>: the sources the site was built from\n${USAGE}`);
}

const wanted = values.systems?.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
if (wanted) {
  const known = new Set(allSystems().map((s) => s.name));
  const unknown = wanted.filter((name) => !known.has(name));
  if (unknown.length > 0) fail(`unknown system(s): ${unknown.join(', ')}; known: ${[...known].join(', ')}`);
}
// A calibration (`recall-box calibrate` output: model and thresholds) judged instead of the defaults.
let confidence: Calibration | undefined;
if (values.calibration) {
  try {
    confidence = calibrationFromFile(JSON.parse(await readFile(values.calibration, 'utf8')));
  } catch (error) {
    fail(`--calibration ${values.calibration}: ${(error as Error).message}`);
  }
}
const makeSystems = (): EvalSystem[] => (wanted ? allSystems({ confidence }).filter((s) => wanted.includes(s.name)) : allSystems({ confidence }));

if (values.suite) {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const shared = path.resolve(values.shared ?? path.join(repo, '..', 'shared'));
  try {
    // A collection the default reranker was fitted on is ranked with the model fitted without it.
    const heldOut = readHeldOutModels(repo);
    if (heldOut.size > 0) console.error(`reranker: held-out models for ${[...heldOut.keys()].join(', ')} (${RERANK_HELD_OUT_FILE})`);
    const makeSuiteSystems = (collection?: string) => suiteSystems(allSystems({ confidence, rerankWeights: collection === undefined ? undefined : heldOut.get(collection) }), wanted);
    const { table, info } = await runSuite({ shared, repo, makeSystems: makeSuiteSystems, log: (line) => console.error(line) });
    process.stdout.write(renderSuiteMarkdown(table, info));
    if (values.json) {
      await mkdir(path.dirname(path.resolve(values.json)), { recursive: true });
      await writeFile(values.json, JSON.stringify(suiteJson(table, info), null, 2) + '\n');
      console.error(`wrote ${values.json}`);
    }
    console.error(`suite: total elapsed ${(info.elapsedMs / 60_000).toFixed(1)} min`);
  } catch (error) {
    if (isRecallBoxError(error)) fail(error.message);
    throw error;
  }
  process.exit(0);
}
if (!values.dataset) fail(`--dataset is required\n${USAGE}`);

if (values['html-site'] !== undefined) {
  const docsDir = path.resolve(values.dataset);
  try {
    const comparison = await runHtmlSiteComparison({
      name: docsDir.split(path.sep).slice(-2).join('/'),
      docsDir,
      siteDir: path.resolve(values['html-site']),
      baseUrl: values['base-url'],
      makeSystems: () => allSystems({ confidence }).filter((s) => (wanted ?? HTML_SITE_SYSTEMS).includes(s.name)),
      log: (line) => console.error(line),
    });
    process.stdout.write(renderHtmlSiteMarkdown(comparison));
    if (values.json) {
      await mkdir(path.dirname(path.resolve(values.json)), { recursive: true });
      await writeFile(values.json, JSON.stringify(comparison, null, 2) + '\n');
      console.error(`wrote ${values.json}`);
    }
  } catch (error) {
    if (isRecallBoxError(error)) fail(error.message);
    throw error;
  }
  process.exit(0);
}

try {
  const loaded = await loadDataset(path.resolve(values.dataset), { queries: values.queries, baseUrl: values['base-url'] });
  const log = (line: string) => console.error(line);
  log(`${loaded.dataset.name} (${loaded.kind}): ${loaded.dataset.docs.length} docs, ${loaded.dataset.queries.length} queries`);
  const evaluation = await evaluate(loaded.dataset, makeSystems, { confidence: !values['no-confidence'], log });
  const report = buildReport(evaluation, loaded.dataset, loaded.kind, loaded.notes);
  const markdown = renderMarkdown(report);
  const json = JSON.stringify(report, null, 2) + '\n';
  process.stdout.write(markdown);

  if (values.json) {
    await mkdir(path.dirname(path.resolve(values.json)), { recursive: true });
    await writeFile(values.json, json);
    log(`wrote ${values.json}`);
  }
  if (values.out) {
    const out = path.resolve(values.out);
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, 'report.md'), markdown);
    await writeFile(path.join(out, 'results.json'), json);
    await writeFile(path.join(out, 'selective-answering.svg'), selectiveAnsweringSvg(plotSeries(evaluation), `Selective answering on ${report.dataset}: coverage vs precision@3`));
    log(`wrote report.md, results.json, selective-answering.svg to ${out}`);
  }
} catch (error) {
  if (isRecallBoxError(error)) fail(error.message);
  throw error;
}

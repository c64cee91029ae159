import { parseArgs } from 'node:util';
import path from 'node:path';
import { PACK_FILES, isRecallBoxError, type CalibrationFile } from '../core/index.ts';
import { fitCalibration } from '../indexer/confidence/fit.ts';
import type { BuildSummary } from '../indexer/build-pack.ts';
import { calibrationDataset, labelledSignals, questionsCalibration, writeCalibration } from './calibrate.ts';
import { resolveBuild, runBuild, type ResolvedBuild } from './build-command.ts';
import type { BuildFlags } from './build-options.ts';
import { init, InitUsageError } from './init.ts';
import { prepareDeploy, wranglerArgs } from './deploy.ts';
import { runWrangler } from './run-wrangler.ts';
import { loadConfig, sitePlan, absolutePaths } from './config.ts';
import { planUpload, writeBulkFiles } from './upload-pack.ts';
import { bundlePacks, DEFAULT_BUNDLE_OUT, describeBundle, SCRIPT_LIMITS, type ScriptPlan } from './bundle-pack.ts';
import { shellLine, uploadNextStep, uploadTarget, type UploadFlags } from './upload-command.ts';

const USAGE = `Usage:
  recall-box build <docs-dir> --out <pack-dir> [--base-url /docs/] [--heading-depth 3] [--default-lang en]
                   [--facet <field> …] [--no-vectors | --model <dir> | --model <file.onnx> --tokenizer <tokenizer.json> [--max-tokens 256]]
  recall-box build --html <site-dir> --out <pack-dir> [the same options]
  recall-box build [--config <file>] [the same options]     (folders from recall-box.config.json)

Builds the search index pack of a folder of Markdown, MDX and HTML docs, or with --html of a built
static site (every .html file, read as the reader sees it). Settings come from recall-box.config.json
in the current directory (or --config <file>) when there is one; flags override it.
  --config         the config file                         default ./recall-box.config.json, if any
  --html           a built site's folder (dist/, build/) instead of <docs-dir>
  --out            folder to write the pack to (replaced atomically)
                   required without a config; default <site-dir>/_recall-box/pack with --html, else public/pack
  --base-url       URL prefix of the site's pages                         default /
  --heading-depth  deepest heading (1–6) that starts its own section      default 3
  --default-lang   language of pages whose path and front matter name none default en
  --facet          a front matter field searches can be filtered by (filter.<field>=<value>) and
                   counted by; repeatable, at most 8 (pool and lang are built in) default none
  --no-vectors     skip the embedding model and section vectors: keyword search only
  --model          a Model2Vec model folder (tokenizer.json + model.safetensors), or a transformer
                   sentence-embedding model (.onnx, with --tokenizer), to embed with instead of
                   the model trained on the docs                            default: trained
  --tokenizer      the transformer's tokenizer.json (WordPiece)
  --max-tokens     longest token sequence fed to the transformer            default 256
  --pool-rules     a JSON file of recall-pool rules [{pool, path?, tags?}], first match wins
                                                                           default: built in
  --shard-bytes    largest stored file; bigger ones are cut into shards (1 … 26214400)
                                                                           default 10485760 (10 MiB)
  --block-bytes    target size of a section block the Worker reads per query (≥ 1)
                                                                           default 65536 (64 KiB)
  --part-bytes     target size of a keyword partition the Worker reads per query term (≥ 1)
                                                                           default 65536 (64 KiB);
                                                                           16384 (16 KiB) for postings over 16 MiB
  --follow-external-symlinks
                   index doc files that are symbolic links to files outside the docs folder
                                                                           default: skipped (OUTSIDE_DOCS_ROOT)

  recall-box init (<docs-dir> | --html <site-dir>) [--name <worker-name>] [--base-url /docs/] [build options …]
                  [--config <file>] [--force]

Writes recall-box.config.json (the options given) and, beside it, a wrangler.toml for the site's
Worker; prints the snippet to paste into the site's pages and the next command. A built site
(--html) is served by its Worker with the pack at /_recall-box/pack/. Existing files are kept
unless --force.
  --name           the Worker's name                       default: the folder's name
  --force          replace an existing recall-box.config.json and wrangler.toml

  recall-box deploy [--config <file>] [--dry-run | --local [--port 8787]] [build options …] [-- <wrangler args>]

Builds the pack as build does, copies the widget bundle and the highlight script next to it, and
runs wrangler deploy on the site's wrangler.toml, with the config's Worker name, assets and vars.
  --dry-run        wrangler deploy --dry-run: bundle and check, publish nothing
  --local          wrangler dev on http://127.0.0.1:<port> instead of deploying
  --port           the port of --local                     default 8787

  recall-box upload kv [--binding PACK_KV | --namespace-id <id>] [--pack <pack-dir>] [--prefix <p>] [--local] [--run]
  recall-box upload r2 --bucket <name> [--pack <pack-dir>] [--prefix <p>] [--local] [--run]

Puts the pack into an existing Worker's KV namespace or R2 bucket (PACK_SOURCE = "kv" / "r2"):
checks it, prints the wrangler commands (data first, manifest last; with --run, runs them) and the
PACK_PATH to set. The pack is --pack, else the config's out.
  --prefix         key prefix                              default pack-<buildId>/
  --local          the storage wrangler dev reads, not Cloudflare's

  recall-box bundle [<pack-dir>] [--pack-path /pack/] [--out .recall-box/bundled] [--plan free|paid] [--optional] [--config <file>]

Puts a pack inside the Worker script (the entry src/worker/bundled.ts, the repository's default):
checks it, copies its files and writes the module map that entry imports through wrangler's alias
(wrangler.toml runs this as its build step). A cold Worker then reads no file for its first search;
the script grows by the pack, compressed.
  <pack-dir>       the pack                                 default: the config's out, else public/pack
  --pack-path      the path the Worker knows it by (PACK_PATH) default: the config's, else /pack/
  --out            the folder of the module map and copies   default .recall-box/bundled
  --plan           the plan whose script limit the pack must fit beside the Worker's code
                   (free: 3 MB compressed, paid: 10 MB)       default paid
  --optional       over that limit, or with no pack: bundle nothing, and the Worker reads the pack
                   from its static assets (exit 0); a damaged pack still fails

  recall-box calibrate --dataset <dir> [--queries <file.jsonl>] [--dataset <dir> …] [--pack <pack-dir>]

Fits the confidence model (logistic regression per query strategy) on labelled queries and stores
it in the pack as confidence.json; without --pack it only prints the fit.
  --dataset        a docs folder (queries made from its page titles and headings, or --queries),
                   or a SMART/BEIR collection with judgements; repeatable      required
  --queries        known-item queries {"query","url"} per line, for a single docs --dataset
  --pack           the pack to store the calibration in (rewritten atomically, new buildId)

  recall-box calibrate --questions <file.jsonl>[,<file.jsonl>…] --pack <pack-dir>

Places the verdict's thresholds on your readers' own questions, searched in the pack: {"query",
"url"} per line for one the docs answer, {"query","unanswerable":true} for one they do not (at
least 20 of those). The default model answers at most 5% of the unanswerable ones and shows at
most 20% answered or uncertain; stored in the pack as confidence.json.
`;

function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * File sizes for the summary, a site's many section blocks and keyword partitions summed beside
 * their heads (a large site has thousands: one line each would bury the rest of the summary).
 */
function packFileSizes(bytes: Record<string, number>): string {
  const pieces = [
    { head: PACK_FILES.sections, noun: 'block', pattern: /^sections-\d+\.json$/ },
    { head: PACK_FILES.keyword, noun: 'partition', pattern: /^keyword-\d+\.json$/ },
  ];
  const names = Object.keys(bytes);
  return names
    .filter((name) => !pieces.some((p) => p.pattern.test(name)))
    .map((name) => {
      const piece = pieces.find((p) => p.head === name);
      const parts = piece ? names.filter((n) => piece.pattern.test(n)) : [];
      const sum = parts.reduce((total, n) => total + bytes[n]!, 0);
      const extra = piece && parts.length > 0 ? ` + ${parts.length} ${piece.noun}${parts.length === 1 ? '' : 's'} ${formatKb(sum)}` : '';
      return `${name} ${formatKb(bytes[name]!)}${extra}`;
    })
    .join(', ');
}

/** A file's path as the summary prints it: a control character (a newline in a name) escaped, so one file is one line. */
function shownPath(file: string): string {
  return file.replace(/\p{Cc}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function formatSummary(s: BuildSummary): string {
  const lines = [
    `recall-box: built pack ${s.buildId} in ${(s.ms / 1000).toFixed(2)} s → ${s.outDir} (peak memory ${Math.round(s.peakRssBytes / 1e6)} MB)`,
    `  files read: ${s.files}, pages indexed: ${s.pages}, sections: ${s.sections} (longest section ${s.longestSection} characters), languages: ${s.languages.join(', ') || '-'}`,
    `  vectors: ${s.vectors.built ? 'built' : `not built — ${s.vectors.reason}`}`,
    ...(s.facets ? [`  facets: pool, lang, ${s.facets.map((f) => `${f.name} (${f.values} value${f.values === 1 ? '' : 's'})`).join(', ')}`] : []),
    `  pack files: ${packFileSizes(s.bytes)}`,
    `  files skipped: ${s.skipped.length}`,
    ...s.skipped.map((f) => `    ${shownPath(f.path)}: ${f.code} — ${f.reason}`),
    ...(s.warnings.length > 0 ? [`  warnings: ${s.warnings.length}`, ...s.warnings.map((f) => `    ${shownPath(f.path)}: ${f.code} — ${f.reason}`)] : []),
  ];
  return lines.join('\n');
}

const writeStdout = (s: string) => process.stdout.write(`${s}\n`);
const writeStderr = (s: string) => process.stderr.write(`${s}\n`);

/** The message of a failure: a RecallBoxError's code and message, anything else with its stack. */
function failure(command: string, e: unknown): string {
  return isRecallBoxError(e) ? `recall-box: ${e.message}` : `recall-box: ${command} failed: ${(e as Error).stack ?? e}`;
}

/** How a caller running the CLI in its own process controls the wrangler that deploy starts. */
export interface WranglerControl {
  /** Ends wrangler (and its workerd) when aborted: the way to stop `deploy --local`. */
  signal?: AbortSignal;
  /** Called with wrangler's pid, also its process group's id. */
  onSpawn?: (pid: number) => void;
}

/**
 * Runs the CLI; returns the exit code (0 ok, 1 failed, 2 usage). Output goes through the given
 * writers (wrangler's too, line by line, unless they are the process's own).
 */
export async function main(argv: string[], out: (s: string) => void = writeStdout, err: (s: string) => void = writeStderr, control: WranglerControl = {}): Promise<number> {
  // Arguments after `--` belong to wrangler (deploy); parseArgs would read them as positionals.
  const dashes = argv.indexOf('--');
  const passThrough = dashes < 0 ? [] : argv.slice(dashes + 1);
  let parsed;
  try {
    parsed = parseArgs({
      args: dashes < 0 ? argv : argv.slice(0, dashes),
      allowPositionals: true,
      options: {
        config: { type: 'string' },
        out: { type: 'string' },
        html: { type: 'string' },
        'base-url': { type: 'string' },
        'heading-depth': { type: 'string' },
        'default-lang': { type: 'string' },
        facet: { type: 'string', multiple: true },
        'no-vectors': { type: 'boolean' },
        model: { type: 'string' },
        tokenizer: { type: 'string' },
        'max-tokens': { type: 'string' },
        'pool-rules': { type: 'string' },
        'shard-bytes': { type: 'string' },
        'block-bytes': { type: 'string' },
        'part-bytes': { type: 'string' },
        'follow-external-symlinks': { type: 'boolean' },
        'pack-path': { type: 'string' },
        plan: { type: 'string' },
        optional: { type: 'boolean' },
        name: { type: 'string' },
        force: { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        local: { type: 'boolean' },
        port: { type: 'string' },
        binding: { type: 'string' },
        'namespace-id': { type: 'string' },
        bucket: { type: 'string' },
        prefix: { type: 'string' },
        run: { type: 'boolean' },
        dataset: { type: 'string', multiple: true },
        queries: { type: 'string' },
        questions: { type: 'string', multiple: true },
        pack: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    err(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, docsDir, ...extra] = positionals;
  if (values.help || command === undefined) {
    (values.help ? out : err)(USAGE);
    return values.help ? 0 : 2;
  }
  if (command === 'calibrate') return calibrateCommand(values, [docsDir, ...extra].filter((p) => p !== undefined), out, err);
  const usage = (message: string, withUsage = true) => {
    err(`recall-box: ${message}${withUsage ? `\n\n${USAGE}` : ''}`);
    return 2;
  };
  if (!['build', 'init', 'deploy', 'upload', 'bundle'].includes(command)) return usage(`unknown command \`${command}\`.`);
  if (passThrough.length > 0 && command !== 'deploy') return usage('only deploy passes arguments after `--` on (to wrangler).');
  const owners: Array<[keyof typeof values, readonly string[]]> = [
    ['name', ['init']],
    ['force', ['init']],
    ['dry-run', ['deploy']],
    ['local', ['deploy', 'upload']],
    ['port', ['deploy']],
    ['binding', ['upload']],
    ['namespace-id', ['upload']],
    ['bucket', ['upload']],
    ['prefix', ['upload']],
    ['run', ['upload']],
    ['pack-path', ['bundle']],
    ['plan', ['bundle']],
    ['optional', ['bundle']],
    ['pack', ['calibrate', 'upload']],
    ['dataset', ['calibrate']],
    ['queries', ['calibrate']],
    ['questions', ['calibrate']],
  ];
  const misplaced = owners.find(([flag, commands]) => values[flag] !== undefined && !commands.includes(command));
  if (misplaced) return usage(`--${misplaced[0]} belongs to ${misplaced[1].map((c) => `\`${c}\``).join(' and ')}.`);
  if (command === 'upload') {
    if (extra.length > 0) return usage(`unexpected argument ${JSON.stringify(extra[0])}.`);
    return uploadCommand(docsDir, values, out, err, usage, out === writeStdout && err === writeStderr);
  }
  if (command === 'bundle') {
    if (extra.length > 0) return usage(`unexpected argument ${JSON.stringify(extra[0])}.`);
    if (values.plan !== undefined && !Object.hasOwn(SCRIPT_LIMITS, values.plan)) return usage(`--plan is free or paid, not ${JSON.stringify(values.plan)}.`);
    return bundleCommand(docsDir, values, out, err);
  }
  if (extra.length > 0 || (command === 'deploy' && docsDir !== undefined)) return usage(`unexpected argument ${JSON.stringify(command === 'deploy' ? docsDir : extra[0])}.`);
  const flags: BuildFlags & { config?: string } = values;
  const cwd = process.cwd();
  if (command === 'init') return initCommand(flags, docsDir, values, cwd, out, err, usage);

  let build: ResolvedBuild;
  try {
    const resolved = await resolveBuild(flags, docsDir, cwd);
    if (!resolved.ok) return usage(resolved.message, resolved.usage);
    build = resolved.build;
  } catch (e) {
    err(failure(command, e));
    return 1;
  }
  if (command === 'build') {
    try {
      out(formatSummary(await runBuild(build)));
      return 0;
    } catch (e) {
      err(failure('build', e));
      return 1;
    }
  }
  return deployCommand(build, { ...values, passThrough }, out, err, usage, out === writeStdout && err === writeStderr, control);
}

/** `recall-box init`: writes the config and the wrangler.toml, prints the snippet and the next step. */
async function initCommand(
  flags: BuildFlags & { config?: string },
  docsDir: string | undefined,
  values: { name?: string; force?: boolean },
  cwd: string,
  out: (s: string) => void,
  err: (s: string) => void,
  usage: (message: string, withUsage?: boolean) => number,
): Promise<number> {
  try {
    const result = await init({ flags, docsDir, ...(values.name !== undefined && { name: values.name }), ...(flags.config !== undefined && { configFile: flags.config }), force: values.force ?? false, cwd });
    const shown = (f: string) => (path.relative(cwd, f).startsWith('..') ? f : path.relative(cwd, f) || f);
    out(`recall-box: wrote ${result.written.map(shown).join(' and ')}.`);
    out('\nPaste into your site\'s pages (the <head> and where the search box goes):\n');
    out(result.snippet);
    out('\nNext:');
    for (const line of result.next) out(`  ${line}`);
    return 0;
  } catch (e) {
    if (e instanceof InitUsageError) return usage(e.message);
    err(failure('init', e));
    return 1;
  }
}

/** `recall-box deploy`: build, place the widget, then wrangler deploy (or dev); wrangler's exit code is the command's. */
async function deployCommand(
  build: ResolvedBuild,
  values: { 'dry-run'?: boolean; local?: boolean; port?: string; passThrough: string[] },
  out: (s: string) => void,
  err: (s: string) => void,
  usage: (message: string, withUsage?: boolean) => number,
  terminal: boolean,
  control: WranglerControl,
): Promise<number> {
  if (values['dry-run'] && values.local) return usage('--dry-run and --local exclude each other.', false);
  if (values.port !== undefined && !values.local) return usage('--port belongs to --local.', false);
  const port = values.port === undefined ? 8787 : Number(values.port);
  if (!(Number.isInteger(port) && port >= 1 && port <= 65535)) return usage('--port must be a whole number from 1 to 65535.', false);
  let args: string[];
  try {
    const { summary, widget, bundled } = await prepareDeploy(build, runBuild);
    out(formatSummary(summary));
    out(`recall-box: ${widget}`);
    if (bundled !== null) out(`recall-box: ${bundled}`);
    args = wranglerArgs(build, { dryRun: values['dry-run'] ?? false, local: values.local ?? false, port, extra: values.passThrough });
  } catch (e) {
    err(failure('deploy', e));
    return 1;
  }
  out(`recall-box: wrangler ${args.join(' ')}`);
  try {
    const code = await runWrangler({ args, cwd: build.loaded!.dir, stdio: terminal ? 'inherit' : 'pipe', out, err, ...control });
    if (code !== 0) err(`recall-box: wrangler ${args[0]} exited with ${code}.`);
    return code === 0 ? 0 : 1;
  } catch (e) {
    err(failure('deploy', e));
    return 1;
  }
}

/**
 * `recall-box upload kv|r2`: checks the pack (`--pack`, else the config's `out`) and prints the
 * wrangler commands that put it into a KV namespace or R2 bucket, manifest last; `--run` runs them
 * with the package's wrangler, stopping at the first that fails (the manifest goes last, so the
 * previous pack keeps serving).
 */
async function uploadCommand(
  kind: string | undefined,
  values: UploadFlags & { config?: string; pack?: string; prefix?: string; run?: boolean },
  out: (s: string) => void,
  err: (s: string) => void,
  usage: (message: string, withUsage?: boolean) => number,
  terminal: boolean,
): Promise<number> {
  const target = uploadTarget(kind, values);
  if (!target.ok) return usage(target.message);
  const cwd = process.cwd();
  try {
    const loaded = values.pack === undefined ? await loadConfig(cwd, values.config) : null;
    const plan = loaded ? sitePlan(absolutePaths(loaded.config, loaded.dir), loaded.dir) : null;
    const packDir = values.pack !== undefined ? path.resolve(cwd, values.pack) : plan?.out;
    if (packDir === undefined) return usage('name the pack: --pack <pack-dir>, or a recall-box.config.json with "source" or "html".');
    const upload = await planUpload(packDir, target.target, values.prefix);
    await writeBulkFiles(upload);
    const total = upload.files.reduce((n, f) => n + f.bytes, 0);
    out(`recall-box: pack ${upload.manifest.buildId}: ${upload.files.length} files, ${(total / 1e6).toFixed(1)} MB, checked; to ${target.target.kind} under ${upload.packPath}`);
    for (const [, ...args] of upload.commands) {
      out(`npx wrangler ${shellLine(args)}`);
      if (!values.run) continue;
      const code = await runWrangler({ args, cwd: loaded?.dir ?? cwd, stdio: terminal ? 'inherit' : 'pipe', out, err });
      if (code !== 0) {
        err(`recall-box: wrangler exited with ${code}; the manifest is uploaded last, so the previous pack still serves.`);
        return 1;
      }
    }
    out(uploadNextStep(upload, target.target.kind));
    return 0;
  } catch (e) {
    err(failure('upload', e));
    return 1;
  }
}

/** `recall-box bundle`: the pack (given, the config's, or public/pack) into the Worker script's module map. */
async function bundleCommand(
  packArg: string | undefined,
  values: { config?: string; out?: string; 'pack-path'?: string; plan?: string; optional?: boolean },
  out: (s: string) => void,
  err: (s: string) => void,
): Promise<number> {
  const cwd = process.cwd();
  try {
    const loaded = packArg === undefined ? await loadConfig(cwd, values.config) : null;
    const plan = loaded ? sitePlan(absolutePaths(loaded.config, loaded.dir), loaded.dir) : null;
    const packDir = packArg !== undefined ? path.resolve(cwd, packArg) : (plan?.out ?? path.resolve(cwd, 'public/pack'));
    const packPath = values['pack-path'] ?? plan?.packPath ?? '/pack/';
    const outDir = path.resolve(loaded?.dir ?? cwd, values.out ?? DEFAULT_BUNDLE_OUT);
    const result = await bundlePacks([{ packDir, packPath }], outDir, { optional: values.optional ?? false, ...(values.plan !== undefined && { plan: values.plan as ScriptPlan }) });
    out(`recall-box: ${describeBundle(result)}`);
    return 0;
  } catch (e) {
    err(failure('bundle', e));
    return 1;
  }
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The flags `calibrate` reads. */
type CalibrateValues = { dataset?: string[]; queries?: string; questions?: string[]; pack?: string };
type Print = (s: string) => void;

/** Stores a calibration in the pack (rewritten, new buildId) and says so. */
async function storeCalibration(pack: string, file: CalibrationFile, out: Print): Promise<number> {
  const manifest = await writeCalibration(pack, file);
  out(`recall-box: stored confidence.json in ${pack} (pack ${manifest.buildId})`);
  return 0;
}

/** A failed calibrate as one line: the error's message, or the stack of one nobody expected. */
function calibrateFailed(e: unknown, err: Print): number {
  err(isRecallBoxError(e) ? `recall-box: ${e.message}` : `recall-box: calibrate failed: ${(e as Error).stack ?? e}`);
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
async function calibrateCommand(
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
    const samples = [];
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
    if (values.pack === undefined) {
      out('recall-box: no --pack given: the fit was not stored.');
      return 0;
    }
    return await storeCalibration(values.pack, file, out);
  } catch (e) {
    return calibrateFailed(e, err);
  }
}

import { parseArgs } from 'node:util';
import { MAX_SHARD_BYTES, PACK_FILES, RecallBoxError, fitCalibration, isRecallBoxError, parsePoolRules } from '../core/index.ts';
import { readFile } from 'node:fs/promises';
import { buildPack, type BuildSummary, type PackLayoutOptions } from '../indexer/build-pack.ts';
import { calibrationDataset, labelledSignals, writeCalibration } from './calibrate.ts';

async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new RecallBoxError('INVALID_OPTIONS', `cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new RecallBoxError('INVALID_OPTIONS', `${file} is not JSON.`);
  }
}

const USAGE = `Usage:
  recall-box build <docs-dir> --out <pack-dir> [--base-url /docs/] [--heading-depth 3] [--default-lang en]
                   [--facet <field> …] [--no-vectors | --model <dir> | --model <file.onnx> --tokenizer <tokenizer.json> [--max-tokens 256]]
  recall-box build --html <site-dir> --out <pack-dir> [the same options]

Builds the search index pack of a folder of Markdown, MDX and HTML docs, or with --html of a built
static site (every .html file, read as the reader sees it).
  --html           a built site's folder (dist/, build/) instead of <docs-dir>
  --out            folder to write the pack to (replaced atomically)      required
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
                                                                           default 262144 (256 KiB)

  recall-box calibrate --dataset <dir> [--queries <file.jsonl>] [--dataset <dir> …] [--pack <pack-dir>]

Fits the confidence model (logistic regression per query strategy) on labelled queries and stores
it in the pack as confidence.json; without --pack it only prints the fit.
  --dataset        a docs folder (queries made from its page titles and headings, or --queries),
                   or a SMART/BEIR collection with judgements; repeatable      required
  --queries        known-item queries {"query","url"} per line, for a single docs --dataset
  --pack           the pack to store the calibration in (rewritten atomically, new buildId)
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

export function formatSummary(s: BuildSummary): string {
  const lines = [
    `recall-box: built pack ${s.buildId} in ${(s.ms / 1000).toFixed(2)} s → ${s.outDir} (peak memory ${Math.round(s.peakRssBytes / 1e6)} MB)`,
    `  files read: ${s.files}, pages indexed: ${s.pages}, sections: ${s.sections} (longest section ${s.longestSection} characters), languages: ${s.languages.join(', ') || '-'}`,
    `  vectors: ${s.vectors.built ? 'built' : `not built — ${s.vectors.reason}`}`,
    ...(s.facets ? [`  facets: pool, lang, ${s.facets.map((f) => `${f.name} (${f.values} value${f.values === 1 ? '' : 's'})`).join(', ')}`] : []),
    `  pack files: ${packFileSizes(s.bytes)}`,
    `  files skipped: ${s.skipped.length}`,
    ...s.skipped.map((f) => `    ${f.path}: ${f.code} — ${f.reason}`),
    ...(s.warnings.length > 0 ? [`  warnings: ${s.warnings.length}`, ...s.warnings.map((f) => `    ${f.path}: ${f.code} — ${f.reason}`)] : []),
  ];
  return lines.join('\n');
}

/** Runs the CLI; returns the exit code (0 ok, 1 failed, 2 usage). Output goes through the given writers. */
export async function main(
  argv: string[],
  out: (s: string) => void = (s) => process.stdout.write(`${s}\n`),
  err: (s: string) => void = (s) => process.stderr.write(`${s}\n`),
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
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
        dataset: { type: 'string', multiple: true },
        queries: { type: 'string' },
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
  const source = values.html ?? docsDir;
  if (command !== 'build' || !source || (values.html !== undefined && docsDir !== undefined) || extra.length > 0 || !values.out) {
    err(`recall-box: expected \`build <docs-dir> --out <pack-dir>\` or \`build --html <site-dir> --out <pack-dir>\`.\n\n${USAGE}`);
    return 2;
  }
  const depth = values['heading-depth'] === undefined ? undefined : Number(values['heading-depth']);
  if (depth !== undefined && !(Number.isInteger(depth) && depth >= 1 && depth <= 6)) {
    err('recall-box: --heading-depth must be a whole number from 1 to 6.');
    return 2;
  }
  if (values['no-vectors'] && values.model !== undefined) {
    err('recall-box: --no-vectors and --model exclude each other.');
    return 2;
  }
  const isOnnx = values.model?.toLowerCase().endsWith('.onnx') ?? false;
  if (isOnnx !== (values.tokenizer !== undefined)) {
    err('recall-box: a transformer needs both --model <file.onnx> and --tokenizer <tokenizer.json> (a Model2Vec folder needs no --tokenizer).');
    return 2;
  }
  const maxTokens = values['max-tokens'] === undefined ? undefined : Number(values['max-tokens']);
  if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens >= 3)) {
    err('recall-box: --max-tokens must be a whole number ≥ 3.');
    return 2;
  }
  const shardBytes = values['shard-bytes'] === undefined ? undefined : Number(values['shard-bytes']);
  if (shardBytes !== undefined && !(Number.isInteger(shardBytes) && shardBytes >= 1 && shardBytes <= MAX_SHARD_BYTES)) {
    err(`recall-box: --shard-bytes must be a whole number from 1 to ${MAX_SHARD_BYTES}.`);
    return 2;
  }
  const layout: PackLayoutOptions = {};
  for (const [flag, set] of [
    ['block-bytes', (n: number) => (layout.blocks = { blockBytes: n })],
    ['part-bytes', (n: number) => (layout.keyword = { partBytes: n })],
  ] as const) {
    const value = values[flag];
    if (value === undefined) continue;
    const n = Number(value);
    if (!(Number.isInteger(n) && n >= 1)) {
      err(`recall-box: --${flag} must be a whole number ≥ 1.`);
      return 2;
    }
    set(n);
  }
  try {
    const poolRules = values['pool-rules'] === undefined ? undefined : parsePoolRules(await readJsonFile(values['pool-rules']));
    const summary = await buildPack(source, values.out, {
      ...(values.html !== undefined && { html: true }),
      ...(poolRules && { poolRules }),
      ...(values.model !== undefined && !isOnnx && { modelDir: values.model }),
      ...(isOnnx && { transformer: { onnx: values.model!, tokenizer: values.tokenizer!, ...(maxTokens !== undefined && { maxTokens }) } }),
      ingest: {
        ...(values['base-url'] !== undefined && { baseUrl: values['base-url'] }),
        ...(depth !== undefined && { maxHeadingDepth: depth as 1 | 2 | 3 | 4 | 5 | 6 }),
        ...(values['default-lang'] !== undefined && { defaultLang: values['default-lang'] }),
        ...(values.facet !== undefined && { facets: values.facet }),
      },
      ...(values['no-vectors'] && { embedding: false as const }),
      ...(shardBytes !== undefined && { shards: { shardBytes } }),
      layout,
    });
    out(formatSummary(summary));
    return 0;
  } catch (e) {
    err(isRecallBoxError(e) ? `recall-box: ${e.message}` : `recall-box: build failed: ${(e as Error).stack ?? e}`);
    return 1;
  }
}

/** `recall-box calibrate`: label queries by the withheld-documents protocol, fit, store in the pack. */
async function calibrateCommand(
  values: { dataset?: string[]; queries?: string; pack?: string },
  positionals: string[],
  out: (s: string) => void,
  err: (s: string) => void,
): Promise<number> {
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
      out(`recall-box: ${dataset.name}: ${labelled.filter((s) => s.answerable).length} answerable and ${labelled.filter((s) => !s.answerable).length} unanswerable queries`);
      samples.push(...labelled);
      names.push(dataset.name);
    }
    const file = fitCalibration(samples, { datasets: names, createdAt: new Date().toISOString() });
    for (const [strategy, model] of Object.entries(file.models)) {
      const counts = file.fittedOn.byStrategy[strategy as keyof typeof file.models];
      const weights = Object.entries(model.weights).map(([n, w]) => `${n} ${w.toFixed(2)}`).join(', ');
      out(`  ${strategy}: ${counts.answerable}/${counts.unanswerable} queries, ${counts.model} model; bias ${model.bias.toFixed(2)}; ${weights}`);
    }
    if (values.pack === undefined) {
      out('recall-box: no --pack given: the fit was not stored.');
      return 0;
    }
    const manifest = await writeCalibration(values.pack, file);
    out(`recall-box: stored confidence.json in ${values.pack} (pack ${manifest.buildId})`);
    return 0;
  } catch (e) {
    err(isRecallBoxError(e) ? `recall-box: ${e.message}` : `recall-box: calibrate failed: ${(e as Error).stack ?? e}`);
    return 1;
  }
}

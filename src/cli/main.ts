import { parseArgs } from 'node:util';
import path from 'node:path';
import { PACK_FILES, isRecallBoxError } from '../core/index.ts';
import type { BuildSummary } from '../indexer/build-pack.ts';
import { calibrateCommand } from './calibrate-command.ts';
import { USAGE } from './usage.ts';
import { failure } from './failure.ts';
import { resolveBuild, runBuild, type ResolvedBuild } from './build-command.ts';
import type { BuildFlags } from './build-options.ts';
import { init, InitUsageError } from './init.ts';
import { prepareDeploy, wranglerArgs } from './deploy.ts';
import { runWrangler } from './run-wrangler.ts';
import { loadConfig, sitePlan, absolutePaths } from './config.ts';
import { planUpload, writeBulkFiles } from './upload-pack.ts';
import { bundlePacks, DEFAULT_BUNDLE_OUT, describeBundle, SCRIPT_LIMITS, type ScriptPlan } from './bundle-pack.ts';
import { serveCommand } from './serve-command.ts';
import type { RunningNodeServer } from '../server/node-server.ts';
import { shellLine, uploadNextStep, uploadTarget, type UploadFlags } from './upload-command.ts';

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

/**
 * What the build wrote for agents: llms.txt's pages and groups, llms-full.txt's size (megabytes on a
 * large site, which is worth knowing before publishing it), and where the site's copies went.
 */
function llmsLine(llms: BuildSummary['llms']): string {
  const full = llms.fullPages === llms.pages ? '' : ` (the first ${llms.fullPages} pages: the rest would pass the size a static host serves)`;
  const site = llms.site === null ? '' : `; with ${llms.site.pages} pages' Markdown → ${llms.site.dir}`;
  return `  llms.txt: ${llms.pages} pages (${llms.lang}) in ${llms.groups} group${llms.groups === 1 ? '' : 's'}, ${formatKb(llms.bytes.llms)}; llms-full.txt ${formatKb(llms.bytes.full)}${full}${site}`;
}

export function formatSummary(s: BuildSummary): string {
  const lines = [
    `recall-box: built pack ${s.buildId} in ${(s.ms / 1000).toFixed(2)} s → ${s.outDir} (peak memory ${Math.round(s.peakRssBytes / 1e6)} MB)`,
    `  files read: ${s.files}, pages indexed: ${s.pages}, sections: ${s.sections} (longest section ${s.longestSection} characters), languages: ${s.languages.join(', ') || '-'}`,
    `  vectors: ${s.vectors.built ? 'built' : `not built — ${s.vectors.reason}`}`,
    ...(s.facets ? [`  facets: pool, lang, ${s.facets.map((f) => `${f.name} (${f.values} value${f.values === 1 ? '' : 's'})`).join(', ')}`] : []),
    llmsLine(s.llms),
    `  pack files: ${packFileSizes(s.bytes)}`,
    `  files skipped: ${s.skipped.length}`,
    ...s.skipped.map((f) => `    ${shownPath(f.path)}: ${f.code} — ${f.reason}`),
    ...(s.warnings.length > 0 ? [`  warnings: ${s.warnings.length}`, ...s.warnings.map((f) => `    ${shownPath(f.path)}: ${f.code} — ${f.reason}`)] : []),
  ];
  return lines.join('\n');
}

const writeStdout = (s: string) => process.stdout.write(`${s}\n`);
const writeStderr = (s: string) => process.stderr.write(`${s}\n`);

/** How a caller running the CLI in its own process controls the wrangler that deploy starts. */
export interface WranglerControl {
  /** Ends wrangler (and its workerd) when aborted: the way to stop `deploy --local`. */
  signal?: AbortSignal;
  /** Called with wrangler's pid, also its process group's id. */
  onSpawn?: (pid: number) => void;
  /** `serve`: called once the server listens, with its URL (the signal above stops it). */
  onListening?: (server: RunningNodeServer) => void;
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
        'llms-out': { type: 'string' },
        'llms-title': { type: 'string' },
        'llms-summary': { type: 'string' },
        'pack-path': { type: 'string' },
        plan: { type: 'string' },
        optional: { type: 'boolean' },
        name: { type: 'string' },
        force: { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        local: { type: 'boolean' },
        port: { type: 'string' },
        host: { type: 'string' },
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
  if (!['build', 'init', 'deploy', 'upload', 'bundle', 'serve'].includes(command)) return usage(`unknown command \`${command}\`.`);
  if (passThrough.length > 0 && command !== 'deploy') return usage('only deploy passes arguments after `--` on (to wrangler).');
  const owners: Array<[keyof typeof values, readonly string[]]> = [
    ['name', ['init']],
    ['force', ['init']],
    ['dry-run', ['deploy']],
    ['local', ['deploy', 'upload']],
    ['port', ['deploy', 'serve']],
    ['host', ['serve']],
    ['binding', ['upload']],
    ['namespace-id', ['upload']],
    ['bucket', ['upload']],
    ['prefix', ['upload']],
    ['run', ['upload']],
    ['pack-path', ['bundle']],
    ['plan', ['bundle']],
    ['optional', ['bundle']],
    ['pack', ['calibrate', 'upload', 'serve']],
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
  if (command === 'serve') {
    if (extra.length > 0) return usage(`unexpected argument ${JSON.stringify(extra[0])}.`);
    return serveCommand(values, docsDir, process.cwd(), { out, err, usage, summary: formatSummary, ...(control.signal && { signal: control.signal }), ...(control.onListening && { onListening: control.onListening }) });
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
    const mode = { dryRun: values['dry-run'] ?? false, local: values.local ?? false, port, extra: values.passThrough };
    const { credentials, summary, widget, bundled } = await prepareDeploy(build, mode, runBuild);
    out(formatSummary(summary));
    out(`recall-box: ${widget}`);
    if (bundled !== null) out(`recall-box: ${bundled}`);
    if (credentials !== null) out(`recall-box: Cloudflare credentials for wrangler: ${credentials}`);
    args = wranglerArgs(build, mode);
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

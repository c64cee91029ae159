/**
 * The build's settings in both directions: command-line flags → a config (the same shape as
 * recall-box.config.json, so flags and file merge key by key), and a config → buildPack's options.
 * Both `recall-box build` and `recall-box deploy` build through buildOptionsFor, so a pack built
 * from the file is the pack the same flags build.
 */
import { readFile } from 'node:fs/promises';
import { MAX_SHARD_BYTES, RecallBoxError, parsePoolRules } from '../core/index.ts';
import type { BuildOptions, PackLayoutOptions } from '../indexer/build-pack.ts';
import type { HeadingDepth } from '../indexer/ingest/options.ts';
import type { RecallBoxConfig } from './config-fields.ts';

/** The build flags as parseArgs gives them. */
export interface BuildFlags {
  out?: string;
  html?: string;
  'base-url'?: string;
  'heading-depth'?: string;
  'default-lang'?: string;
  facet?: string[];
  'no-vectors'?: boolean;
  model?: string;
  tokenizer?: string;
  'max-tokens'?: string;
  'pool-rules'?: string;
  'shard-bytes'?: string;
  'block-bytes'?: string;
  'part-bytes'?: string;
  'follow-external-symlinks'?: boolean;
  'llms-out'?: string;
  'llms-title'?: string;
  'llms-summary'?: string;
}

/** Flags as a config (paths as typed, relative to the current directory), or the usage error they make. */
export type FlagsResult = { ok: true; config: RecallBoxConfig; poolRulesFile?: string } | { ok: false; message: string };

function wholeNumber(raw: string | undefined, min: number, max = Infinity): number | undefined | null {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  return raw.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** The build flags (and `<docs-dir>`) → a config; errors are the command line's (exit 2). */
export function flagsConfig(flags: BuildFlags, docsDir: string | undefined): FlagsResult {
  if (flags.html !== undefined && docsDir !== undefined) return { ok: false, message: 'give <docs-dir> or --html <site-dir>, not both.' };
  const depth = wholeNumber(flags['heading-depth'], 1, 6);
  if (depth === null) return { ok: false, message: '--heading-depth must be a whole number from 1 to 6.' };
  if (flags['no-vectors'] && flags.model !== undefined) return { ok: false, message: '--no-vectors and --model exclude each other.' };
  const isOnnx = flags.model?.toLowerCase().endsWith('.onnx') ?? false;
  if (isOnnx !== (flags.tokenizer !== undefined)) {
    return { ok: false, message: 'a transformer needs both --model <file.onnx> and --tokenizer <tokenizer.json> (a Model2Vec folder needs no --tokenizer).' };
  }
  const maxTokens = wholeNumber(flags['max-tokens'], 3);
  if (maxTokens === null) return { ok: false, message: '--max-tokens must be a whole number ≥ 3.' };
  const shardBytes = wholeNumber(flags['shard-bytes'], 1, MAX_SHARD_BYTES);
  if (shardBytes === null) return { ok: false, message: `--shard-bytes must be a whole number from 1 to ${MAX_SHARD_BYTES}.` };
  const blockBytes = wholeNumber(flags['block-bytes'], 1);
  if (blockBytes === null) return { ok: false, message: '--block-bytes must be a whole number ≥ 1.' };
  const partBytes = wholeNumber(flags['part-bytes'], 1);
  if (partBytes === null) return { ok: false, message: '--part-bytes must be a whole number ≥ 1.' };
  const config: RecallBoxConfig = {
    ...(docsDir !== undefined && { source: docsDir }),
    ...(flags.html !== undefined && { html: flags.html }),
    ...(flags.out !== undefined && { out: flags.out }),
    ...(flags['base-url'] !== undefined && { baseUrl: flags['base-url'] }),
    ...(depth !== undefined && { headingDepth: depth }),
    ...(flags['default-lang'] !== undefined && { defaultLang: flags['default-lang'] }),
    ...(flags.facet !== undefined && { facets: flags.facet }),
    ...(flags['no-vectors'] && { vectors: false }),
    ...(flags.model !== undefined && { model: flags.model }),
    ...(flags.tokenizer !== undefined && { tokenizer: flags.tokenizer }),
    ...(maxTokens !== undefined && { maxTokens }),
    ...(shardBytes !== undefined && { shardBytes }),
    ...(blockBytes !== undefined && { blockBytes }),
    ...(partBytes !== undefined && { partBytes }),
    ...(flags['follow-external-symlinks'] && { followExternalSymlinks: true }),
    ...(flags['llms-out'] !== undefined && { llmsOut: flags['llms-out'] }),
    ...(flags['llms-title'] !== undefined && { llmsTitle: flags['llms-title'] }),
    ...(flags['llms-summary'] !== undefined && { llmsSummary: flags['llms-summary'] }),
  };
  return { ok: true, config, ...(flags['pool-rules'] !== undefined && { poolRulesFile: flags['pool-rules'] }) };
}

/** A `--pool-rules` file's rules, in the config's shape (checked by parsePoolRules when the build uses them). */
export async function readPoolRulesFile(file: string): Promise<NonNullable<RecallBoxConfig['poolRules']>> {
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

/** buildPack's options for a config (its paths absolute): every key the config leaves out keeps buildPack's default. */
export function buildOptionsFor(config: RecallBoxConfig, html: boolean): BuildOptions {
  const isOnnx = config.model?.toLowerCase().endsWith('.onnx') ?? false;
  const layout: PackLayoutOptions = {
    ...(config.blockBytes !== undefined && { blocks: { blockBytes: config.blockBytes } }),
    ...(config.partBytes !== undefined && { keyword: { partBytes: config.partBytes } }),
  };
  return {
    ...(html && { html: true }),
    ...(config.poolRules !== undefined && { poolRules: parsePoolRules(config.poolRules) }),
    ...(config.model !== undefined && !isOnnx && { modelDir: config.model }),
    ...(isOnnx && { transformer: { onnx: config.model!, tokenizer: config.tokenizer!, ...(config.maxTokens !== undefined && { maxTokens: config.maxTokens }) } }),
    ingest: {
      ...(config.baseUrl !== undefined && { baseUrl: config.baseUrl }),
      ...(config.headingDepth !== undefined && { maxHeadingDepth: config.headingDepth as HeadingDepth }),
      ...(config.defaultLang !== undefined && { defaultLang: config.defaultLang }),
      ...(config.facets !== undefined && { facets: config.facets }),
      ...(config.followExternalSymlinks !== undefined && { followExternalSymlinks: config.followExternalSymlinks }),
    },
    ...(config.vectors === false && { embedding: false as const }),
    ...(config.shardBytes !== undefined && { shards: { shardBytes: config.shardBytes } }),
    llms: {
      ...(config.llmsOut !== undefined && { out: config.llmsOut }),
      ...(config.llmsTitle !== undefined && { title: config.llmsTitle }),
      ...(config.llmsSummary !== undefined && { summary: config.llmsSummary }),
    },
    layout,
  };
}

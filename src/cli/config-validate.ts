/**
 * Checking a parsed `recall-box.config.json` against its field table (config-fields.ts). Nothing is
 * ignored: an unknown key or a value of the wrong type fails with CONFIG_INVALID naming the key by
 * its path (`worker.cacheMaxAge`), because a silently ignored typo (`basUrl`) would build a pack
 * that differs from what its owner wrote, with no sign of why.
 */
import { RecallBoxError, quoteInput } from '../core/index.ts';
import { CONFIG_FIELDS, POOL_NAME_LIST, type FieldKind, type FieldTable, type RecallBoxConfig } from './config-fields.ts';

/** The one key outside the table: editors read it to find the schema. */
const SCHEMA_KEY = '$schema';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as an error message shows it: a string quoted, anything else as JSON; cut by quoteInput so a huge value is not echoed whole. */
function shown(value: unknown): string {
  return typeof value === 'string' ? quoteInput(value) : quoteInput(JSON.stringify(value) ?? String(value)).slice(1, -1);
}

/** What is wrong with `value` as a field of `kind`, or null when it fits. */
function kindProblem(kind: FieldKind, value: unknown, key: string): string | null {
  switch (kind.type) {
    case 'string':
      if (typeof value !== 'string' || value.trim() === '') return 'must be a non-empty string';
      if (kind.enum && !kind.enum.includes(value)) return `must be one of ${kind.enum.map((v) => `"${v}"`).join(', ')}`;
      if (kind.pattern && !new RegExp(kind.pattern).test(value)) return `must match ${kind.pattern}`;
      return null;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'integer': {
      const range = kind.maximum === undefined ? `≥ ${kind.minimum}` : `from ${kind.minimum} to ${kind.maximum}`;
      const ok = typeof value === 'number' && Number.isInteger(value) && value >= kind.minimum && (kind.maximum === undefined || value <= kind.maximum);
      return ok ? null : `must be a whole number ${range}`;
    }
    case 'stringList': {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v.trim() !== '')) return 'must be a list of non-empty strings';
      if (kind.maxItems !== undefined && value.length > kind.maxItems) return `must hold at most ${kind.maxItems} items`;
      const bad = kind.pattern ? value.find((v) => !new RegExp(kind.pattern!).test(v)) : undefined;
      return bad === undefined ? null : `has ${quoteInput(bad)}, which does not match ${kind.pattern}`;
    }
    case 'texts':
      if (typeof value === 'string' && value.trim() !== '') return null;
      if (isPlainObject(value) && Object.keys(value).length > 0 && Object.values(value).every((v) => typeof v === 'string' && v.trim() !== '')) return null;
      return 'must be a text, or an object of texts by language tag';
    case 'poolRules':
      return poolRulesProblem(value);
    case 'object':
      // Checked field by field by checkTable; here only that it is an object.
      return isPlainObject(value) ? null : `must be an object (${key} settings)`;
  }
}

/** The shape parsePoolRules accepts, with unknown keys in a rule refused as everywhere else in the file. */
function poolRulesProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'must be a list of rules {pool, path?, tags?}';
  for (const [i, rule] of value.entries()) {
    if (!isPlainObject(rule)) return `rule ${i} must be an object {pool, path?, tags?}`;
    const unknown = Object.keys(rule).find((k) => !['pool', 'path', 'tags'].includes(k));
    if (unknown !== undefined) return `rule ${i} has an unknown key ${quoteInput(unknown)} (known: pool, path, tags)`;
    if (typeof rule.pool !== 'string' || !POOL_NAME_LIST.includes(rule.pool)) return `rule ${i} needs a pool, one of ${POOL_NAME_LIST.join(', ')}`;
    if (rule.path !== undefined && typeof rule.path !== 'string') return `rule ${i}: path must be a glob string`;
    if (rule.tags !== undefined && !(Array.isArray(rule.tags) && rule.tags.every((t) => typeof t === 'string'))) return `rule ${i}: tags must be a list of strings`;
  }
  return null;
}

function invalid(file: string, message: string): RecallBoxError {
  return new RecallBoxError('CONFIG_INVALID', `${file}: ${message}`);
}

/** Checks every key of `obj` against `table`, recursing into object fields; `prefix` is the key path so far. */
function checkTable(table: FieldTable, obj: Record<string, unknown>, prefix: string, file: string, allowed: readonly string[] = []): void {
  for (const [key, value] of Object.entries(obj)) {
    const path = `${prefix}${key}`;
    if (allowed.includes(key)) continue;
    const spec = Object.hasOwn(table, key) ? table[key] : undefined;
    if (!spec) throw invalid(file, `unknown key ${quoteInput(path)}; the known keys${prefix ? ` of ${prefix.slice(0, -1)}` : ''} are ${Object.keys(table).join(', ')}.`);
    const problem = kindProblem(spec.kind, value, path);
    if (problem !== null) throw invalid(file, `${quoteInput(path)} ${problem}, got ${shown(value)}.`);
    if (spec.kind.type === 'object') checkTable(spec.kind.fields, value as Record<string, unknown>, `${path}.`, file);
  }
}

/** Rules across fields, which the per-field kinds cannot say. */
function checkCombinations(config: RecallBoxConfig, file: string): void {
  if (config.source !== undefined && config.html !== undefined) throw invalid(file, '"source" and "html" exclude each other: index the docs folder or the built site, not both.');
  if (config.vectors === false && config.model !== undefined) throw invalid(file, '"vectors": false and "model" exclude each other.');
  const isOnnx = config.model?.toLowerCase().endsWith('.onnx') ?? false;
  if (config.tokenizer !== undefined && !isOnnx) throw invalid(file, '"tokenizer" belongs to a transformer "model" (an .onnx file); a Model2Vec folder needs none.');
  if (isOnnx && config.tokenizer === undefined) throw invalid(file, 'a transformer "model" (.onnx) needs "tokenizer" (its tokenizer.json).');
}

/**
 * A parsed config file → the config it describes, or CONFIG_INVALID naming the first key at fault.
 * `file` names the file in messages.
 */
export function validateConfig(raw: unknown, file: string): RecallBoxConfig {
  if (!isPlainObject(raw)) throw invalid(file, `must hold a JSON object of settings, got ${shown(raw)}.`);
  if (raw[SCHEMA_KEY] !== undefined && typeof raw[SCHEMA_KEY] !== 'string') throw invalid(file, `"${SCHEMA_KEY}" must be a string (the schema's path or URL).`);
  checkTable(CONFIG_FIELDS, raw, '', file, [SCHEMA_KEY]);
  const { [SCHEMA_KEY]: _schema, ...config } = raw;
  checkCombinations(config as RecallBoxConfig, file);
  return config as RecallBoxConfig;
}

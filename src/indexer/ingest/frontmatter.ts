/**
 * Front matter: the YAML block at the top of a Markdown/MDX page, reduced to the fields search uses.
 * The block itself is located by remark-frontmatter (markdown.ts); this module only reads its YAML.
 */
import { isScalar, isSeq, parseDocument as parseYaml, type Document } from 'yaml';
import { RecallBoxError } from '../../core/errors.ts';
import { normalizeLang } from '../../core/analysis/lang.ts';
import type { Lang } from '../../core/types.ts';
import { codePoints, MAX_FACET_VALUE_CHARS, MAX_FACET_VALUES_PER_PAGE, normalizeFacetValue } from '../../core/pack/facets.ts';

export interface FrontMatter {
  title?: string;
  description?: string;
  tags: string[];
  lang?: Lang;
  /** The configured facets' values (facet name → values), for the names the page has values of; absent when none. */
  facets?: Record<string, string[]>;
  /** What of those values was left out for the bounds (core/pack/facets.ts), said for the build's warning; absent when nothing. */
  facetsDropped?: string[];
}

export const EMPTY_FRONT_MATTER: FrontMatter = { tags: [] };

/**
 * Read the fields of a YAML front matter block. Throws RecallBoxError('FRONT_MATTER_INVALID') when
 * the YAML does not parse, is not a mapping, or a field has an unusable type: a page whose metadata
 * cannot be trusted is reported rather than indexed with a guessed title.
 */
export function parseFrontMatter(yamlText: string, facetNames: readonly string[] = []): FrontMatter {
  const doc = parseYaml(yamlText, { prettyErrors: false });
  if (doc.errors.length > 0) {
    throw invalid(`YAML error: ${firstLine(doc.errors[0].message)}`);
  }
  const data: unknown = doc.toJS();
  if (data === null || data === undefined) return EMPTY_FRONT_MATTER; // `---\n---`: empty block
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw invalid('front matter must be a YAML mapping (key: value lines)');
  }
  const fields = data as Record<string, unknown>;
  const meta: FrontMatter = {
    title: optionalText(fields.title, 'title'),
    description: optionalText(fields.description, 'description'),
    tags: tagList(fields.tags),
    lang: optionalLang(fields.lang),
  };
  return facetNames.length === 0 ? meta : { ...meta, ...facetValues(doc, fields, facetNames) };
}

/**
 * The configured facets' values: each field read as `tags` is (text or a list of text; a mapping
 * is FRONT_MATTER_INVALID), except that a number or boolean is kept as written (`version: 1.10` is
 * "1.10", not 1.1), each value normalised (normalizeFacetValue), empty and repeated ones dropped.
 * A value over MAX_FACET_VALUE_CHARS and values past MAX_FACET_VALUES_PER_PAGE are left out, and
 * said in `facetsDropped`.
 */
function facetValues(doc: Document, fields: Record<string, unknown>, names: readonly string[]): Pick<FrontMatter, 'facets' | 'facetsDropped'> {
  const facets: Record<string, string[]> = {};
  const dropped: string[] = [];
  for (const name of names) {
    // Own fields only: `constructor` is a valid facet name and every object's inherited property.
    if (!Object.hasOwn(fields, name)) continue;
    const value = fields[name];
    if (value === undefined || value === null) continue;
    const node = doc.get(name, true);
    const items = Array.isArray(value) ? value : [value];
    const nodes = isSeq(node) ? node.items : [node];
    const values: string[] = [];
    const seen = new Set<string>();
    let long = 0;
    let over = 0;
    items.forEach((item, i) => {
      const text = facetText(item, nodes[i], name);
      if (text === '' || seen.has(text)) return;
      seen.add(text);
      if (codePoints(text) > MAX_FACET_VALUE_CHARS) long++;
      else if (values.length >= MAX_FACET_VALUES_PER_PAGE) over++;
      else values.push(text);
    });
    if (values.length > 0) facets[name] = values;
    if (long > 0) dropped.push(`"${name}": ${long} value${long === 1 ? '' : 's'} over ${MAX_FACET_VALUE_CHARS} characters left out`);
    if (over > 0) dropped.push(`"${name}": ${over} value${over === 1 ? '' : 's'} past the first ${MAX_FACET_VALUES_PER_PAGE} left out`);
  }
  return { ...(Object.keys(facets).length > 0 && { facets }), ...(dropped.length > 0 && { facetsDropped: dropped }) };
}

/** One value as text: a string normalised; a number or boolean as its source wrote it (its YAML `node`), else as JavaScript prints it. */
function facetText(value: unknown, node: unknown, field: string): string {
  if (typeof value === 'string') return normalizeFacetValue(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return isScalar(node) && typeof node.source === 'string' ? normalizeFacetValue(node.source) : String(value);
  }
  if (value === null || value === undefined) return '';
  throw invalid(`"${field}" (a facet) must be text or a list of text, got ${describe(value)}`);
}

/** Strings as they are; numbers and booleans as written (`title: 404`); absent/null → undefined. */
function optionalText(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return normalizeSpace(value) || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw invalid(`"${field}" must be text, got ${describe(value)}`);
}

/** `tags: guide` or `tags: [guide, routing]`; non-text list items are an error, empties are dropped. */
function tagList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  const tags: string[] = [];
  for (const item of items) {
    const tag = optionalText(item, 'tags');
    if (tag !== undefined && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

function optionalLang(value: unknown): Lang | undefined {
  const text = optionalText(value, 'lang');
  if (text === undefined) return undefined;
  try {
    return normalizeLang(text);
  } catch {
    throw invalid(`"lang" is not a language tag: "${text}"`);
  }
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function describe(value: unknown): string {
  return Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'a mapping' : typeof value;
}

function firstLine(message: string): string {
  return message.split('\n')[0];
}

function invalid(reason: string): RecallBoxError {
  return new RecallBoxError('FRONT_MATTER_INVALID', reason);
}

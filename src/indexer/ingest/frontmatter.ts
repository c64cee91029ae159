/**
 * Front matter: the YAML block at the top of a Markdown/MDX page, reduced to the fields search uses.
 * The block itself is located by remark-frontmatter (markdown.ts); this module only reads its YAML.
 */
import { parseDocument as parseYaml } from 'yaml';
import { RecallBoxError } from '../../core/errors.ts';
import { normalizeLang } from '../../core/analysis/lang.ts';
import type { Lang } from '../../core/types.ts';

export interface FrontMatter {
  title?: string;
  description?: string;
  tags: string[];
  lang?: Lang;
}

export const EMPTY_FRONT_MATTER: FrontMatter = { tags: [] };

/**
 * Read the fields of a YAML front matter block. Throws RecallBoxError('FRONT_MATTER_INVALID') when
 * the YAML does not parse, is not a mapping, or a field has an unusable type: a page whose metadata
 * cannot be trusted is reported rather than indexed with a guessed title.
 */
export function parseFrontMatter(yamlText: string): FrontMatter {
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
  return {
    title: optionalText(fields.title, 'title'),
    description: optionalText(fields.description, 'description'),
    tags: tagList(fields.tags),
    lang: optionalLang(fields.lang),
  };
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

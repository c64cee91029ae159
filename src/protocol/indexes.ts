import { RecallBoxError, coveredLanguages, isRecord, normalizeLang, quoteInput, type Lang } from '../core/index.ts';

/**
 * Several indexes in one Worker: one pack per language or product version, each under its own
 * path (or key prefix) of the pack source. Pure: the Worker's config reads the list, the request
 * parser validates a requested name against it, and the app picks one per request.
 */
export interface IndexEntry {
  /** The name a request passes as `index` (e.g. `en`, `v2`). */
  name: string;
  /** Where the pack lives in the source: an assets path or a KV/R2 key prefix, `/`-delimited. */
  path: string;
  /**
   * Languages a request's `lang` picks this index for. Default: the name itself when it is a
   * language tag's shape (`en`, `zh-cn`), so `{"ja": "/pack-ja/"}` needs nothing more.
   */
  languages: Lang[];
}

/** Name of the one index a Worker has when INDEXES is not set. */
export const DEFAULT_INDEX_NAME = 'default';

/** A language tag's shape: 2–3 letters, optional subtags. Anything else is a name like `v2`. */
const LANG_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

/** `/pack/`-shaped: one leading and one trailing slash, so `${path}${file}` is always a valid key. */
export function normalizePackPath(raw: string): string {
  let path = raw.trim();
  if (!path.startsWith('/')) path = `/${path}`;
  if (!path.endsWith('/')) path = `${path}/`;
  return path;
}

/**
 * The index list from INDEXES: a JSON object of name → path, or name → {path, languages}. Order is
 * kept: the first entry is the default index. Throws a plain message (the config turns it into a
 * warning) rather than guessing at a half-understood list.
 */
export function parseIndexes(raw: string): IndexEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error('INDEXES is not JSON');
  }
  if (!isRecord(value)) throw new Error('INDEXES is not a JSON object of name → path');
  const entries = Object.entries(value);
  if (entries.length === 0) throw new Error('INDEXES is empty');
  return entries.map(([name, spec]): IndexEntry => {
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(name)) throw new Error(`index name "${name}" is not 1–64 letters, digits, ".", "_" or "-"`);
    const path = typeof spec === 'string' ? spec : isRecord(spec) && typeof spec.path === 'string' ? spec.path : null;
    if (path === null || path.trim() === '') throw new Error(`index "${name}" has no path`);
    let languages: Lang[];
    if (isRecord(spec) && spec.languages !== undefined) {
      if (!Array.isArray(spec.languages) || !spec.languages.every((l) => typeof l === 'string')) {
        throw new Error(`index "${name}" has languages that are not a list of tags`);
      }
      languages = spec.languages.map((l) => normalizeLang(l as string));
    } else {
      languages = LANG_TAG.test(name) ? [normalizeLang(name)] : [];
    }
    return { name, path: normalizePackPath(path), languages };
  });
}

/**
 * The index a request is answered from: the one it names (already validated against the list by
 * parseSearchRequest), else the first whose languages hold the requested language exactly, else
 * one holding its base language (`zh` finds `zh-cn`), else the default (the first). Chosen from the
 * configuration alone, so picking an index never loads — or is blocked by — another index's pack.
 */
export function selectIndex(indexes: readonly IndexEntry[], request: { index?: string; lang: Lang | null }): IndexEntry {
  if (indexes.length === 0) throw new RecallBoxError('INDEX_MISSING', 'no index is configured.');
  if (request.index !== undefined) {
    const named = indexes.find((i) => i.name === request.index);
    if (!named) throw unknownIndex(request.index, indexes.map((i) => i.name));
    return named;
  }
  const lang = request.lang;
  if (lang !== null) {
    // An exact tag wins over a base-language match in an earlier index.
    const chosen = indexes.find((i) => i.languages.includes(lang)) ?? indexes.find((i) => coveredLanguages(lang, i.languages).length > 0);
    if (chosen) return chosen;
  }
  return indexes[0]!;
}

/** The 400 for an index name the Worker does not have, listing the ones it has. */
export function unknownIndex(name: string, known: readonly string[]): RecallBoxError {
  const listed = known.length > 0 ? `known indexes: ${known.join(', ')}` : 'this service has a single index and takes no index parameter';
  return new RecallBoxError('UNKNOWN_INDEX', `there is no index ${quoteInput(name)}; ${listed}.`);
}

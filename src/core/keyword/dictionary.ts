/**
 * The term dictionary: every term of the keyword index, sorted, with how often it occurs — what a
 * cold isolate holds to know which terms exist before it reads any postings (decoded and checked
 * once, when the index is opened). It answers what a
 * reader's unfinished or misspelt word needs (issue 16): does this term exist, which terms begin
 * with these letters (most frequent first), and the partition a term's postings are in, so a
 * prefix reads the one or two partitions of its sorted range instead of all of them.
 *
 * Stored front-coded in the keyword head (`shared[i]` leading characters of the previous term,
 * then `suffixes[i]`): sorted terms share long prefixes (`config`, `configur`, `configuration`), so
 * the head grows by about half of what a plain list would add.
 */
import { RecallBoxError } from '../errors.ts';
import { isRecord } from '../is-record.ts';

/**
 * The dictionary as the keyword head stores it; the three lists are parallel, in term order. Plain
 * JSON arrays, decoded by the runtime's native JSON.parse: the lists as compact strings made the
 * head smaller, but decoding them in JavaScript cost a cold isolate more than the native parse
 * saved, and the Worker's cold start was no faster (tried and not kept; docs/performance.md, under
 * the cold start against the bare reads of its files).
 */
export interface StoredDictionary {
  /** UTF-16 code units each term shares with the one before it (0 for the first). */
  shared: number[];
  /** The rest of each term. */
  suffixes: string[];
  /** Postings of each term over all fields: how often it occurs, to order completions. */
  counts: number[];
}

/** A term and how often it occurs. */
export interface TermCount {
  term: string;
  count: number;
}

/** The JavaScript string order (UTF-16 code units) the dictionary and the partitions are sorted in. */
export const compareTerms = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Front-codes `entries`, which must be sorted by compareTerms and distinct. */
export function encodeDictionary(entries: readonly TermCount[]): StoredDictionary {
  const stored: StoredDictionary = { shared: [], suffixes: [], counts: [] };
  let previous = '';
  for (const { term, count } of entries) {
    let shared = 0;
    const most = Math.min(previous.length, term.length);
    while (shared < most && previous.charCodeAt(shared) === term.charCodeAt(shared)) shared++;
    stored.shared.push(shared);
    stored.suffixes.push(term.slice(shared));
    stored.counts.push(count);
    previous = term;
  }
  return stored;
}

/**
 * Decodes a stored dictionary, checking it on the way (parallel lists, strictly sorted distinct
 * terms): one pass over the terms, made once when an index is opened. Returns the problem instead
 * when it is not a dictionary.
 */
export function decodeDictionary(value: unknown): { terms: string[]; counts: number[] } | string {
  if (!isRecord(value)) return 'is not an object';
  const { shared, suffixes, counts } = value;
  if (!Array.isArray(shared) || !Array.isArray(suffixes) || !Array.isArray(counts)) return 'needs the lists shared, suffixes and counts';
  if (shared.length !== suffixes.length || counts.length !== suffixes.length) return 'shared, suffixes and counts differ in length';
  const terms: string[] = new Array<string>(suffixes.length);
  let previous = '';
  for (let i = 0; i < suffixes.length; i++) {
    const keep = shared[i];
    const suffix = suffixes[i];
    if (!Number.isInteger(keep) || keep < 0 || keep > previous.length) return `entry ${i} shares more than the term before it has`;
    if (typeof suffix !== 'string') return `entry ${i} has no suffix`;
    if (!Number.isInteger(counts[i]) || counts[i] < 0) return `entry ${i} has no count`;
    const term = keep === 0 ? suffix : previous.slice(0, keep) + suffix;
    if (i > 0 && !follows(previous, keep, suffix, term)) return `terms are not sorted and distinct at entry ${i} ("${term}")`;
    terms[i] = term;
    previous = term;
  }
  return { terms, counts: counts as number[] };
}

/**
 * Whether `term` (the first `keep` code units of `previous`, then `suffix`) sorts after `previous`.
 * The two agree up to `keep`, so the first code unit after it decides, one comparison instead of
 * compareTerms over the shared prefix, unless the suffix begins with the code unit `previous` has
 * there (a shorter shared prefix than the encoder writes), which the whole comparison settles.
 */
function follows(previous: string, keep: number, suffix: string, term: string): boolean {
  if (keep === previous.length) return suffix.length > 0;
  if (suffix.length === 0) return false;
  const next = suffix.charCodeAt(0);
  const was = previous.charCodeAt(keep);
  return next !== was ? next > was : compareTerms(previous, term) < 0;
}

/** The decoded dictionary with its lookups (from decodeDictionary). */
export class TermDictionary {
  constructor(
    readonly terms: readonly string[],
    readonly counts: readonly number[],
  ) {}

  /** Decodes `stored` (decodeDictionary); INDEX_CORRUPT naming the problem when it is not a dictionary. */
  static from(stored: unknown): TermDictionary {
    const decoded = decodeDictionary(stored);
    if (typeof decoded === 'string') throw new RecallBoxError('INDEX_CORRUPT', `keyword index: dictionary ${decoded}`);
    return new TermDictionary(decoded.terms, decoded.counts);
  }

  /** The position of the first term ≥ `term` (the dictionary's size when there is none). */
  lowerBound(term: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareTerms(this.terms[mid]!, term) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** How often `term` occurs; 0 when the index does not hold it. */
  count(term: string): number {
    const at = this.lowerBound(term);
    return this.terms[at] === term ? this.counts[at]! : 0;
  }

  /**
   * The longest term that `word` begins with, of at least `minLength` characters, or null: the
   * finished word's stem inside a word cut past it (`componen` → `compon`).
   */
  longestPrefixOf(word: string, minLength: number): string | null {
    for (let n = word.length - 1; n >= minLength; n--) {
      if (this.has(word.slice(0, n))) return word.slice(0, n);
    }
    return null;
  }

  has(term: string): boolean {
    return this.terms[this.lowerBound(term)] === term;
  }

  /**
   * The terms that begin with `prefix` and are longer than it, most frequent first (ties in term
   * order), at most `limit`. Reads one contiguous range of the sorted terms.
   */
  completions(prefix: string, limit: number): TermCount[] {
    if (prefix === '' || limit <= 0) return [];
    const found: TermCount[] = [];
    for (let i = this.lowerBound(prefix); i < this.terms.length && this.terms[i]!.startsWith(prefix); i++) {
      if (this.terms[i] !== prefix) found.push({ term: this.terms[i]!, count: this.counts[i]! });
    }
    return found.sort((a, b) => b.count - a.count || compareTerms(a.term, b.term)).slice(0, limit);
  }
}

/**
 * Evidence for a hit: the one or two paragraphs of a section that hold most of the query's terms,
 * trimmed around the matches, plus how much of the query the section covers at all.
 *
 * Everything here is computed from `searchableText(section)` — exactly the text the keyword index
 * is built from — analysed ONCE with `segment()`. Section coverage and paragraph matches come from
 * that one token list, so a term the index matched can never be missing from the evidence (which
 * would silently strip good hits of their evidence), nor can evidence cite a term the index never saw.
 */
import { RecallBoxError } from '../errors.ts';
import { sectionFields } from '../analysis/fields.ts';
import type { AnalyzerOptions, Token } from '../analysis/segment.ts';
import { excerptOf, type TermMatch } from './snippet.ts';
import { matchesIn, sectionMatches, type SectionMatches } from './section-matches.ts';
import type { Section } from '../types.ts';

/** Where in the section an excerpt comes from, so the widget can render code as code. */
export type EvidenceSource = 'title' | 'heading' | 'description' | 'text' | 'code';

export interface EvidenceExcerpt {
  /** The paragraph, or a window of it with `…` where it was cut. */
  text: string;
  /** [start, end) UTF-16 offsets into `text`, sorted and non-overlapping; each covers query-term matches. */
  highlights: Array<[number, number]>;
  /** Distinct query terms in the WHOLE paragraph / query terms, in [0, 1]. */
  coverage: number;
  source: EvidenceSource;
}

export interface Evidence {
  /** At most `maxExcerpts`, best coverage first, then earlier in the section; empty when none qualifies. */
  excerpts: EvidenceExcerpt[];
  /** Share of the query's terms found anywhere in `searchableText(section)` (its first MAX_EXAMINED_CHARS), in [0, 1]. */
  coverage: number;
}

export interface EvidenceOptions {
  /**
   * Least paragraph coverage for a paragraph to be shown. Range 0..1. Default 0.15: a paragraph
   * holding one term of a seven-term question (0.14) is usually about something else, while one
   * term of a short query (≥ 0.17 up to six terms) is on topic. A paragraph with no match at all is
   * never shown, even at 0: unrelated text is worse than no evidence.
   */
  minCoverage: number;
  /** Most excerpts returned. Integer ≥ 1. Default 2: a second paragraph adds proof; a third is a page. */
  maxExcerpts: number;
  /**
   * Longest excerpt in characters, ellipses included. Integer ≥ 20. Default 240: about three lines
   * of a result card; a longer paragraph is cut to the window with the most query terms.
   */
  maxLength: number;
  /**
   * Characters of context kept before the first match when a paragraph is cut. Range
   * 0..maxLength/2. Default 40: a few words, so a match does not open the excerpt out of nowhere.
   */
  lead: number;
  /**
   * How far (characters) a cut may move to land on whitespace instead of mid-word. Integer ≥ 0.
   * Default 20: about three words; text without spaces (Chinese, Japanese) is cut where the window ends.
   */
  snapDistance: number;
}

export const DEFAULT_EVIDENCE_OPTIONS: Readonly<EvidenceOptions> = Object.freeze({
  minCoverage: 0.15,
  maxExcerpts: 2,
  maxLength: 240,
  lead: 40,
  snapDistance: 20,
});

/** A paragraph of the searchable text: [start, end) offsets into `searchableText(section)`. */
interface Paragraph {
  start: number;
  end: number;
  source: EvidenceSource;
}

const ELLIPSIS_SPACE = 2; // one `…` at each end of a cut excerpt

/**
 * The evidence of `section` for a query whose analysed terms are `queryTerms`. `conceptOf`, when a
 * concept may be matched by several terms (a word and its completions or corrections), names each
 * term's concept, so coverage counts concepts, not terms; without it every term is its own concept.
 */
export function evidenceFor(
  section: Section,
  queryTerms: ReadonlySet<string>,
  analyzer: Partial<AnalyzerOptions>,
  options: Partial<EvidenceOptions> = {},
  conceptOf?: ReadonlyMap<string, string>,
): Evidence {
  return evidenceFrom(section, sectionMatches(section, queryTerms, analyzer), queryTerms.size, options, conceptOf);
}

/**
 * evidenceFor from the section's matches found already (section-matches.ts), for a search that
 * analysed the section once; `termCount`: the number of query terms.
 */
export function evidenceFrom(
  section: Section,
  found: SectionMatches,
  termCount: number,
  options: Partial<EvidenceOptions> = {},
  conceptOf?: ReadonlyMap<string, string>,
): Evidence {
  const opts = resolveOptions(options);
  if (termCount === 0) return { excerpts: [], coverage: 0 };
  const { full, matches } = found;
  const concepts = conceptOf ? new Set(conceptOf.values()).size : termCount;
  const distinct = (tokens: readonly Token[]) => new Set(tokens.map((t) => conceptOf?.get(t.term) ?? t.term)).size;
  const coverage = distinct(matches) / concepts;
  const scored = paragraphsOf(section, full, matches)
    .map((p, position) => {
      const inside = within(matches, p);
      return { p, position, inside, coverage: distinct(inside) / concepts };
    })
    .filter((s) => s.coverage > 0 && s.coverage >= opts.minCoverage)
    .sort((a, b) => b.coverage - a.coverage || a.position - b.position)
    .slice(0, opts.maxExcerpts);
  const excerpts = scored.map((s) => trim(full.slice(s.p.start, s.p.end), matchesIn(s.inside, s.p.start, s.p.end - s.p.start), s.p.source, s.coverage, opts));
  return { excerpts, coverage };
}

function resolveOptions(options: Partial<EvidenceOptions>): EvidenceOptions {
  const o = { ...DEFAULT_EVIDENCE_OPTIONS, ...options };
  const bad = (name: string, rule: string) => new RecallBoxError('INVALID_OPTIONS', `evidence option ${name} must be ${rule}.`);
  if (!(o.minCoverage >= 0 && o.minCoverage <= 1)) throw bad('minCoverage', 'in 0..1');
  if (!Number.isInteger(o.maxExcerpts) || o.maxExcerpts < 1) throw bad('maxExcerpts', 'an integer ≥ 1');
  if (!Number.isInteger(o.maxLength) || o.maxLength < 20) throw bad('maxLength', 'an integer ≥ 20');
  if (!(o.lead >= 0 && o.lead <= o.maxLength / 2)) throw bad('lead', 'in 0..maxLength/2');
  if (!Number.isInteger(o.snapDistance) || o.snapDistance < 0) throw bad('snapDistance', 'an integer ≥ 0');
  return o;
}

/**
 * The tokens lying wholly in paragraph `p`. `tokens` are in text order (by start), so the
 * paragraph's are one run found by binary search: each paragraph reads its own matches only, where
 * filtering every match for every paragraph cost paragraphs × matches (issue 19).
 */
function within(tokens: readonly Token[], p: Paragraph): Token[] {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid]!.start < p.start) lo = mid + 1;
    else hi = mid;
  }
  const out: Token[] = [];
  for (let i = lo; i < tokens.length && tokens[i]!.start < p.end; i++) if (tokens[i]!.end <= p.end) out.push(tokens[i]!);
  return out;
}

/**
 * The paragraphs of the searchable text that can hold a match, in its order, as ranges of `full`:
 * those of the parts (labelledParts) where one of `matches` lies; the others would score nothing.
 *
 * Separators: ingest (`src/indexer/ingest/text.ts`) writes each prose block — paragraph, list item,
 * table row, sub-heading — as ONE whitespace-normalised line of `Section.text`, so prose paragraphs
 * are separated by a single '\n' (there are never blank lines to split on). Code blocks are joined
 * with '\n' too, but inside code a '\n' is just a source line, so code is split on blank lines: the
 * author's own grouping. No token crosses a line break (the analyzer never joins across whitespace),
 * so cutting `full` into paragraphs keeps every token of the one analysis whole.
 */
function paragraphsOf(section: Section, full: string, matches: readonly Token[]): Paragraph[] {
  const out: Paragraph[] = [];
  for (const part of labelledParts(section, full)) {
    // Splitting reads the whole part: a part without a match (often a long code block) is skipped.
    if (within(matches, part).length === 0) continue;
    const separator = part.source === 'code' ? /\n[ \t]*\n/g : /\n/g;
    let from = part.start;
    const pieces = full.slice(part.start, part.end).split(separator);
    // Recover each piece's offset by searching forward: separators vary in length (blank lines).
    for (const piece of pieces) {
      const at = full.indexOf(piece, from);
      if (piece.trim() !== '') out.push({ start: at, end: at + piece.length, source: part.source });
      from = at + piece.length;
    }
  }
  return out;
}

/**
 * The searchable text cut into the parts of the section it came from. The parts are located in
 * `full` itself (searching forward), never rebuilt, so the ranges stay exact even if `fields.ts`
 * changes its separators; text that cannot be attributed is still searchable, and labelled 'text'.
 */
function labelledParts(section: Section, full: string): Paragraph[] {
  const fields = sectionFields(section);
  const parts: Paragraph[] = [];
  let cursor = 0;
  const take = (source: EvidenceSource, text: string, limit: number): boolean => {
    const at = locate(full, text, cursor);
    // A part must follow the previous one with nothing but separators between: this keeps a short
    // field from being "found" inside a later one that happens to contain the same words.
    if (at === undefined || at + text.length > limit || full.slice(cursor, at).trim() !== '') return false;
    parts.push({ start: at, end: at + text.length, source });
    cursor = at + text.length;
    return true;
  };
  take('title', fields.title, full.length);
  take('heading', fields.headings, full.length);
  const bodyAt = locate(full, fields.body, cursor);
  if (bodyAt === undefined) return parts;
  const bodyEnd = bodyAt + fields.body.length;
  cursor = bodyAt;
  // The body field is description (page intro only), prose and code: find which of them it holds.
  take('description', section.description, bodyEnd);
  take('text', section.text, bodyEnd);
  take('code', section.code, bodyEnd);
  if (full.slice(cursor, bodyEnd).trim() !== '') parts.push({ start: cursor, end: bodyEnd, source: 'text' });
  return parts;
}

function locate(full: string, text: string, from: number): number | undefined {
  if (text.length === 0) return undefined;
  const at = full.indexOf(text, from);
  return at < 0 ? undefined : at;
}

/**
 * The paragraph shown whole when it fits, else cut around its matches by the snippet windowing
 * (most distinct terms, snapped to word boundaries, `…` at cuts, highlights shifted and merged).
 * The paragraph alone analyses to the same tokens as within `full` (no token crosses a line break).
 */
function trim(paragraph: string, matches: readonly TermMatch[], source: EvidenceSource, coverage: number, opts: EvidenceOptions): EvidenceExcerpt {
  const length = paragraph.length <= opts.maxLength ? opts.maxLength : opts.maxLength - ELLIPSIS_SPACE;
  const lead = Math.min(opts.lead, Math.floor(length / 2));
  const snippet = excerptOf(paragraph, matches, 'text', { length, lead, snapDistance: opts.snapDistance });
  return { text: snippet.text, highlights: snippet.highlights, coverage, source };
}

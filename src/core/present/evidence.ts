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
import type { SearchablePart, SearchablePartName } from '../analysis/fields.ts';
import type { AnalyzerOptions, Token } from '../analysis/segment.ts';
import { excerptOf, type TermMatch } from './snippet.ts';
import { matchesIn, sectionMatches, tokensWithin, type SectionMatches } from './section-matches.ts';
import type { Section } from '../types.ts';

/**
 * Where in the section an excerpt comes from (`title`, `heading`, `description`, `text`, `code`:
 * the searchable text's parts), so the widget can render code as code.
 */
export type EvidenceSource = SearchablePartName;

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

/** [start, end) offsets into `searchableText(section)`. */
interface TextRange {
  start: number;
  end: number;
}

/** A paragraph of the searchable text, and the part it is in. */
interface Paragraph extends TextRange {
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
  conceptOf?: ReadonlyMap<string, number>,
): Evidence {
  return evidenceFrom(sectionMatches(section, queryTerms, analyzer), queryTerms.size, options, conceptOf);
}

/**
 * evidenceFor from the section's matches found already (section-matches.ts), for a search that
 * analysed the section once; `termCount`: the number of query terms.
 */
export function evidenceFrom(
  found: SectionMatches,
  termCount: number,
  options: Partial<EvidenceOptions> = {},
  conceptOf?: ReadonlyMap<string, number>,
): Evidence {
  const opts = resolveOptions(options);
  if (termCount === 0) return { excerpts: [], coverage: 0 };
  const { full, matches } = found;
  const concepts = conceptOf ? new Set(conceptOf.values()).size : termCount;
  const distinct = (tokens: readonly Token[]) => new Set(tokens.map((t) => conceptOf?.get(t.term) ?? t.term)).size;
  const coverage = distinct(matches) / concepts;
  const scored = paragraphsOf(full, found.parts, matches)
    .map(({ p, inside }, position) => ({ p, position, inside, coverage: distinct(inside) / concepts }))
    .filter((s) => s.coverage >= opts.minCoverage)
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

/** A paragraph and the matches lying wholly in it (at least one). */
interface ParagraphMatches {
  p: Paragraph;
  inside: Token[];
}

/**
 * The paragraphs of the searchable text that hold a match, in its order, with their matches: the
 * others would score nothing. Found from the matches, without cutting the whole text into
 * paragraphs (each cut was a copy; issue 19).
 *
 * Separators: ingest (`src/indexer/ingest/text.ts`) writes each prose block — paragraph, list item,
 * table row, sub-heading — as ONE whitespace-normalised line of `Section.text`, so prose paragraphs
 * are separated by a single '\n' (there are never blank lines to split on): a match's paragraph is
 * its line. Code blocks are joined with '\n' too, but inside code a '\n' is just a source line, so
 * code is cut on blank lines: the author's own grouping. No token crosses a line break (the
 * analyzer never joins across whitespace), so every match lies whole in one paragraph.
 */
function paragraphsOf(full: string, parts: readonly SearchablePart[], matches: readonly Token[]): ParagraphMatches[] {
  const out: ParagraphMatches[] = [];
  for (const part of parts) {
    const inPart = tokensWithin(matches, part);
    if (inPart.length === 0) continue;
    const ranges = part.name === 'code' ? blockRanges(full, part) : lineRanges(full, part, inPart);
    for (const range of ranges) {
      const inside = tokensWithin(inPart, range);
      if (inside.length > 0) out.push({ p: { ...range, source: part.name }, inside });
    }
  }
  return out;
}

/** The lines of `part` that hold one of `inPart` (its matches, in order), each once. */
function lineRanges(full: string, part: SearchablePart, inPart: readonly Token[]): TextRange[] {
  const out: TextRange[] = [];
  for (const m of inPart) {
    if (out.length > 0 && m.start < out[out.length - 1]!.end) continue;
    const start = Math.max(part.start, full.lastIndexOf('\n', m.start - 1) + 1);
    const next = full.indexOf('\n', m.end);
    out.push({ start, end: next === -1 ? part.end : Math.min(next, part.end) });
  }
  return out;
}

/** `part` cut on blank lines (`\n`, spaces or tabs, `\n`), as String.split would cut it, as ranges of `full`. */
function blockRanges(full: string, part: SearchablePart): TextRange[] {
  const out: TextRange[] = [];
  const separator = /\n[ \t]*\n/g;
  let from = part.start;
  for (;;) {
    separator.lastIndex = from;
    const m = separator.exec(full);
    // A separator reaching past the part is none of the part's: after its '\n' only spaces and tabs
    // are left in the part, so no other separator starts inside it either.
    if (m === null || m.index + m[0].length > part.end) break;
    out.push({ start: from, end: m.index });
    from = m.index + m[0].length;
  }
  out.push({ start: from, end: part.end });
  return out;
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

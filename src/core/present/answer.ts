/**
 * The extractive answer (issue 50): the sentence or two of the top result's prose that best cover
 * the query's concepts, with the section's heading and link — what the answer card shows and what
 * `/search` returns as `answer`, so other clients and agents get it too. No language model: the
 * sentences are the docs' own, chosen by which of the query's concepts they hold.
 *
 * Never a heading alone (a short line without a sentence's end is a heading, a label or a table
 * cell: it names the topic, it does not answer), and never a sentence that negates what the
 * question asks or asks the negation of what the sentence says (`without a server` against a
 * sentence about testing with one): a card that says the opposite of the question is worse than
 * none. When no sentence covers enough of the question there is no answer, and the verdict reads
 * that (search.ts: an `answer` outcome needs one).
 *
 * Pure: reads the top result's matches as the presentation stage found them (section-matches.ts),
 * no second analysis of the section.
 */
import type { Token } from '../analysis/segment.ts';
import { RecallBoxError } from '../errors.ts';
import { firstAtOrAfter, tokensWithin, type SectionMatches } from './section-matches.ts';
import { excerptOf } from './snippet.ts';

/** The answer a search gives, when the top result's prose has one. */
export interface Answer {
  /** The sentence or two, cut with `…` when longer than AnswerOptions.maxLength. */
  text: string;
  /** [start, end) UTF-16 offsets of the query's matches in `text`. */
  highlights: Array<[number, number]>;
  /** The section's URL (with its anchor). */
  url: string;
  /** The section's heading (its title). */
  heading: string;
  /** Share of the question's concept weight (IDF) the text holds, in [0, 1]. */
  coverage: number;
}

export interface AnswerOptions {
  /** Give answers at all. Default true. Off, no outcome needs one (`required` does not apply). */
  enabled: boolean;
  /**
   * A question's `answer` outcome needs an answer: without one the verdict says `uncertain` (the
   * results, under the notice), whatever the score. Default true: a confident verdict whose top
   * section holds no sentence covering the question has nothing to show as its answer. A lookup or
   * an overview (a name, a few keywords: analysis/query.ts) is answered by the section it finds,
   * card or not.
   */
  required: boolean;
  /**
   * Least share of the query's concept weight (each concept weighted by its IDF) the chosen
   * sentences must hold. Range 0..1. Default 0.25: below it a sentence shares a common word with
   * the question and is about something else — a card a reader would not trust. Held out on the
   * docs sites (`npx tsx scripts/fit-verdict.ts --packs <dir> --answer-coverage <bar>`), the bar
   * costs recall and buys no measured card quality: 0.25 instead of 0 answered 0–4 points fewer of
   * the questions whose first result is right, its card holding the labelled answer between 2
   * points less and 3 more often; 0.5 answered 10–17 points fewer, its card up to 9 points more often.
   */
  minCoverage: number;
  /**
   * Fewest words a line needs to count as a sentence when it does not end like one (`.`, `!`, `?`,
   * `:`, `。`). Integer ≥ 1. Default 8: headings, list labels and table cells are shorter.
   */
  minWords: number;
  /** Longest answer in characters, ellipses included. Integer ≥ 40. Default 320: two sentences of prose. */
  maxLength: number;
}

export const DEFAULT_ANSWER_OPTIONS: Readonly<AnswerOptions> = Object.freeze({
  enabled: true,
  required: true,
  minCoverage: 0.25,
  minWords: 8,
  maxLength: 320,
});

/** The query's concepts as the answer weighs them. */
export interface AnswerQuery {
  /** The query as typed: its negations are read from it. */
  text: string;
  /** Each concept's word as typed, by concept index (QueryAnalysis.words): which of them a negation in `text` reaches. */
  words: readonly string[];
  /** Each matched term's concept index (a word and its completions or corrections share one). */
  conceptOf: ReadonlyMap<string, number>;
  /** Each concept's weight (its IDF), by concept index. */
  weights: readonly number[];
}

/** The section the answer is taken from. */
export interface AnswerSection {
  url: string;
  title: string;
}

/** [start, end) of a sentence in the searchable text. */
interface Span {
  start: number;
  end: number;
}

/**
 * Words that turn what follows into its opposite, in the languages whose docs say it in words
 * (English). A question with one of them asks for the negation; a sentence with one next to a
 * matched term says it. Lower case, as the text is compared.
 */
const NEGATIONS = new Set(['not', 'no', 'never', 'without', 'cannot', "can't", 'cant', "don't", 'dont', "doesn't", 'doesnt', "isn't", "aren't", "won't", 'neither', 'nor']);

/** Words a negation reaches: `not` in "does not require a running server" reaches `server`. */
const NEGATION_REACH = 4;

/** How a line ends when it is a sentence (or introduces a list or code: `:`). */
const SENTENCE_END = /[.!?:。！？]["'”’)\]]*$/u;

/** Sentence breaks inside a line: after `.`, `!` or `?` and a space, before a capital, a quote or a code span; or after a CJK full stop. */
const SENTENCE_BREAK = /(?<=[.!?])\s+(?=[\p{Lu}"'“‘`(\[])|(?<=[。！？])/gu;

const WORD = /[\p{L}\p{N}'’]+/gu;

/**
 * Longest sentence considered, in answers' maxLength: a run of text this long without a sentence
 * break is a table flattened or a list run together, not a sentence to answer with, and reading its
 * words for negations would cost a hostile page's search dearly.
 */
const SENTENCE_SPAN = 4;

export function answerFrom(found: SectionMatches, section: AnswerSection, query: AnswerQuery, options: Partial<AnswerOptions> = {}): Answer | null {
  const opts = resolveOptions(options);
  if (!opts.enabled) return null;
  const total = query.weights.reduce((a, w) => a + w, 0);
  const text = found.parts.find((p) => p.name === 'text');
  if (!text || !(total > 0)) return null;
  const prose = tokensWithin(found.matches, text);
  // No sentence holds more than the prose does: most sections a search presents are ruled out
  // here, unsplit.
  if (weightOf(prose, query) / total < opts.minCoverage) return null;
  const negated = negatedConcepts(query);
  let best: { spans: Span[]; weight: number; tokens: Token[] } | null = null;
  const sentences = sentencesNear(found.full, text, prose, opts.minWords, SENTENCE_SPAN * opts.maxLength);
  for (let i = 0; i < sentences.length; i++) {
    const one = sentences[i]!;
    const tokens = tokensWithin(prose, one);
    if (tokens.length === 0) continue;
    // The next sentence of the same paragraph, or the line a `:` introduces, when it fits: the
    // sentence after the one matching the question's words often holds the rest of the answer
    // (chosen on the labelled answers of bench/queries/sites, an ad hoc count of a little more
    // held: no command of the project reproduces it). A line of its own after a sentence is as
    // often a sub-heading as a continuation.
    const next = sentences[i + 1];
    const introduces = /:\s*$/.test(found.full.slice(one.start, one.end));
    const pairs = next !== undefined && (introduces || !found.full.slice(one.end, next.start).includes('\n')) && next.end - one.start <= opts.maxLength;
    const more = pairs ? tokensWithin(prose, next) : [];
    // Weighed before the negation checks, which read the words: a sentence that cannot beat the best is not read.
    if (best !== null && weightOf([...tokens, ...more], query) <= best.weight + 1e-9) continue;
    if (contradicts(found.full, one, tokens, negated, query)) continue;
    const paired = pairs && !contradicts(found.full, next, more, negated, query);
    const held = paired ? [...tokens, ...more] : tokens;
    const weight = weightOf(held, query);
    if (best === null || weight > best.weight + 1e-9) best = { spans: paired ? [one, next] : [one], weight, tokens: held };
  }
  if (best === null || best.weight / total < opts.minCoverage) return null;
  const start = best.spans[0]!.start;
  const end = best.spans[best.spans.length - 1]!.end;
  const raw = found.full.slice(start, end);
  const matches = best.tokens.map((t) => ({ start: t.start - start, end: t.end - start, term: t.term }));
  const length = raw.length <= opts.maxLength ? opts.maxLength : opts.maxLength - 2;
  const cut = excerptOf(raw, matches, 'text', { length, lead: Math.floor(length / 4), snapDistance: 20 });
  return { text: cut.text, highlights: cut.highlights, url: section.url, heading: section.title, coverage: Math.round((1000 * best.weight) / total) / 1000 };
}

/** The concept weight the tokens hold: each concept once. */
function weightOf(tokens: readonly Token[], query: AnswerQuery): number {
  const seen = new Set<number>();
  let weight = 0;
  for (const t of tokens) {
    const c = query.conceptOf.get(t.term);
    if (c === undefined || seen.has(c)) continue;
    seen.add(c);
    weight += query.weights[c] ?? 0;
  }
  return weight;
}

/**
 * The sentences of the prose part's lines that hold a match, and of the line after each (what a
 * matched sentence may pair with): each line cut at sentence breaks, a piece a sentence if it
 * ends like one or is long enough. `matches`: the part's matches, in text order.
 */
function sentencesNear(full: string, part: Span, matches: readonly Token[], minWords: number, maxChars: number): Span[] {
  const out: Span[] = [];
  let after = part.start;
  const lineAt = (at: number): Span => {
    const next = full.indexOf('\n', at);
    return { start: at, end: next === -1 || next > part.end ? part.end : next };
  };
  const take = (line: Span) => {
    out.push(...sentencesOfLine(full, line, minWords, maxChars));
    after = line.end + 1;
  };
  for (const m of matches) {
    if (m.start < after) continue;
    const line = lineAt(Math.max(part.start, full.lastIndexOf('\n', m.start - 1) + 1));
    take(line);
    if (after < part.end) take(lineAt(after));
  }
  return out;
}

/** One line cut at sentence breaks; the pieces that are sentences, at most `maxChars` long (a longer run without a break is no sentence a card could show). */
function sentencesOfLine(full: string, line: Span, minWords: number, maxChars: number): Span[] {
  const out: Span[] = [];
  const text = full.slice(line.start, line.end);
  let from = 0;
  SENTENCE_BREAK.lastIndex = 0;
  const cuts: number[] = [];
  for (let m = SENTENCE_BREAK.exec(text); m !== null; m = SENTENCE_BREAK.exec(text)) {
    cuts.push(m.index + m[0].length);
    if (m[0].length === 0) SENTENCE_BREAK.lastIndex++;
  }
  for (const to of [...cuts, text.length]) {
    const s = trimSpan(text, from, to);
    if (s && s.end - s.start <= maxChars && isSentence(text.slice(s.start, s.end), minWords)) out.push({ start: line.start + s.start, end: line.start + s.end });
    from = to;
  }
  return out;
}

function trimSpan(line: string, from: number, to: number): Span | null {
  while (from < to && /\s/.test(line[from]!)) from++;
  while (to > from && /\s/.test(line[to - 1]!)) to--;
  return to > from ? { start: from, end: to } : null;
}

/** A sentence, not a heading or a label: it ends like one, or it is long enough to be prose. */
function isSentence(text: string, minWords: number): boolean {
  const words = text.match(WORD)?.length ?? 0;
  if (words < 3 && !/[\u3040-\u30ff\u3400-\u9fff]/u.test(text)) return false;
  return SENTENCE_END.test(text) || words >= minWords;
}

/** Each word of `text`, lower case, with where it starts (offset by `at`). */
function wordsOf(text: string, at = 0): Array<{ word: string; start: number }> {
  const out: Array<{ word: string; start: number }> = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) out.push({ word: m[0].toLowerCase(), start: at + m.index });
  return out;
}

/** Whether a negation stands within NEGATION_REACH words before word `at` of `words`. */
function negatedAt(words: ReadonlyArray<{ word: string }>, at: number): boolean {
  return words.slice(Math.max(0, at - NEGATION_REACH), Math.max(0, at)).some((w) => NEGATIONS.has(w.word));
}

/** The concepts the question negates: those whose word a negation reaches (`without starting a server`: start, server). */
function negatedConcepts(query: AnswerQuery): Set<number> {
  const words = wordsOf(query.text);
  const out = new Set<number>();
  query.words.forEach((typed, c) => {
    const lower = typed.toLowerCase();
    words.forEach((w, i) => {
      if (w.word === lower && negatedAt(words, i)) out.add(c);
    });
  });
  return out;
}

/**
 * Whether the sentence says the opposite of the question: the question negates concepts and the
 * sentence negates none of them (`can I use it without Cloudflare` against a sentence that is
 * `without searching`: it answers another question), or the question negates nothing and the
 * sentence negates a matched concept (a negation within NEGATION_REACH words before it).
 */
function contradicts(full: string, span: Span, tokens: readonly Token[], negated: ReadonlySet<number>, query: AnswerQuery): boolean {
  const words = wordsOf(full.slice(span.start, span.end), span.start);
  // The word a token starts, by binary search: a long sentence's many matches each find theirs in log time.
  const negatesToken = (t: Token) => negatedAt(words, firstAtOrAfter(words, t.start));
  if (negated.size > 0) return !tokens.some((t) => negated.has(query.conceptOf.get(t.term) ?? -1) && negatesToken(t));
  return tokens.some(negatesToken);
}

function resolveOptions(options: Partial<AnswerOptions>): AnswerOptions {
  const o = { ...DEFAULT_ANSWER_OPTIONS, ...options };
  const bad = (name: string, rule: string) => new RecallBoxError('INVALID_OPTIONS', `answer option ${name} must be ${rule}.`);
  if (!(o.minCoverage >= 0 && o.minCoverage <= 1)) throw bad('minCoverage', 'in 0..1');
  if (!Number.isInteger(o.minWords) || o.minWords < 1) throw bad('minWords', 'an integer ≥ 1');
  if (!Number.isInteger(o.maxLength) || o.maxLength < 40) throw bad('maxLength', 'an integer ≥ 40');
  return o;
}

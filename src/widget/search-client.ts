/**
 * Talking to the Worker's `GET /search`: building the request URL and turning any response into
 * either a list of well-formed hits (with the Worker's confidence verdict and fallback, when it
 * sends them) or a message to show. The body is treated as untrusted input: malformed hits,
 * reasons and suggestions are dropped rather than allowed to break rendering.
 */
import { isRecord } from '../core/is-record.ts';
import type { FacetCounts, SearchResponse } from '../protocol/response.ts';
import { STRINGS, type WidgetStrings } from './strings.ts';
import type { HighlightRange } from './split-highlights.ts';

// The widget's view of the Worker's answer is typed from the answer's own contract
// (SearchResponse): the subset it renders, with what it tolerates from an untrusted body.
type Result = SearchResponse['results'][number];
type Verdict = SearchResponse['confidence'];

/** A search result as the widget uses it: the subset of the Worker's result it renders. */
export interface SearchHit extends Pick<Result, 'id' | 'url' | 'title' | 'breadcrumb'> {
  /** Language of the section, for the `lang` attribute (fonts, hyphenation, screen readers). */
  lang?: string;
  /** `code` when the excerpt comes from a code block, so it can be shown as code. */
  snippet: Omit<Result['snippet'], 'highlights'> & { highlights: HighlightRange[] };
  /** The Worker's `answer` when it is this section's (its sentences that answer the query), for the answer card; absent otherwise. */
  passage?: { text: string; highlights: HighlightRange[] };
}

export interface SearchParams {
  query: string;
  /** Match the words as typed, no correction (the reader's "Search instead for …"). */
  exact?: boolean;
  /** Passed through verbatim; the Worker validates it and answers 400 if it is bad. */
  limit?: string | null;
  lang?: string | null;
}

export type ConfidenceLevel = Verdict['level'];

/**
 * One reason behind the Worker's verdict, its `message` already in the reader's language. Its code
 * is any string: a newer Worker may send codes this widget does not know, and they still show.
 */
export interface ConfidenceReason extends Omit<Verdict['reasons'][number], 'code'> {
  code: string;
}

/**
 * What the verdict makes of the results: `answer` lists them; `uncertain` lists them under the
 * low-confidence note; `fallback` shows the fallback instead. Older Workers do not send it.
 */
export type ConfidenceOutcome = Verdict['outcome'];

/** The part of the Worker's `confidence` verdict the widget uses; `outcome` decides what is shown. */
export interface SearchConfidence extends Pick<Verdict, 'score' | 'level' | 'shouldAnswer' | 'outcome'> {
  reasons: ConfidenceReason[];
}

/** What to show instead of the results when the Worker finds nothing that answers the query. */
export type SearchFallback = NonNullable<SearchResponse['fallback']>;

/** Why the Worker fell back (its message already says so); older Workers do not send it. */
export type FallbackCause = SearchFallback['cause'];

export type FallbackSuggestion = SearchFallback['suggestions'][number];

/** The Worker's `correction`: the query as searched, and each word as typed and as read. */
export type SearchCorrection = NonNullable<SearchResponse['correction']>;

/** What one request came to: hits to show (with the verdict), or a message. */
export type FetchOutcome =
  | {
      ok: true;
      hits: SearchHit[];
      /** `null` when the Worker sent no (usable) verdict, as older Workers do: the hits are shown as an answer. */
      confidence: SearchConfidence | null;
      /** Non-null exactly when `confidence.outcome` is `fallback`. */
      fallback: SearchFallback | null;
      /** "Did you mean": the query as the Worker read it, when it corrected a word; null otherwise. */
      correction: SearchCorrection | null;
      /** The last word was still being typed and matched by the words it begins (the Worker's `lastWordCompleted`). */
      completing: boolean;
      /** The Worker's facet counts (asked for with `facets=1`), malformed entries dropped; empty without them. */
      facets: FacetCounts;
    }
  /** `unreachable`: no answer at all (network, DNS, CORS); `error`: an answer that is not a result list. */
  | { ok: false; kind: 'unreachable' | 'error'; message: string };

/** The strings the client needs, in the reader's language. */
export type ClientText = Pick<WidgetStrings, 'failed' | 'unreachable' | 'fallback'>;

/** The request URL for `params`, with `endpoint` resolved against `base` (the page's URL). */
export function buildSearchUrl(endpoint: string, params: SearchParams, base: string, extra: Readonly<Record<string, string>> = {}): string {
  const url = new URL(endpoint, base);
  for (const [name, value] of Object.entries(extra)) if (typeof value === 'string') url.searchParams.set(name, value);
  url.searchParams.set('q', params.query);
  if (params.limit) url.searchParams.set('limit', params.limit);
  if (params.lang) url.searchParams.set('lang', params.lang);
  if (params.exact) url.searchParams.set('exact', '1');
  return url.href;
}

/**
 * Where a click on the last answer's results is reported (POST /events beside /search), and that
 * answer's index: set only when the Worker announced analytics (X-Recall-Box-Analytics: on), so a
 * Worker that counts nothing is never sent a beacon. Module state, not per element: a click
 * follows the answer it clicks, the last one answered.
 */
export const beacon = { url: '', index: '' };

/**
 * Fetches and interprets one search. Resolves with an outcome for every answer or network
 * failure; rejects only when `signal` aborts, so callers can tell "superseded" from "failed".
 */
export async function fetchSearch(url: string, signal: AbortSignal, text: ClientText = STRINGS.en): Promise<FetchOutcome> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (e) {
    if (signal.aborted) throw e;
    return { ok: false, kind: 'unreachable', message: text.unreachable };
  }
  try {
    body = await response.json();
  } catch (e) {
    if (signal.aborted) throw e;
    body = undefined;
  }
  if (!response.ok) return { ok: false, kind: 'error', message: errorMessage(body, response.status, text.failed) };
  beacon.url = response.headers.get('x-recall-box-analytics') === 'on' ? new URL('events', url).href : '';
  beacon.index = isRecord(body) && typeof body.index === 'string' ? body.index : '';
  const parsed = parseHits(body);
  if (!parsed) return { ok: false, kind: 'error', message: text.failed };
  const hits = withAnswer(parsed, body);
  const confidence = parseConfidence(body);
  const completing = isRecord(body) && body.lastWordCompleted === true;
  return { ok: true, hits, confidence, fallback: parseFallback(body, confidence, text.fallback), correction: parseCorrection(body), completing, facets: parseFacetCounts(body) };
}

/** The `error.message` of an error body, or a generic message naming the status. */
export function errorMessage(body: unknown, status: number, failed: string = STRINGS.en.failed): string {
  const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  if (typeof message !== 'string' || message.trim() === '') return `${failed} (HTTP ${status})`;
  // The Worker writes messages as sentence tails ("the request body is …"); shown alone they need a capital.
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** The well-formed hits of a success body, or `null` when the body has no `results` array. */
export function parseHits(body: unknown): SearchHit[] | null {
  const results = (body as { results?: unknown } | null | undefined)?.results;
  if (!Array.isArray(results)) return null;
  const hits: SearchHit[] = [];
  for (const raw of results) {
    const hit = parseHit(raw);
    if (hit) hits.push(hit);
  }
  return hits;
}

function parseHit(r: unknown): SearchHit | null {
  // An array is no hit either: it has no url.
  if (!isRecord(r) || typeof r.url !== 'string' || typeof r.title !== 'string') return null;
  // A snippet that is not an object (an array included) reads as an empty one.
  const snippet: Record<string, unknown> = isRecord(r.snippet) ? r.snippet : {};
  return {
    id: typeof r.id === 'string' ? r.id : r.url,
    url: r.url,
    title: r.title,
    breadcrumb: Array.isArray(r.breadcrumb) ? r.breadcrumb.filter((b): b is string => typeof b === 'string') : [],
    lang: typeof r.lang === 'string' && r.lang !== '' ? r.lang : undefined,
    snippet: {
      text: typeof snippet.text === 'string' ? snippet.text : '',
      highlights: highlightsOf(snippet.highlights),
      kind: snippet.kind === 'code' ? 'code' : 'text',
    },
  };
}

/**
 * The hits with the answer's sentences on the hit the body's `answer` names (by URL): the answer
 * card shows them. A body without a well-formed `answer` (no answer, or an older Worker) gives no
 * card: a passage merely holding the query's words is not an answer.
 */
export function withAnswer(hits: SearchHit[], body: unknown): SearchHit[] {
  const answer = isRecord(body) && isRecord(body.answer) ? body.answer : undefined;
  if (!answer || !isText(answer.text) || typeof answer.url !== 'string') return hits;
  const passage = { text: answer.text, highlights: highlightsOf(answer.highlights) };
  return hits.map((h) => (h.url === answer.url ? { ...h, passage } : h));
}

/** Highlight ranges by shape only; splitHighlights deals with out-of-range and overlapping values. */
function highlightsOf(raw: unknown): HighlightRange[] {
  return Array.isArray(raw) ? (raw.filter((h) => Array.isArray(h)) as unknown as HighlightRange[]) : [];
}

const LEVELS: ReadonlySet<unknown> = new Set(['high', 'medium', 'low']);
const EFFECTS: ReadonlySet<unknown> = new Set(['raises', 'lowers', 'neutral']);
const OUTCOMES: ReadonlySet<unknown> = new Set(['answer', 'uncertain', 'fallback']);
const CAUSES: ReadonlySet<unknown> = new Set(['no-results', 'not-covered', 'off-topic', 'filtered']);

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * The verdict of a success body, or `null` when it has none (an older Worker) or one without a
 * known `level` and a numeric `score`. `shouldAnswer` falls back to `level !== 'low'`, the
 * Worker's own rule, when it is not a boolean; `outcome`, which an older Worker does not send, to
 * `answer` or `fallback` by `shouldAnswer`, what such a Worker meant.
 */
export function parseConfidence(body: unknown): SearchConfidence | null {
  const c = isRecord(body) ? body.confidence : undefined;
  if (!isRecord(c) || !LEVELS.has(c.level) || typeof c.score !== 'number' || Number.isNaN(c.score)) return null;
  const level = c.level as ConfidenceLevel;
  const reasons: ConfidenceReason[] = [];
  for (const r of Array.isArray(c.reasons) ? c.reasons : []) {
    if (isRecord(r) && typeof r.code === 'string' && isText(r.message) && EFFECTS.has(r.effect)) {
      reasons.push({ code: r.code, message: r.message, effect: r.effect as ConfidenceReason['effect'] });
    }
  }
  const shouldAnswer = typeof c.shouldAnswer === 'boolean' ? c.shouldAnswer : level !== 'low';
  return {
    score: Math.min(1, Math.max(0, c.score)),
    level,
    shouldAnswer,
    outcome: OUTCOMES.has(c.outcome) ? (c.outcome as ConfidenceOutcome) : shouldAnswer ? 'answer' : 'fallback',
    reasons,
  };
}

/**
 * The fallback to show for `confidence`: `null` unless its outcome is `fallback` (an `uncertain`
 * one lists the results); then the body's fallback with malformed suggestions and link dropped,
 * the default message when the body carries none, so a reader never sees a low-confidence list
 * presented as an answer, and `off-topic` for a missing or unknown cause, the most general one.
 */
export function parseFallback(body: unknown, confidence: SearchConfidence | null, defaultMessage: string = STRINGS.en.fallback): SearchFallback | null {
  if (confidence?.outcome !== 'fallback') return null;
  const f = isRecord(body) && isRecord(body.fallback) ? body.fallback : {};
  const suggestions: FallbackSuggestion[] = [];
  for (const s of Array.isArray(f.suggestions) ? f.suggestions : []) {
    if (!isRecord(s) || !isText(s.text)) continue;
    if (s.kind === 'query') suggestions.push({ kind: 'query', text: s.text });
    else if (s.kind === 'page' && typeof s.url === 'string') suggestions.push({ kind: 'page', text: s.text, url: s.url });
  }
  const fallback: SearchFallback = { message: isText(f.message) ? f.message : defaultMessage, cause: CAUSES.has(f.cause) ? (f.cause as FallbackCause) : 'off-topic', suggestions };
  if (isRecord(f.link) && typeof f.link.url === 'string' && isText(f.link.text)) fallback.link = { url: f.link.url, text: f.link.text };
  return fallback;
}

/** The body's correction when well formed (a query and at least one word pair), else `null`. */
export function parseCorrection(body: unknown): SearchCorrection | null {
  const c = isRecord(body) ? body.correction : undefined;
  if (!isRecord(c) || !isText(c.query) || !Array.isArray(c.words)) return null;
  const words = c.words.filter((w): w is SearchCorrection['words'][number] => isRecord(w) && isText(w.typed) && isText(w.corrected));
  return words.length === 0 ? null : { query: c.query, words };
}

/** The body's facet counts: per facet, the `{value, count}` entries with a string value and a count ≥ 0. */
export function parseFacetCounts(body: unknown): FacetCounts {
  const raw = isRecord(body) && isRecord(body.facets) ? body.facets : {};
  const facets: FacetCounts = {};
  for (const [name, values] of Object.entries(raw)) {
    if (Array.isArray(values)) facets[name] = values.filter((v) => isRecord(v) && isText(v.value) && typeof v.count === 'number' && v.count >= 0).map((v) => ({ value: v.value, count: v.count }));
  }
  return facets;
}

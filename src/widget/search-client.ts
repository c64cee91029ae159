/**
 * Talking to the Worker's `GET /search`: building the request URL and turning any response into
 * either a list of well-formed hits or a message to show. The body is treated as untrusted input:
 * malformed hits are dropped rather than allowed to break rendering.
 */
import { WIDGET_TEXT } from './options.ts';
import type { HighlightRange } from './split-highlights.ts';

/** A search result as the widget uses it: the subset of the Worker's result it renders. */
export interface SearchHit {
  id: string;
  url: string;
  title: string;
  breadcrumb: string[];
  /** Language of the section, for the `lang` attribute (fonts, hyphenation, screen readers). */
  lang?: string;
  /** `code` when the excerpt comes from a code block, so it can be shown as code. */
  snippet: { text: string; highlights: HighlightRange[]; kind: 'text' | 'code' };
}

export interface SearchParams {
  query: string;
  /** Passed through verbatim; the Worker validates it and answers 400 if it is bad. */
  limit?: string | null;
  lang?: string | null;
}

export type SearchOutcome = { ok: true; hits: SearchHit[] } | { ok: false; message: string };

/** The request URL for `params`, with `endpoint` resolved against `base` (the page's URL). */
export function buildSearchUrl(endpoint: string, params: SearchParams, base: string): string {
  const url = new URL(endpoint, base);
  url.searchParams.set('q', params.query);
  if (params.limit) url.searchParams.set('limit', params.limit);
  if (params.lang) url.searchParams.set('lang', params.lang);
  return url.href;
}

/**
 * Fetches and interprets one search. Resolves with an outcome for every answer or network
 * failure; rejects only when `signal` aborts, so callers can tell "superseded" from "failed".
 */
export async function fetchSearch(url: string, signal: AbortSignal): Promise<SearchOutcome> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (e) {
    if (signal.aborted) throw e;
    return { ok: false, message: WIDGET_TEXT.unreachable };
  }
  try {
    body = await response.json();
  } catch (e) {
    if (signal.aborted) throw e;
    body = undefined;
  }
  if (!response.ok) return { ok: false, message: errorMessage(body, response.status) };
  const hits = parseHits(body);
  return hits ? { ok: true, hits } : { ok: false, message: WIDGET_TEXT.failed };
}

/** The `error.message` of an error body, or a generic message naming the status. */
export function errorMessage(body: unknown, status: number): string {
  const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  if (typeof message !== 'string' || message.trim() === '') return `${WIDGET_TEXT.failed} (HTTP ${status})`;
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

function parseHit(raw: unknown): SearchHit | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.url !== 'string' || typeof r.title !== 'string') return null;
  const snippet = (typeof r.snippet === 'object' && r.snippet !== null ? r.snippet : {}) as Record<string, unknown>;
  return {
    id: typeof r.id === 'string' ? r.id : r.url,
    url: r.url,
    title: r.title,
    breadcrumb: Array.isArray(r.breadcrumb) ? r.breadcrumb.filter((b): b is string => typeof b === 'string') : [],
    lang: typeof r.lang === 'string' && r.lang !== '' ? r.lang : undefined,
    snippet: {
      text: typeof snippet.text === 'string' ? snippet.text : '',
      // Shape only; splitHighlights deals with out-of-range and overlapping values.
      highlights: Array.isArray(snippet.highlights)
        ? (snippet.highlights.filter((h) => Array.isArray(h)) as unknown as HighlightRange[])
        : [],
      kind: snippet.kind === 'code' ? 'code' : 'text',
    },
  };
}

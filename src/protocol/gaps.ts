/**
 * The content-gap report: which queries the docs do not answer, counted so a site owner can see
 * what to write next. Pure: what counts as a gap and how the list is asked for. Storage (D1) and
 * the admin route are the Worker's (src/worker/gaps.ts).
 *
 * Privacy: a gap is the normalised query text and its language, nothing else — no address, no
 * time of a single request beyond first/last seen, no user agent.
 */
import { parseLimit } from './limit.ts';
import { normalizeQueryKey } from './query-key.ts';

export const GAPS_DEFAULTS = Object.freeze({
  /** Rows GET /admin/gaps returns when no `limit` is given. Range 1..maxListLimit. Default 50: a page a person reads. */
  listLimit: 50,
  /** Most rows one GET /admin/gaps returns. Default 500: bounds one D1 read (and its cost) per call. */
  maxListLimit: 500,
});

/** One unanswered query to count. */
export interface Gap {
  /** normalizeQueryKey of the query: "Deploy  Vercel" and "deploy vercel" are one gap. */
  query: string;
  /** The language the query was analysed as. */
  lang: string;
}

/** One row of the report. */
export interface GapRow extends Gap {
  count: number;
  /** ISO 8601 UTC. */
  firstSeen: string;
  lastSeen: string;
}

/**
 * The gap a search is, or null when it is not one: an answer the Worker withheld
 * (`confidence.shouldAnswer` false) is a gap; a debug request is the owner inspecting, not a reader
 * asking, and is never counted.
 */
export function gapOf(request: { q: string; debug?: boolean }, outcome: { confidence: { shouldAnswer: boolean }; queryLang: string }): Gap | null {
  if (request.debug || outcome.confidence.shouldAnswer) return null;
  const query = normalizeQueryKey(request.q);
  return query ? { query, lang: outcome.queryLang } : null;
}

/** The `limit` of GET /admin/gaps: absent → listLimit; otherwise a whole number 1..maxListLimit (BAD_LIMIT). */
export function parseGapsLimit(raw: string | undefined, defaults = GAPS_DEFAULTS): number {
  return parseLimit(raw, defaults.listLimit, defaults.maxListLimit);
}

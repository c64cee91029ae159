/**
 * The owners' report, pure: the store's rows for a period, the pack's pages and the gap lookups →
 * what the page shows (and its CSV). Gaps are grouped by their stemmed terms (core queryConcepts),
 * so "deploying to vercel" and "deploy vercel" are one gap, and each of the top groups is given the
 * nearest section and a "what to write" hint from the verdict's cause.
 */
import { queryConcepts } from '../core/index.ts';
import { daysBefore } from '../protocol/gaps.ts';
import type { Period } from '../protocol/analytics.ts';
import { SEARCH_COUNT_KEYS, noSearches, type DayRow, type PageRow, type QueryRow } from './report-store.ts';

export const REPORT_DEFAULTS = Object.freeze({
  /** Top queries listed. Default 50: a page a person reads. */
  topQueries: 50,
  /** Not-answered queries read before grouping. Default 500: the store's longest list (one bounded D1 read). */
  gapQueries: 500,
  /**
   * Gap groups given a nearest section, which runs one search each on the pack at view time.
   * Default 10: the page's first screen; ~10 searches of a few ms each, inside the 200 ms target.
   */
  gapLookups: 10,
  /** Gap groups listed. Default 50. */
  gapGroups: 50,
  /** Pages listed as most clicked, and as never shown. Default 50 and 200. */
  topPages: 50,
  neverShown: 200,
});

/** What searching a gap's query on the pack says, for its hint. */
export interface GapLookup {
  outcome: 'answer' | 'uncertain' | 'fallback';
  /** The fallback's cause, when the outcome is fallback. */
  cause: 'no-results' | 'not-covered' | 'off-topic' | 'filtered' | null;
  /** The query's words the index does not hold (from the fallback's suggestion). */
  unknownWords: string[];
  /** The best result, if any. */
  nearest: { title: string; url: string } | null;
}

export interface GapGroup {
  /** The group's stemmed terms, sorted: what makes two phrasings one gap. */
  key: string;
  /** Its phrasings, most frequent first. */
  queries: string[];
  /** Searches not answered (uncertain + fallback), all phrasings together. */
  count: number;
  agent: number;
  lookup: GapLookup | null;
  hint: string | null;
  issueUrl: string | null;
}

export interface QuerySummary {
  query: string;
  searches: number;
  answerShare: number;
  clicks: number;
  /** clicks / searches. */
  clickThrough: number;
  /** Mean 1-based rank of the clicked results; null without clicks. */
  meanClickedRank: number | null;
  agent: number;
}

export interface AdminReport {
  period: Period;
  totals: Omit<DayRow, 'day'>;
  /** Every day of the period, days without searches as zeros: what the chart draws. */
  days: DayRow[];
  topQueries: QuerySummary[];
  gaps: GapGroup[];
  pages: { total: number; topClicked: PageRow[]; neverShown: string[]; neverShownCount: number };
}

/** The period's days, oldest first. */
export function periodDays(period: Period): string[] {
  const out: string[] = [];
  for (let d = period.to; d >= period.from; d = daysBefore(d, 1)) out.unshift(d);
  return out;
}

/** Every day of the period, from the store's rows (days without any are zeros). */
export function fillDays(period: Period, rows: readonly DayRow[]): DayRow[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return periodDays(period).map((day) => byDay.get(day) ?? { day, ...noSearches() });
}

export function totalsOf(days: readonly DayRow[]): Omit<DayRow, 'day'> {
  const t = noSearches();
  for (const d of days) for (const k of SEARCH_COUNT_KEYS) t[k] += d[k];
  return t;
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

export function querySummary(r: QueryRow): QuerySummary {
  return {
    query: r.query,
    searches: r.searches,
    answerShare: ratio(r.answers, r.searches),
    clicks: r.clicks,
    clickThrough: ratio(r.clicks, r.searches),
    meanClickedRank: r.clicks > 0 ? r.clickRankSum / r.clicks : null,
    agent: r.agent,
  };
}

/**
 * Group keys already worked out in this isolate: the same gap queries come back on every load of
 * the page, and analysing 500 of them (REPORT_DEFAULTS.gapQueries) on each would be a large share
 * of the page's CPU after the gap lookups. Cleared
 * whole past GAP_KEY_MEMO_ENTRIES, so it never holds more than ten loads' worth.
 */
const GAP_KEY_MEMO_ENTRIES = 5_000;
const gapKeys = new Map<string, string>();

/** A query's group key: its distinct stemmed terms, sorted (stop words gone); the query itself when it has none. */
export function gapKey(query: string, lang: string): string {
  const memo = `${lang}\u0000${query}`;
  const known = gapKeys.get(memo);
  if (known !== undefined) return known;
  const { concepts } = queryConcepts(query, lang || 'en');
  const key = concepts.length > 0 ? [...new Set(concepts)].sort().join(' ') : query;
  if (gapKeys.size >= GAP_KEY_MEMO_ENTRIES) gapKeys.clear();
  gapKeys.set(memo, key);
  return key;
}

/** Not-answered queries grouped by gapKey, the most frequent group first. */
export function groupGaps(rows: readonly QueryRow[]): Array<Omit<GapGroup, 'lookup' | 'hint' | 'issueUrl'>> {
  const groups = new Map<string, { key: string; phrasings: Array<[string, number]>; count: number; agent: number }>();
  for (const r of rows) {
    const missed = r.uncertain + r.fallbacks;
    if (missed === 0) continue;
    const key = gapKey(r.query, r.lang);
    const g = groups.get(key) ?? { key, phrasings: [], count: 0, agent: 0 };
    g.phrasings.push([r.query, missed]);
    g.count += missed;
    // The agent share of the row's searches, applied to its misses: the store keeps no finer split.
    g.agent += Math.round(ratio(r.agent, r.searches) * missed);
    groups.set(key, g);
  }
  return [...groups.values()]
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .map((g) => ({ key: g.key, queries: g.phrasings.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([q]) => q), count: g.count, agent: g.agent }));
}

const quote = (s: string) => `“${s}”`;

/** What to write for a gap, from what searching it says now. */
export function writingHint(query: string, lookup: GapLookup): string {
  const near = lookup.nearest ? ` The nearest section is ${quote(lookup.nearest.title)}.` : '';
  if (lookup.outcome === 'answer') return `Answered now (the docs or the settings changed since).${near}`;
  if (lookup.outcome === 'uncertain') return `The docs touch on it but no sentence answers ${quote(query)}: state the answer directly.${near}`;
  switch (lookup.cause) {
    case 'not-covered':
      return `No page mentions ${lookup.unknownWords.map(quote).join(', ') || 'some of its words'}: write about ${lookup.unknownWords.length > 1 ? 'them' : 'it'}, or use the readers' words where the docs cover it.${near}`;
    case 'off-topic':
      return `The words are in the docs, but no section is about them together: a section on ${quote(query)}.${near}`;
    default:
      return `Nothing in the docs matches ${quote(query)}: a new page, if it belongs in your docs.`;
  }
}

/** A prefilled "new issue" link (GitHub's ?title=&body=) for a gap, under the configured ISSUES_URL. */
export function issueLink(issuesUrl: string | null, group: Pick<GapGroup, 'queries' | 'count'>, hint: string | null, period: Period): string | null {
  if (!issuesUrl) return null;
  const url = new URL(issuesUrl);
  url.searchParams.set('title', `Docs gap: ${group.queries[0]}`);
  const lines = [
    `Readers searched for this ${group.count} time${group.count === 1 ? '' : 's'} from ${period.from} to ${period.to} and the docs did not answer.`,
    '',
    ...group.queries.slice(0, 10).map((q) => `- ${q}`),
    ...(hint ? ['', hint] : []),
  ];
  url.searchParams.set('body', lines.join('\n'));
  return url.toString();
}

/** Pages of the pack never shown in the period's top results (nor clicked), in the pack's order. */
export function neverShown(allPages: readonly string[], rows: readonly PageRow[]): string[] {
  const seen = new Set(rows.map((r) => r.page));
  return allPages.filter((p) => !seen.has(p));
}

/** One CSV field: quoted when it must be, and a leading =, +, - or @ defused, so a spreadsheet never runs a query as a formula. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The period's queries as CSV: one line per query. */
export function queriesCsv(rows: readonly QueryRow[]): string {
  const header = ['query', 'searches', 'answers', 'uncertain', 'fallbacks', 'zero_results', 'agent', 'clicks', 'mean_clicked_rank'];
  const lines = rows.map((r) =>
    [r.query, r.searches, r.answers, r.uncertain, r.fallbacks, r.zeroResults, r.agent, r.clicks, r.clicks > 0 ? Number((r.clickRankSum / r.clicks).toFixed(2)) : null].map(csvField).join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/**
 * The period's gaps as CSV, the groups the page lists: one line per gap, its phrasings joined by
 * " | ", and for the first REPORT_DEFAULTS.gapLookups the nearest section, the cause and the hint.
 */
export function gapsCsv(gaps: readonly GapGroup[]): string {
  const header = ['phrasings', 'unanswered', 'agent', 'cause', 'nearest_title', 'nearest_url', 'hint', 'issue_url'];
  const lines = gaps.map((g) =>
    [g.queries.join(' | '), g.count, g.agent, g.lookup?.cause ?? g.lookup?.outcome ?? null, g.lookup?.nearest?.title ?? null, g.lookup?.nearest?.url ?? null, g.hint, g.issueUrl].map(csvField).join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/** What a search's verdict and fallback say of a gap (the hint's input); `query` as searched. */
export function gapLookupOf(
  query: string,
  outcome: { confidence: { outcome: GapLookup['outcome'] }; queryLang: string; fallback: { cause: string; suggestions: ReadonlyArray<{ kind: string; text: string }> } | null; results: ReadonlyArray<{ title: string; url: string }> },
): GapLookup {
  const fallback = outcome.fallback;
  const cause = (fallback?.cause ?? null) as GapLookup['cause'];
  // The fallback suggests searching again with the words the index knows: the others are the ones it lacks.
  const known = new Set((fallback?.suggestions.find((s) => s.kind === 'query')?.text ?? '').toLowerCase().split(/\s+/).filter(Boolean));
  const unknownWords = cause === 'not-covered' ? queryConcepts(query, outcome.queryLang || 'en').words.filter((w) => !known.has(w.toLowerCase())) : [];
  const top = outcome.results[0];
  return { outcome: outcome.confidence.outcome, cause, unknownWords, nearest: top ? { title: top.title, url: top.url } : null };
}

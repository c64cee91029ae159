/**
 * What the MCP server's search_docs returns to an agent: the /search answer (the same results and
 * verdict, never a second opinion) cut to what an agent uses, and worded so that it stops rather
 * than guesses when the docs do not answer. Pure.
 */
import type { SearchResponse } from '../protocol/response.ts';

/** One result as an agent reads it: where it is, what it says. */
export interface AgentResult {
  rank: number;
  title: string;
  /** Page title, then the headings down to this section. */
  breadcrumb: string[];
  /** The section's URL on the docs site, with its anchor: what read_section and read_page take. */
  url: string;
  /** The section's words that match the query (the widget's snippet). */
  text: string;
}

/** search_docs' structured content (its outputSchema in tools.ts). */
export interface AgentSearch {
  query: string;
  /** `answer`: the results answer it; `uncertain`: they may not; `fallback`: the docs do not cover it. */
  outcome: 'answer' | 'uncertain' | 'fallback';
  level: string;
  /** Whether the verdict would show the results to a reader as an answer. */
  shouldAnswer: boolean;
  reasons: Array<{ code: string; message: string }>;
  /** The docs' own sentence or two that answer it, when the outcome is `answer`. */
  answer: { text: string; url: string; heading: string } | null;
  /** Why the docs do not answer (`no-results`, `not-covered`, `off-topic`, `filtered`) and the reader's message, for a fallback. */
  fallback: { cause: string; message: string } | null;
  results: AgentResult[];
}

/** The structured content of a /search answer. */
export function agentSearch(body: SearchResponse): AgentSearch {
  const { confidence } = body;
  return {
    query: body.query,
    outcome: confidence.outcome,
    level: confidence.level,
    shouldAnswer: confidence.shouldAnswer,
    reasons: confidence.reasons.map((r) => ({ code: r.code, message: r.message })),
    answer: body.answer ? { text: body.answer.text, url: body.answer.url, heading: body.answer.heading } : null,
    fallback: body.fallback ? { cause: body.fallback.cause, message: body.fallback.message } : null,
    results: body.results.map((r) => ({ rank: r.rank, title: r.title, breadcrumb: r.breadcrumb, url: r.url, text: r.snippet.text })),
  };
}

/**
 * What the agent is told to do with each outcome: the line an assistant reads first. A fallback
 * says plainly not to answer from the docs — what keeps an assistant from inventing an API.
 */
export const OUTCOME_GUIDANCE: Readonly<Record<AgentSearch['outcome'], string>> = Object.freeze({
  answer: 'The docs answer this. Use the results below and cite their URLs; read_section gives a section in full.',
  uncertain: 'The results may not answer this. Read the top section (read_section) before relying on it, and say so if it does not answer.',
  fallback: 'The docs do not cover this. Do not answer it from these docs or guess an API: tell the user the documentation does not say, or ask them to rephrase.',
});

/** The text content of search_docs: the verdict and its guidance first, then the answer, then the results. */
export function agentSearchText(search: AgentSearch): string {
  const lines = [`Verdict: ${search.outcome} (confidence ${search.level}).${search.fallback ? ` Cause: ${search.fallback.cause}.` : ''} ${OUTCOME_GUIDANCE[search.outcome]}`];
  if (search.reasons.length > 0) lines.push(`Why: ${search.reasons.map((r) => r.message).join(' ')}`);
  if (search.answer) lines.push('', `Answer (${search.answer.heading}, ${search.answer.url}): ${search.answer.text}`);
  if (search.results.length > 0) {
    // A fallback's results are the nearest sections, not answers: said so, so they are not read as one.
    lines.push('', search.outcome === 'fallback' ? 'Nearest sections (they do not answer it):' : 'Results:');
    for (const r of search.results) lines.push(`${r.rank}. ${r.breadcrumb.join(' › ')}`, `   ${r.url}`, ...(r.text.trim() ? [`   ${r.text.trim()}`] : []));
  }
  return lines.join('\n');
}

/**
 * The content-gap report: which queries the docs do not answer, counted so a site owner can see
 * what to write next. Pure: what counts as a gap, what of it is stored (redacted, day-granular),
 * how long and how many are kept, and how the list is asked for. Storage (D1) and the admin route
 * are the Worker's (src/worker/gaps.ts).
 *
 * Privacy: a gap is the normalised query text, with what looks like personal data or a secret
 * replaced by a placeholder (redactQuery), and its language — nothing else: no address, no user
 * agent, and no time finer than the day it was first and last seen.
 */
import { quoteInput } from '../core/index.ts';
import { onOffVar, wholeNumberVar } from './vars.ts';
import { parseLimit } from './limit.ts';
import { normalizeQueryKey } from './query-key.ts';

export const GAPS_DEFAULTS = Object.freeze({
  /** Rows GET /admin/gaps returns when no `limit` is given. Range 1..maxListLimit. Default 50: a page a person reads. */
  listLimit: 50,
  /** Most rows one GET /admin/gaps returns. Default 500: bounds one D1 read (and its cost) per call. */
  maxListLimit: 500,
  /**
   * Most rows the gap table holds (GAPS_MAX_ROWS; range in GAPS_RANGES). Past it the least useful
   * rows are dropped as a new one is recorded (see d1GapStore). Default 10,000: twenty times the
   * longest list one call returns, and at most ~6.5 MB of D1 — issue 20's probe measured 1.9 MB
   * for 3,000 rows of 250-character queries.
   */
  maxRows: 10_000,
  /**
   * Days a row is kept after the day it was last seen (GAPS_MAX_AGE_DAYS; range in GAPS_RANGES).
   * Default 90: a quarter, long enough to see a gap recur across releases of the docs, short
   * enough that gaps of pages rewritten since fade out.
   */
  maxAgeDays: 90,
  /** Replace e-mail addresses, long numbers, tokens and secrets with placeholders before storing (GAPS_REDACT). Default on. */
  redact: true,
});

/** The values GAPS_MAX_ROWS and GAPS_MAX_AGE_DAYS accept; anything else is ignored with a configWarning. */
export const GAPS_RANGES = Object.freeze({
  /**
   * 1..100,000 rows. The upper bound keeps the table (~630 bytes a row of 250-character queries, as
   * measured for maxRows) near 63 MB, far inside a D1 database's size limit, and is already 200
   * times the longest list one call returns.
   */
  maxRows: Object.freeze({ min: 1, max: 100_000 }),
  /** 1..3,650 days: beyond ten years an age cap means nothing. */
  maxAgeDays: Object.freeze({ min: 1, max: 3_650 }),
});

/** How much of the report is kept, and whether queries are redacted: GAPS_DEFAULTS unless the Worker's vars say otherwise. */
export interface GapPolicy {
  maxRows: number;
  maxAgeDays: number;
  redact: boolean;
}

/** The Worker vars (wrangler.toml `[vars]`) the report reads besides GAPS. */
export interface GapVars {
  GAPS_MAX_ROWS?: string;
  GAPS_MAX_AGE_DAYS?: string;
  GAPS_REDACT?: string;
}

/** Who asked: a reader (the widget, /search) or an agent (the MCP server's search_docs). */
export type GapSource = 'reader' | 'agent';

/** One unanswered query to count. */
export interface Gap {
  /** normalizeQueryKey of the query: "Deploy  Vercel" and "deploy vercel" are one gap. */
  query: string;
  /** The language the query was analysed as. */
  lang: string;
  /** Who asked it. Default `reader`. */
  source?: GapSource;
}

/** One row of the report. */
export interface GapRow extends Omit<Gap, 'source'> {
  /** Occurrences, all askers together. */
  count: number;
  /** Of them, those an agent asked (the MCP server): an owner tells what readers miss from what assistants probe. */
  agentCount: number;
  /** The UTC day (YYYY-MM-DD) it was first seen, and the latest. */
  firstSeen: string;
  lastSeen: string;
}

/** What one occurrence of a gap writes: the row's values and the oldest day a row may be last seen and kept. */
export interface GapWrite {
  /** The query as stored: redacted unless the policy says not to. */
  query: string;
  lang: string;
  /** 1 when an agent asked, else 0: added to the row's agent count. */
  agent: 0 | 1;
  /** The UTC day of the occurrence (YYYY-MM-DD). */
  day: string;
  /** Rows last seen before this day (YYYY-MM-DD) are older than the policy's maxAgeDays and dropped. */
  keepSince: string;
}

/**
 * The gap a search is, or null when it is not one: an answer the Worker withheld
 * (`confidence.shouldAnswer` false) is a gap; a debug request is the owner inspecting, not a reader
 * asking, and is never counted; nor is a filtered one, which says as much about the filter as about
 * the docs (the same query unfiltered is counted when it goes unanswered).
 */
export function gapOf(request: { q: string; debug?: boolean; filters?: object }, outcome: { confidence: { shouldAnswer: boolean }; queryLang: string }, source: GapSource = 'reader'): Gap | null {
  if (request.debug || request.filters || outcome.confidence.shouldAnswer) return null;
  const query = normalizeQueryKey(request.q);
  return query ? { query, lang: outcome.queryLang, source } : null;
}

/** The `limit` of GET /admin/gaps: absent → listLimit; otherwise a whole number 1..maxListLimit (BAD_LIMIT). */
export function parseGapsLimit(raw: string | undefined, defaults = GAPS_DEFAULTS): number {
  return parseLimit(raw, defaults.listLimit, defaults.maxListLimit);
}

/** GAPS_MAX_ROWS, GAPS_MAX_AGE_DAYS and GAPS_REDACT; what cannot be used is ignored (the default applies) and named in `warnings`. */
export function readGapPolicy(vars: GapVars, warnings: string[], defaults: GapPolicy = GAPS_DEFAULTS): GapPolicy {
  return {
    maxRows: wholeNumberVar('GAPS_MAX_ROWS', vars.GAPS_MAX_ROWS, GAPS_RANGES.maxRows, defaults.maxRows, warnings),
    maxAgeDays: wholeNumberVar('GAPS_MAX_AGE_DAYS', vars.GAPS_MAX_AGE_DAYS, GAPS_RANGES.maxAgeDays, defaults.maxAgeDays, warnings),
    redact: onOffVar('GAPS_REDACT', vars.GAPS_REDACT, defaults.redact, warnings),
  };
}

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** The UTC day (YYYY-MM-DD) of a time: the only time a gap keeps, so no row holds the moment of a single request. */
export function gapDay(at: string | Date): string {
  const time = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(time.getTime())) throw new RangeError(`not a time: ${quoteInput(String(at))}`);
  return time.toISOString().slice(0, 10);
}

/** The day `days` before `day` (both YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  return gapDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * MS_PER_DAY));
}

/** What recording `gap`, seen at `at` (ISO 8601), writes under `policy`. */
export function gapWrite(gap: Gap, at: string, policy: GapPolicy): GapWrite {
  const day = gapDay(at);
  return { query: policy.redact ? redactQuery(gap.query) : gap.query, lang: gap.lang, agent: gap.source === 'agent' ? 1 : 0, day, keepSince: daysBefore(day, policy.maxAgeDays) };
}

// ---------------------------------------------------------------------------------------------
// Redaction. A reader sometimes types into a search box what was meant for another field: an
// e-mail address, a phone or card number, a key, "my password is …". The report is for finding
// missing docs, and none of that helps with it, so it is replaced by a placeholder before the
// query is stored. The rules work word by word (words are what the normalised query separates
// with single spaces) and replace whole words — after a secret's name and its ":" or "=", the rest
// of the word — so none of a hidden value is left behind, and a query redacted once is redacted for
// good: every rule leaves its own and the others' placeholders alone.

/** What stands in for each kind of redacted text. */
export const REDACTED = Object.freeze({ email: '<email>', number: '<number>', token: '<token>', secret: '<secret>' });

/** The numbers the rules use. */
export const REDACTION_RULES = Object.freeze({
  /**
   * Consecutive digits from which a word is a number to hide (an account, card or phone number, an
   * order id). 6: a year (4), a port (≤ 5), an HTTP status (3) and every part of a version stay.
   */
  digitRun: 6,
  /**
   * Digits, counted over neighbouring words of digit groups joined by spaces, hyphens or brackets
   * ("4111 1111 1111 1111", "+1 (415) 555-0132"), from which the groups are one number to hide.
   * 10: a phone number with its area code (10 or more), a card number (13 to 19); a list of status
   * codes like "404 500 503" (9) stays.
   */
  groupedDigits: 10,
  /**
   * Digits in one word of groups joined by "-", "." or "/", from which it is a number to hide even
   * alone: 9, a social-security number (123-45-6789); a date (2024-01-15) has 8, a version far fewer.
   */
  joinedDigits: 9,
  /**
   * ASCII letters and digits in one run, with at least one of each, from which a word is a token (a
   * key, a hash, a session id: all ASCII). 16: a 128-bit key in hex is 32, base62 keys are longer still, while
   * identifiers in docs that mix letters and digits (utf8mb4, es2022, x86_64) are far shorter.
   */
  tokenRun: 16,
  /** Characters after a known key prefix (sk-, ghp_, …) from which a word is a key. 8: "sk-learn" stays. */
  keyPrefixTail: 8,
});

/**
 * Words that name a secret, in the built-in languages and the two most asked beside them (English,
 * German, French, Spanish, Portuguese; Chinese and Japanese below). Followed by a copula ("is",
 * "ist", "est", "es", "é", "was", …) or ":" or "=", what follows is taken to be that secret.
 */
const SECRET_NAMES = String.raw`passwords?|passwd|passphrase|pwd|secrets?|tokens?|api[-_ ]?keys?|access[-_ ]?keys?|private[-_ ]?keys?|credentials?|passw[oö]rt(?:er)?|kennw[oö]rt(?:er)?|mots? de passe|contrase[nñ]as?|claves?|senhas?`;
/** Longest first: "ist" must not be read as "is" and a value "t". */
const COPULAS = String.raw`était|etait|ist|war|est|was|era|is|es|é`;
/** Chinese and Japanese names of a password, written without spaces before what follows. */
const CJK_SECRET_NAMES = String.raw`密码|密碼|口令|パスワード|暗証番号`;
/** A secret as typed: a quoted phrase (to its closing quote, or the end) or one word. */
const SECRET_VALUE = String.raw`"[^"]*"?|'[^']*'?|“[^”]*”?|«[^»]*»?|「[^」]*」?|[^ ]+`;
/**
 * name, separator, value: "password is hunter2", "password is: hunter2", "token: abc",
 * "api_key=abc", "mot de passe est x", "password is \"hunter two\"". The name must not end another
 * word ("mypassword: x" is not one).
 */
const SECRET_AFTER_NAME = new RegExp(String.raw`(?<![\p{L}\p{N}])(${SECRET_NAMES})( ?[:=：] ?| (?:${COPULAS})(?: ?[:=：] ?| ))(${SECRET_VALUE})`, 'giu');
/** The same for Chinese and Japanese: "我的密码是hunter2", "パスワードは hunter2", "密码：x". */
const CJK_SECRET_AFTER_NAME = new RegExp(String.raw`(${CJK_SECRET_NAMES})( ?(?:是|为|為|は|が|[:=：]) ?)(${SECRET_VALUE})`, 'gu');
const EMAIL = /[\p{L}\p{N}._%+-]+@(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}/u;
const DIGIT_RUN = new RegExp(String.raw`\p{Nd}{${REDACTION_RULES.digitRun}}`, 'u');
/** Prefixes of well-known key formats: OpenAI/Stripe-style sk-/pk-/rk-, GitHub, GitLab, Slack; and a JWT (base64url of `{"` then a dot). */
const KEY_PREFIX = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:(?:sk|pk|rk|ghp|gho|ghu|ghs|ghr|github_pat|glpat|xox[abprs])[-_][\w-]{${REDACTION_RULES.keyPrefixTail},}|eyj[\w-]{${REDACTION_RULES.keyPrefixTail},}\.[\w-])`, 'iu');
const ALNUM_RUN = new RegExp(String.raw`[a-z0-9]{${REDACTION_RULES.tokenRun},}`, 'gi');
/** A word of digit groups: "4111", "415-555-0132", "(415)", "+1" (what a phone or card number's words look like). */
const DIGIT_GROUPS_WORD = /^\+?\(?\p{Nd}+\)?(?:-\(?\p{Nd}+\)?)*$/u;
/**
 * One word of digit groups joined by "-", "." or "/": "123-45-6789", "415.555.0132",
 * "4111.1111.1111.1111". Not counted across words (DIGIT_GROUPS_WORD is): "node 18.20.4 20.11.1"
 * is two versions, not a number.
 */
const JOINED_DIGITS_WORD = /^\+?\(?\p{Nd}+\)?(?:[-./]\(?\p{Nd}+\)?)*$/u;

function isToken(word: string): boolean {
  if (KEY_PREFIX.test(word)) return true;
  return (word.match(ALNUM_RUN) ?? []).some((run) => /[0-9]/.test(run) && /[a-z]/i.test(run));
}

/** One word as stored: an e-mail address, a token or a long number inside it makes the whole word its placeholder. */
function redactWord(word: string): string {
  if (EMAIL.test(word)) return REDACTED.email;
  if (isToken(word)) return REDACTED.token;
  if (DIGIT_RUN.test(word)) return REDACTED.number;
  if (JOINED_DIGITS_WORD.test(word) && digitCount(word) >= REDACTION_RULES.joinedDigits) return REDACTED.number;
  return word;
}

const digitCount = (word: string) => word.replace(/\P{Nd}/gu, '').length;

/** Runs of neighbouring digit-group words with groupedDigits digits or more → one number placeholder. */
function redactGroupedNumbers(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    let end = i;
    let digits = 0;
    while (end < words.length && DIGIT_GROUPS_WORD.test(words[end]!)) digits += digitCount(words[end++]!);
    if (end === i) {
      out.push(words[i++]!);
      continue;
    }
    out.push(...(digits >= REDACTION_RULES.groupedDigits ? [REDACTED.number] : words.slice(i, end)));
    i = end;
  }
  return out;
}

/**
 * A query with what looks like personal data or a secret replaced by placeholders, so the report
 * stores none of it:
 * - invisible format characters (\p{Cf}: zero-width spaces, soft hyphens) are dropped first;
 * - the word (or quoted phrase) after a secret's name and "is", "was", ":" or "=" → `<secret>` ("my
 *   password is hunter2" → "my password is <secret>"; "token: abc" → "token: <secret>"), in English,
 *   German, French, Spanish, Portuguese, Chinese and Japanese. This also hides the
 *   word in an ordinary question such as "password is required" → "password is <secret>": the gap
 *   is still counted and readable, and a secret kept by mistake would be worse;
 * - neighbouring groups of digits that add up to a phone or card number → `<number>`, and one word
 *   of groups joined by "-", "." or "/" with joinedDigits digits (123-45-6789, 415.555.0132);
 * - a word holding an e-mail address → `<email>`; a known key format, a JWT, or a long run mixing
 *   letters and digits → `<token>`; a run of digitRun digits or more → `<number>`.
 * Ordinary doc queries ("astro config vite 5", "astro@4.0.0", "404 500 503") are left as they are.
 * Idempotent; the only text it adds is placeholders.
 */
export function redactQuery(query: string): string {
  // Invisible format characters (zero-width space, soft hyphen, …) out first: "pass\u200bword is x"
  // and digits split by them must meet the rules as a reader sees them.
  const visible = query.replace(/\p{Cf}/gu, '');
  const hide = (_match: string, name: string, separator: string) => `${name}${separator}${REDACTED.secret}`;
  const secretsHidden = visible.replace(SECRET_AFTER_NAME, hide).replace(CJK_SECRET_AFTER_NAME, hide);
  return redactGroupedNumbers(secretsHidden.split(' ')).map(redactWord).join(' ');
}

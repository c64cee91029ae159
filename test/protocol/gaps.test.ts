import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBefore, gapDay, GAPS_DEFAULTS, GAPS_RANGES, gapOf, gapWrite, parseGapsLimit, readGapPolicy, redactQuery } from '../../src/protocol/gaps.ts';

describe('gapOf', () => {
  const low = { confidence: { shouldAnswer: false }, queryLang: 'en' };
  it('is the normalised query and language of an answer the Worker withheld', () => {
    expect(gapOf({ q: '  Deploy   ＴＯ Fly.io ' }, low)).toEqual({ query: 'deploy to fly.io', lang: 'en', source: 'reader' });
  });
  it('names who asked: a reader by default, an agent when the MCP server asked', () => {
    expect(gapOf({ q: 'routing' }, low, 'agent')?.source).toBe('agent');
  });
  it('is null for an answered query and for a debug request', () => {
    expect(gapOf({ q: 'routing' }, { ...low, confidence: { shouldAnswer: true } })).toBeNull();
    expect(gapOf({ q: 'routing', debug: true }, low)).toBeNull();
  });
  it('is null for a filtered request: a filter nobody matches says as much about the filter as about the docs', () => {
    expect(gapOf({ q: 'routing', filters: { version: 'v9' } }, low)).toBeNull();
  });
});

describe('parseGapsLimit', () => {
  it('defaults, and accepts whole numbers in range', () => {
    expect(parseGapsLimit(undefined)).toBe(GAPS_DEFAULTS.listLimit);
    expect(parseGapsLimit('')).toBe(GAPS_DEFAULTS.listLimit);
    expect(parseGapsLimit('1')).toBe(1);
    expect(parseGapsLimit(String(GAPS_DEFAULTS.maxListLimit))).toBe(GAPS_DEFAULTS.maxListLimit);
  });
  it('refuses anything else with BAD_LIMIT', () => {
    for (const raw of ['0', '-1', '1.5', '1e2', 'ten', String(GAPS_DEFAULTS.maxListLimit + 1)]) {
      expect(() => parseGapsLimit(raw), raw).toThrow(expect.objectContaining({ code: 'BAD_LIMIT' }));
    }
  });
});

describe('readGapPolicy', () => {
  it('is GAPS_DEFAULTS when no var is set, with no warning', () => {
    const warnings: string[] = [];
    expect(readGapPolicy({}, warnings)).toEqual({ maxRows: GAPS_DEFAULTS.maxRows, maxAgeDays: GAPS_DEFAULTS.maxAgeDays, redact: true });
    expect(warnings).toEqual([]);
  });
  it('reads whole numbers within their ranges and on/off in any case', () => {
    const warnings: string[] = [];
    const { maxRows, maxAgeDays } = GAPS_RANGES;
    expect(readGapPolicy({ GAPS_MAX_ROWS: ` ${maxRows.min} `, GAPS_MAX_AGE_DAYS: String(maxAgeDays.max), GAPS_REDACT: 'OFF' }, warnings)).toEqual({ maxRows: maxRows.min, maxAgeDays: maxAgeDays.max, redact: false });
    expect(readGapPolicy({ GAPS_MAX_ROWS: String(maxRows.max), GAPS_MAX_AGE_DAYS: '1', GAPS_REDACT: 'on' }, warnings)).toEqual({ maxRows: maxRows.max, maxAgeDays: 1, redact: true });
    expect(warnings).toEqual([]);
  });
  it('ignores what it cannot use, keeps the default and names it, quoting at most 64 characters', () => {
    for (const bad of ['0', '-5', '2.5', '1e3', 'lots', String(GAPS_RANGES.maxRows.max + 1)]) {
      const warnings: string[] = [];
      expect(readGapPolicy({ GAPS_MAX_ROWS: bad }, warnings).maxRows, bad).toBe(GAPS_DEFAULTS.maxRows);
      expect(warnings, bad).toEqual([expect.stringContaining(`GAPS_MAX_ROWS "${bad}"`)]);
    }
    const warnings: string[] = [];
    const policy = readGapPolicy({ GAPS_MAX_AGE_DAYS: String(GAPS_RANGES.maxAgeDays.max + 1), GAPS_REDACT: 'x'.repeat(1000) }, warnings);
    expect(policy).toMatchObject({ maxAgeDays: GAPS_DEFAULTS.maxAgeDays, redact: true });
    expect(warnings).toHaveLength(2);
    expect(warnings[1]!.length).toBeLessThan(200);
  });
});

describe('day-granular times', () => {
  it('keeps the UTC day of a time, and nothing finer', () => {
    expect(gapDay('2026-04-20T23:59:59.999Z')).toBe('2026-04-20');
    expect(gapDay('2026-04-21T00:30:00+02:00')).toBe('2026-04-20');
    expect(() => gapDay('yesterday')).toThrow(RangeError);
  });
  it('counts days back across months and leap days', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2024-03-01', 1)).toBe('2024-02-29');
    expect(daysBefore('2026-04-20', 90)).toBe('2026-01-20');
  });
  it('gapWrite: the day, the oldest day kept, and the query redacted unless the policy says not to', () => {
    const gap = { query: 'my password is hunter2', lang: 'en' };
    expect(gapWrite(gap, '2026-04-20T09:31:02.114Z', { ...GAPS_DEFAULTS, maxAgeDays: 90 })).toEqual({ query: 'my password is <secret>', lang: 'en', agent: 0, day: '2026-04-20', keepSince: '2026-01-20' });
    expect(gapWrite(gap, '2026-04-20T09:31:02.114Z', { ...GAPS_DEFAULTS, redact: false }).query).toBe(gap.query);
    // An agent's occurrence adds to the row's agent count.
    expect(gapWrite({ ...gap, source: 'agent' }, '2026-04-20T09:31:02.114Z', GAPS_DEFAULTS).agent).toBe(1);
  });
});

describe('redactQuery', () => {
  it.each([
    ['my password is hunter2', 'my password is <secret>'],
    ['token: abc', 'token: <secret>'],
    ['passwd=hunter2 please', 'passwd=<secret> please'],
    ['db_password=s3cret&user=x', 'db_password=<secret>'],
    ['api key is abc', 'api key is <secret>'],
    ['my secret was rosebud', 'my secret was <secret>'],
    ['mail jane.doe+docs@example.co.uk now', 'mail <email> now'],
    ['(jane@example.com)', '<email>'],
    ['order 1234567', 'order <number>'],
    ['card 4111 1111 1111 1111 expired', 'card <number> expired'],
    ['call +1 (415) 555-0132', 'call <number>'],
    ['call 415-555-0132', 'call <number>'],
    ['key sk-proj-abcdefgh12', 'key <token>'],
    ['ghp_abcdefghijklmnop', '<token>'],
    ['jwt eyjhbgcioijiuzi1niisinr5cci6ikpxvcj9.eyjzdwiioiixmjm0.sig', 'jwt <token>'],
    ['hash 9f86d081884c7d659a2feaa0c55ad015', 'hash <token>'],
    // Issue 47 M1: what the hostile probe found stored.
    ['my password is: hunter2', 'my password is: <secret>'],
    ['call 415.555.0132', 'call <number>'],
    ['ssn 123-45-6789', 'ssn <number>'],
    ['card 4111.1111.1111.1111', 'card <number>'],
    ['card 4111\u200b1111\u200b1111\u200b1111', 'card <number>'],
    ['password\u200b is hunter2', 'password is <secret>'],
    ['pass\u00adword is hunter2', 'password is <secret>'],
    ['mein passwort ist hunter2', 'mein passwort ist <secret>'],
    ['mon mot de passe est hunter2', 'mon mot de passe est <secret>'],
    ['mi contraseña es hunter2', 'mi contraseña es <secret>'],
    ['minha senha é hunter2', 'minha senha é <secret>'],
    ['我的密码是hunter2', '我的密码是<secret>'],
    ['パスワードは hunter2', 'パスワードは <secret>'],
    ['password is "hunter two"', 'password is <secret>'],
    ['password is "hunter two', 'password is <secret>'],
  ])('%s → %s', (query, stored) => {
    expect(redactQuery(query)).toBe(stored);
  });

  it.each([
    'astro config vite 5',
    'astro@4.0.0',
    'npm i @astrojs/mdx',
    'node 18 20 22',
    '404 500 503',
    'release 2024-01-15',
    'port 8080',
    'utf8mb4 es2022 x86_64 i18n',
    'sk-learn pipeline',
    'password reset',
    'passwordless login is great',
    'how to rotate an api key',
    'token expired error',
    'deploy to fly.io',
    '路由 参数',
    'node 18.20.4 20.11.1',
    'release 2024.01.15',
    'es modules es2022',
    'passwort vergessen',
  ])('leaves "%s" as it is', (query) => {
    expect(redactQuery(query)).toBe(query);
  });

  // Pieces that reach every rule and its edges: secret names and separators, parts of e-mail
  // addresses, digits in and between words, key prefixes, long mixed runs, placeholders themselves.
  const pieces = ['password', 'token', 'api key', 'passwort', 'mot de passe', '密码', ' is ', ' was ', ' ist ', ' est ', '是', ':', '=', ' ', '"', '@', '.', '/', 'example', 'com', 'jane', '1', '12', '123', '4111', '-', '+', '(', ')', 'sk-', 'ghp_', 'abcdefgh', 'a1b2c3d4e5f6g7h8', 'eyj', '<email>', '<number>', 'astro', 'é', '路', '\u200b', '\u00ad'];
  const query = fc.array(fc.constantFrom(...pieces), { maxLength: 16 }).map((a) => a.join(''));

  it('is idempotent', () => {
    fc.assert(
      fc.property(query, (q) => {
        const once = redactQuery(q);
        expect(redactQuery(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  const PLACEHOLDER = /<(?:email|number|token|secret)>/g;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  it('only replaces spans of the query by placeholders: it adds no other text and drops none', () => {
    fc.assert(
      fc.property(query, (q) => {
        const out = redactQuery(q);
        // The output with each placeholder standing for some non-empty text must spell the input
        // (less its invisible format characters, which go first).
        const visible = q.replace(/\p{Cf}/gu, '');
        const pattern = out.split(PLACEHOLDER).map(escape).join('[^]+?');
        expect(visible).toMatch(new RegExp(`^${pattern}$`));
        expect(out.replace(PLACEHOLDER, '').length).toBeLessThanOrEqual(visible.length);
      }),
      { numRuns: 1000 },
    );
  });

  // Words of doc queries: names, versions, paths, flags, short numbers; at most two numbers in a row.
  // Secret names are among them, but not "is" after one: "tokens is …" is redacted by design.
  const docWord = fc.constantFrom('astro', 'config', 'vite', 'deploy', 'routing', 'middleware', 'i18n', 'es2022', 'v4.16.18', 'astro@latest', 'src/pages/index.astro', '--port', 'utf-8', 'tailwind', 'how', 'to', 'the', 'error', 'build', 'ssr', 'keys', 'tokens', 'passwords');
  const shortNumber = fc.integer({ min: 0, max: 9999 }).map(String);
  const docQuery = fc.array(fc.tuple(docWord, fc.option(shortNumber, { nil: undefined }), fc.option(shortNumber, { nil: undefined })), { minLength: 1, maxLength: 8 }).map((chunks) => chunks.flatMap((c) => c.filter((w): w is string => w !== undefined)).join(' '));

  it('leaves ordinary doc queries untouched', () => {
    fc.assert(
      fc.property(docQuery, (q) => {
        expect(redactQuery(q)).toBe(q);
      }),
      { numRuns: 1000 },
    );
  });

  const email = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9._]{0,10}$/), fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/), fc.constantFrom('com', 'org', 'io', 'co.uk')).map(([user, host, tld]) => ({ text: `${user}@${host}.${tld}`, placeholder: '<email>' }));
  const card = fc.array(fc.stringMatching(/^\d{4}$/), { minLength: 4, maxLength: 4 }).map((groups) => ({ text: groups.join(' '), placeholder: '<number>' }));
  const key = fc.stringMatching(/^[a-z0-9]{20,40}$/).filter((k) => /\d/.test(k) && /[a-z]/.test(k)).map((k) => ({ text: `sk-${k}`, placeholder: '<token>' }));
  const secret = fc
    .tuple(fc.constantFrom('password is', 'password is:', 'token:', 'api_key=', 'passwort ist', 'mot de passe est', 'contraseña es', 'senha é', 'pwd was'), fc.stringMatching(/^[a-z0-9!#$%]{1,12}$/))
    .map(([lead, value]) => ({ text: `${lead}${lead.endsWith('=') ? '' : ' '}${value}`, placeholder: '<secret>', value, lead }));
  /** A secret of several words in quotes: none of its words may stay. */
  const quoted = fc.tuple(fc.constantFrom('password is', 'secret:'), fc.array(fc.stringMatching(/^[a-z0-9]{2,8}$/), { minLength: 2, maxLength: 3 })).map(([lead, words]) => ({ text: `${lead} "${words.join(' ')}"`, placeholder: '<secret>', value: words.join(' '), lead }));
  /** A number in one word of groups joined by "-", "." or "/": a phone, an SSN, a card. */
  const joined = fc.tuple(fc.constantFrom('-', '.', '/'), fc.constantFrom([3, 3, 4], [3, 2, 4], [4, 4, 4, 4])).chain(([sep, sizes]) =>
    fc.tuple(...sizes.map((n) => fc.stringMatching(new RegExp(`^\\d{${n}}$`)))).map((groups) => ({ text: groups.join(sep), placeholder: '<number>' })),
  );
  /** Any of them with an invisible character somewhere inside: it must not hide the secret from the rules. */
  const split = fc.tuple(fc.oneof(email, card, key, secret, joined), fc.constantFrom('\u200b', '\u00ad', '\u2060'), fc.nat()).map(([found, cf, at]) => {
    const i = 1 + (at % Math.max(1, found.text.length - 1));
    return { ...found, text: found.text.slice(0, i) + cf + found.text.slice(i), shown: found.text };
  });

  it('stores none of an e-mail address, a card, phone or social-security number, a key or a secret (quoted, in five languages, split by invisible characters) found among doc words', () => {
    fc.assert(
      fc.property(docQuery, fc.oneof(email, card, key, secret, quoted, joined, split), docQuery, (before, found, after) => {
        const out = redactQuery(`${before} ${found.text} ${after}`);
        expect(out).toContain(found.placeholder);
        const hidden = 'value' in found ? found.value : 'shown' in found ? found.shown : found.text;
        // A word of the secret may also be part of what stays by design: the doc words, the name
        // that announced it ("key" of "api_key=") or the placeholder ("secret" of "<secret>").
        const kept = `${before} ${'lead' in found ? found.lead : ''} ${found.placeholder} ${after}`;
        for (const word of hidden.split(' ')) if (word.length >= 3 && !kept.includes(word)) expect(out).not.toContain(word);
        // The secret's own occurrence is gone; the same word among the doc words (a version "4") may stay.
        const count = (text: string) => text.split(' ').filter((w) => w === hidden).length;
        expect(count(out)).toBeLessThanOrEqual(count(`${before} ${after}`));
        expect(out).not.toContain(found.text);
      }),
      { numRuns: 1000 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segment, terms } from '../../../src/core/analysis/segment.ts';
import { bestWindowStart, DEFAULT_SNIPPET_OPTIONS, examinedLength, makeSnippet, MAX_EXAMINED_CHARS, mergeSpans, type Snippet, type SnippetOptions, type TermMatch } from '../../../src/core/present/snippet.ts';

const ELLIPSIS = '…';

/** The query's analysed terms, as search.ts builds them. */
const queryTerms = (q: string, lang = 'en') => new Set(terms(q, lang));

const prose = (text: string, lang = 'en') => ({ text, code: '', lang });

/** The highlighted substrings of a snippet. */
const marked = (s: Snippet) => s.highlights.map(([a, b]) => s.text.slice(a, b));

/** Filler prose with no query term in it, `n` characters or a little more. */
function filler(n: number): string {
  const words = ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'consectetur', 'adipiscing', 'elit'];
  let out = '';
  for (let i = 0; out.length < n; i++) out += `${words[i % words.length]} `;
  return out;
}

describe('mergeSpans', () => {
  it('returns nothing for no spans', () => {
    expect(mergeSpans([])).toEqual([]);
  });

  it('sorts spans by start', () => {
    expect(mergeSpans([[10, 12], [0, 3], [5, 8]])).toEqual([[0, 3], [5, 8], [10, 12]]);
  });

  it("merges an identifier's whole span with its part spans", () => {
    // `getStaticPaths`: whole [0,14], parts get [0,3], Static [3,9], Paths [9,14].
    expect(mergeSpans([[0, 14], [0, 3], [3, 9], [9, 14]])).toEqual([[0, 14]]);
  });

  it('merges partly overlapping spans into their union', () => {
    expect(mergeSpans([[4, 9], [0, 6]])).toEqual([[0, 9]]);
  });

  it('merges touching spans', () => {
    expect(mergeSpans([[3, 9], [9, 14]])).toEqual([[3, 14]]);
  });

  it('keeps a contained span inside its container', () => {
    expect(mergeSpans([[0, 10], [2, 3], [12, 13]])).toEqual([[0, 10], [12, 13]]);
  });

  it('does not modify its input', () => {
    const input: Array<[number, number]> = [[5, 9], [0, 6]];
    mergeSpans(input);
    expect(input).toEqual([[5, 9], [0, 6]]);
  });
});

describe('makeSnippet: highlights', () => {
  it('points exactly at each matched word, including other forms with the same analysed term', () => {
    const text = 'Route parameters are read with param(). Routing nests routes.';
    const s = makeSnippet(prose(text), queryTerms('route'), {});
    expect(s.text).toBe(text);
    expect(s.kind).toBe('text');
    expect(marked(s)).toEqual(['Route', 'Routing', 'routes']);
    expect(s.highlights).toEqual([
      [0, 5],
      [40, 47],
      [54, 60],
    ]);
  });

  it('merges the overlapping spans of an identifier into one highlight', () => {
    const text = 'Use getStaticPaths to list routes.';
    const whole = makeSnippet(prose(text), queryTerms('getStaticPaths'), {});
    expect(whole.highlights).toEqual([[4, 18]]);
    expect(marked(whole)).toEqual(['getStaticPaths']);

    // Two adjacent parts matched by prose words: one highlight over both.
    const parts = makeSnippet(prose(text), queryTerms('static paths'), {});
    expect(marked(parts)).toEqual(['StaticPaths']);
  });

  it('analyses the text with the analyzer options it is given', () => {
    const text = 'Routes and routing.';
    expect(marked(makeSnippet(prose(text), new Set(terms('routes', 'en', { stem: false })), { stem: false }))).toEqual(['Routes']);
    expect(marked(makeSnippet(prose(text), queryTerms('routes'), {}))).toEqual(['Routes', 'routing']);
  });

  it('highlights Chinese words inside a text without spaces', () => {
    const sentence = '以冒号开头的路径段是路由参数，可以在处理函数中读取。';
    const text = `${'路由器决定由哪个程序响应请求。'.repeat(12)}${sentence}${'每个方法对应一个注册入口。'.repeat(12)}`;
    const s = makeSnippet(prose(text, 'zh-cn'), queryTerms('处理函数', 'zh-cn'), {});
    expect(marked(s)).toEqual(['处理函数']);
    expect(s.text.startsWith(ELLIPSIS)).toBe(true);
    expect(s.text.endsWith(ELLIPSIS)).toBe(true);
    // No spaces to snap to: the window is exactly `length` characters, plus the two ellipses.
    expect(s.text.length).toBe(DEFAULT_SNIPPET_OPTIONS.length + 2);
    // The excerpt is a verbatim piece of the text and the highlight maps back onto the match.
    const inner = s.text.slice(1, -1);
    const at = text.indexOf(inner);
    expect(at).toBeGreaterThan(0);
    expect(at + s.highlights[0][0] - 1).toBe(text.indexOf('处理函数'));
  });

  it('has no highlights and starts at the beginning when nothing matches', () => {
    const text = filler(400);
    const s = makeSnippet(prose(text), queryTerms('router'), {});
    expect(s.highlights).toEqual([]);
    expect(s.kind).toBe('text');
    expect(s.text.startsWith('lorem ipsum')).toBe(true);
    expect(s.text.endsWith(ELLIPSIS)).toBe(true);
    expect(text.startsWith(s.text.slice(0, -1))).toBe(true);
  });

  it('starts at the beginning when the query has no terms', () => {
    const text = `${filler(300)}router`;
    const s = makeSnippet(prose(text), new Set(), {});
    expect(s.highlights).toEqual([]);
    expect(s.text.startsWith('lorem')).toBe(true);
  });
});

describe('makeSnippet: window and ellipses', () => {
  const text = 'alpha beta gamma delta epsilon zeta eta theta iota kappa';

  it('shows a short text whole, without ellipses, when its match is near the start', () => {
    const s = makeSnippet(prose(text), queryTerms('beta'), {});
    expect(s.text).toBe(text);
    expect(marked(s)).toEqual(['beta']);
  });

  it('shows a text no longer than the snippet length whole, wherever its match is', () => {
    const s = makeSnippet(prose(text), queryTerms('kappa'), {});
    expect(s.text).toBe(text);
    expect(marked(s)).toEqual(['kappa']);
  });

  it('cuts at spaces, adds ellipses on both cut sides and shifts highlights past the leading one', () => {
    const options: SnippetOptions = { length: 20, lead: 6, snapDistance: 3 };
    const s = makeSnippet(prose(text), queryTerms('epsilon'), {}, options);
    // Window from 6 characters before `epsilon` (17, `delta`), 20 long, end snapped back to the space at 35.
    expect(s.text).toBe('…delta epsilon zeta…');
    expect(s.highlights).toEqual([[7, 14]]);
    expect(marked(s)).toEqual(['epsilon']);
  });

  it('adds only the trailing ellipsis when the window starts at the beginning', () => {
    const s = makeSnippet(prose(text), queryTerms('beta'), {}, { length: 20, lead: 6, snapDistance: 5 });
    // Window [0, 20) ends inside `delta`; the end is snapped back to the space at 16.
    expect(s.text).toBe('alpha beta gamma…');
    expect(s.highlights).toEqual([[6, 10]]);
  });

  it('adds only the leading ellipsis when the window reaches the end', () => {
    const s = makeSnippet(prose(text), queryTerms('kappa'), {}, { length: 20, lead: 6, snapDistance: 3 });
    expect(s.text.startsWith(ELLIPSIS)).toBe(true);
    expect(s.text.endsWith('kappa')).toBe(true);
    expect(marked(s)).toEqual(['kappa']);
    expect(s.text.length).toBeLessThanOrEqual(21);
  });

  it('chooses the window with the most distinct query terms over one with more matches of one term', () => {
    const text2 = `alpha alpha alpha alpha alpha ${filler(200)}beta and gamma here ${filler(200)}`;
    const s = makeSnippet(prose(text2), queryTerms('alpha beta gamma'), {}, { length: 60, lead: 10, snapDistance: 5 });
    expect(marked(s)).toEqual(['beta', 'gamma']);
    expect(s.text.startsWith(ELLIPSIS)).toBe(true);
    expect(s.text.endsWith(ELLIPSIS)).toBe(true);
  });

  it('with equally many distinct terms, prefers the window with more matches', () => {
    const text2 = `beta ${filler(200)}beta beta beta ${filler(200)}`;
    const s = makeSnippet(prose(text2), queryTerms('beta'), {}, { length: 60, lead: 10, snapDistance: 5 });
    expect(marked(s)).toEqual(['beta', 'beta', 'beta']);
  });

  it('with equal windows, prefers the earliest', () => {
    const text2 = `${filler(100)}first beta ${filler(200)}second beta ${filler(200)}`;
    const s = makeSnippet(prose(text2), queryTerms('beta'), {}, { length: 60, lead: 10, snapDistance: 5 });
    expect(marked(s)).toEqual(['beta']);
    expect(s.text).toContain('first beta');
    expect(s.text).not.toContain('second');
  });

  it('keeps `lead` characters of context before the first match (snapped to a word start)', () => {
    const text2 = `${filler(300)}router ${filler(300)}`;
    const s = makeSnippet(prose(text2), queryTerms('router'), {});
    const [[start]] = s.highlights;
    // At least lead − snapDistance characters of context (after the ellipsis), at most lead.
    expect(start - 1).toBeGreaterThanOrEqual(DEFAULT_SNIPPET_OPTIONS.lead - DEFAULT_SNIPPET_OPTIONS.snapDistance);
    expect(start - 1).toBeLessThanOrEqual(DEFAULT_SNIPPET_OPTIONS.lead);
    // The excerpt starts on a word, not mid-word.
    expect(s.text[1]).not.toBe(' ');
    expect(text2[text2.indexOf(s.text.slice(1, -1)) - 1]).toBe(' ');
  });

  it('keeps the anchoring match in the snippet when lead is 0', () => {
    const s = makeSnippet(prose('alpha beta gamma delta epsilon zeta eta theta'), queryTerms('gamma'), {}, {
      length: 12,
      lead: 0,
      snapDistance: 20,
    });
    expect(marked(s)).toEqual(['gamma']);
  });
});

describe('makeSnippet: prose or code', () => {
  it('uses the code, as kind "code", when only the code matches', () => {
    const s = makeSnippet({ text: 'Create the app first.', code: 'const app = createRouter();', lang: 'en' }, queryTerms('router'), {});
    expect(s.kind).toBe('code');
    expect(s.text).toBe('const app = createRouter();');
    expect(marked(s)).toEqual(['Router']);
  });

  it('prefers the prose when both prose and code match', () => {
    const s = makeSnippet({ text: 'The router picks a handler.', code: 'createRouter()', lang: 'en' }, queryTerms('router'), {});
    expect(s.kind).toBe('text');
    expect(marked(s)).toEqual(['router']);
  });

  it('falls back to the start of the prose when neither matches', () => {
    const s = makeSnippet({ text: 'Create the app first.', code: 'const app = init();', lang: 'en' }, queryTerms('router'), {});
    expect(s).toEqual({ text: 'Create the app first.', highlights: [], kind: 'text' });
  });

  it('shows the code from its start when there is no prose and nothing matches', () => {
    const s = makeSnippet({ text: '', code: 'npm install skylark', lang: 'en' }, queryTerms('router'), {});
    expect(s).toEqual({ text: 'npm install skylark', highlights: [], kind: 'code' });
  });

  it('shows the (empty) prose as text when there is no code', () => {
    expect(makeSnippet({ text: '', code: '', lang: 'en' }, queryTerms('router'), {})).toEqual({ text: '', highlights: [], kind: 'text' });
  });
});

describe('makeSnippet: properties', () => {
  // Plain words only (no identifiers), so every highlight is exactly one word; stop words, stems
  // that merge, mixed case and diacritics included.
  const WORDS = ['route', 'routes', 'routing', 'Router', 'the', 'of', 'and', 'handler', 'Handlers', 'config', 'cache', 'deploy', 'Skylark', 'café', 'naïve', 'HTTP', 'URLs', 'e2e', 'worker'];
  const SEPARATORS = [' ', ' ', ' ', ', ', '. ', '; ', ' (', ') ', '\n', ' — '];

  const textAndQuery = fc
    .array(fc.record({ word: fc.constantFrom(...WORDS), sep: fc.constantFrom(...SEPARATORS), pick: fc.boolean() }), {
      minLength: 1,
      maxLength: 80,
    })
    .map((items) => ({
      text: items.map((i) => i.word + i.sep).join(''),
      query: items.filter((i) => i.pick).map((i) => i.word).join(' '),
    }));

  const options = fc.integer({ min: 20, max: 200 }).chain((length) =>
    fc.record({
      length: fc.constant(length),
      lead: fc.integer({ min: 0, max: Math.floor(length / 2) }),
      snapDistance: fc.integer({ min: 0, max: 30 }),
    }),
  );

  it('every highlight is in bounds, sorted, non-overlapping, and one word whose term is a query term', () => {
    fc.assert(
      fc.property(textAndQuery, options, ({ text, query }, opts) => {
        const set = queryTerms(query);
        const s = makeSnippet(prose(text), set, {}, opts);
        expect(s.kind).toBe('text');
        s.highlights.forEach(([a, b], i) => {
          expect(Number.isInteger(a) && Number.isInteger(b)).toBe(true);
          expect(a).toBeGreaterThanOrEqual(0);
          expect(b).toBeGreaterThan(a);
          expect(b).toBeLessThanOrEqual(s.text.length);
          if (i > 0) expect(a).toBeGreaterThanOrEqual(s.highlights[i - 1][1]);
          const slice = s.text.slice(a, b);
          const sliceTerms = terms(slice, 'en');
          expect(sliceTerms).toHaveLength(1);
          expect(set.has(sliceTerms[0])).toBe(true);
          // A whole token of the slice, not a piece cut out of a longer word.
          expect(segment(slice, 'en')[0]).toMatchObject({ start: 0, end: slice.length });
        });
      }),
      { numRuns: 300 },
    );
  });

  it('the excerpt is a piece of the text, with an ellipsis exactly on each cut side', () => {
    fc.assert(
      fc.property(textAndQuery, options, ({ text, query }, opts) => {
        const s = makeSnippet(prose(text), queryTerms(query), {}, opts);
        const head = s.text.startsWith(ELLIPSIS) ? 1 : 0;
        const tail = s.text.endsWith(ELLIPSIS) && s.text.length > head ? 1 : 0;
        const inner = s.text.slice(head, s.text.length - tail);
        expect(text.includes(inner)).toBe(true);
        if (head === 0) expect(text.startsWith(inner)).toBe(true);
        if (tail === 0) expect(text.endsWith(inner)).toBe(true);
        expect(inner.length).toBeLessThanOrEqual(opts.length);
        // No highlight covers an ellipsis.
        for (const [a, b] of s.highlights) expect(a >= head && b <= s.text.length - tail).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a match whenever the text holds a query term and lead ≥ snapDistance', () => {
    const roomy = fc.record({
      length: fc.integer({ min: 80, max: 200 }),
      snapDistance: fc.integer({ min: 0, max: 20 }),
      extraLead: fc.integer({ min: 0, max: 10 }),
    });
    fc.assert(
      fc.property(textAndQuery, roomy, ({ text, query }, { length, snapDistance, extraLead }) => {
        const set = queryTerms(query);
        fc.pre(terms(text, 'en').some((t) => set.has(t)));
        const s = makeSnippet(prose(text), set, {}, { length, snapDistance, lead: snapDistance + extraLead });
        expect(s.highlights.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });
});

describe('bestWindowStart', () => {
  /** The window search before issue 19: every candidate re-counts every match (quadratic). */
  function recounted(matches: readonly TermMatch[], length: number, lead: number): number {
    let best = { start: 0, distinct: -1, count: -1 };
    for (const anchor of matches) {
      const start = Math.max(0, anchor.start - lead);
      const inside = matches.filter((m) => m.start >= start && m.end <= start + length);
      const distinct = new Set(inside.map((m) => m.term)).size;
      if (distinct > best.distinct || (distinct === best.distinct && inside.length > best.count)) best = { start, distinct, count: inside.length };
    }
    return best.start;
  }

  // Match layouts as segment() emits them: starts in text order, and tokens that overlap (an
  // identifier's whole token, then its parts at the same or later starts, some ending earlier).
  const layout = fc
    .array(fc.record({ gap: fc.integer({ min: 0, max: 40 }), width: fc.integer({ min: 1, max: 30 }), term: fc.constantFrom('a', 'b', 'c', 'd') }), { maxLength: 60 })
    .map((items) => {
      let at = 0;
      return items.map(({ gap, width, term }) => {
        at += gap;
        return { start: at, end: at + width, term };
      });
    });

  it('chooses the window re-counting every match chose, on any layout', () => {
    fc.assert(
      fc.property(layout, fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 100 }), (matches, length, lead) => {
        expect(bestWindowStart(matches, length, lead)).toBe(recounted(matches, length, lead));
      }),
      { numRuns: 500 },
    );
  });

  it('prefers the window with more distinct terms over one with more matches', () => {
    const m = (start: number, term: string) => ({ start, end: start + 3, term });
    // Four `a`s at 0–15, then `a b c` at 100–110: the later window has three distinct terms.
    expect(bestWindowStart([m(0, 'a'), m(5, 'a'), m(10, 'a'), m(15, 'a'), m(100, 'a'), m(105, 'b'), m(110, 'c')], 30, 0)).toBe(100);
  });
});

describe('examinedLength and the bound on presentation work', () => {
  it('keeps a text under the bound whole, and cuts a longer one at white space before the bound', () => {
    expect(examinedLength('short text', 100)).toBe(10);
    expect(examinedLength('aaaa bbbb cccc', 7)).toBe(4);
    // No white space to cut at: the bound itself.
    expect(examinedLength('x'.repeat(50), 10)).toBe(10);
  });

  it('highlights matches within the first MAX_EXAMINED_CHARS characters only', () => {
    const text = `${filler(MAX_EXAMINED_CHARS)} routing`;
    expect(makeSnippet(prose(text), queryTerms('routing'), {}).highlights).toEqual([]);
    expect(marked(makeSnippet(prose(`routing ${filler(MAX_EXAMINED_CHARS)}`), queryTerms('routing'), {}))).toEqual(['routing']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYZER_OPTIONS } from '../../../src/core/analysis/segment.ts';
import { analyze } from '../../../src/core/keyword/flex.ts';
import { topHits } from '../../../src/core/keyword/bm25f-scorer.ts';
import {
  buildKeywordIndex,
  loadKeywordIndex,
  openKeywordIndex,
  queryTerms,
  type KeywordDoc,
  type StoredKeywordIndex,
} from '../../../src/core/keyword/index.ts';

// Words chosen to exercise the analyzer: stems that merge (routes/routing), stop words, identifiers
// whole and split, a one-letter part, CJK, and punctuation that yields no term.
const VOCABULARY = ['alpha', 'beta', 'gamma', 'routes', 'routing', 'the', 'of', 'getStaticPaths', 'static', 'c.json()', 'json', 'API', '路由', '配置', '—', '?'];
const LANGS = ['en', 'zh-cn'];

const text = fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 8 }).map((ws) => ws.join(' '));
const keywordDoc: fc.Arbitrary<KeywordDoc> = fc.record({
  fields: fc.record({ title: text, headings: text, body: text }),
  lang: fc.constantFrom(...LANGS),
});

const termsOf = (d: KeywordDoc) =>
  new Set([d.fields.title, d.fields.headings, d.fields.body].flatMap((t) => analyze(t, d.lang, DEFAULT_ANALYZER_OPTIONS)));
/** Terms of the naming fields only (title and heading). */
const namingTermsOf = (d: KeywordDoc) => new Set([d.fields.title, d.fields.headings].flatMap((t) => analyze(t, d.lang, DEFAULT_ANALYZER_OPTIONS)));

describe('search over random small collections', () => {
  it('returns exactly the documents holding a query term, with scores non-increasing and ties by position', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(keywordDoc, { maxLength: 12 }), text, fc.constantFrom(...LANGS), async (docs, query, lang) => {
        const index = await loadKeywordIndex(JSON.parse(JSON.stringify(await buildKeywordIndex(docs))));
        const hits = index.search(query, { lang, limit: docs.length + 1 });
        const queryTerms = [...new Set(analyze(query, lang, DEFAULT_ANALYZER_OPTIONS))];

        for (const hit of hits) {
          const docTerms = termsOf(docs[hit.doc]);
          // Every hit holds at least one query term, and `matched` names exactly the ones it holds.
          expect(hit.matched.length).toBeGreaterThan(0);
          expect(hit.matched).toEqual(queryTerms.filter((t) => docTerms.has(t)));
          // `namedTerms` counts the query terms in the title or heading, each once.
          expect(hit.namedTerms).toBe(queryTerms.filter((t) => namingTermsOf(docs[hit.doc]).has(t)).length);
          expect(hit.score).toBeGreaterThan(0);
        }
        // No document holding a query term is lost (the per-term union is complete).
        const expected = docs.flatMap((d, i) => (queryTerms.some((t) => termsOf(d).has(t)) ? [i] : []));
        expect(hits.map((h) => h.doc).sort((a, b) => a - b)).toEqual(expected);
        // Sorted by score, ties by document position.
        for (let i = 1; i < hits.length; i++) {
          const [prev, next] = [hits[i - 1], hits[i]];
          expect(prev.score > next.score || (prev.score === next.score && prev.doc < next.doc)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});

const throughJson = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('one index answering many searches', () => {
  // Searches share per-document working arrays (search.ts Scratch); each must leave them as it found them.
  const search = fc.record({
    query: text,
    lang: fc.constantFrom(...LANGS),
    // Per concept, a second variant (as a completion or correction would be) with this weight, or none.
    variantWeight: fc.option(fc.double({ min: 0.1, max: 1, noNaN: true }), { nil: undefined }),
    variantWord: fc.constantFrom(...VOCABULARY),
    // Only documents at even positions, as a filter would accept.
    filtered: fc.boolean(),
  });

  it('answers each of a sequence of searches and term counts as a freshly loaded index answers it alone', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(keywordDoc, { maxLength: 12 }), fc.array(search, { minLength: 2, maxLength: 6 }), async (docs, searches) => {
        const stored = throughJson(await buildKeywordIndex(docs));
        const reused = await loadKeywordIndex(throughJson(stored));
        for (const s of searches) {
          const fresh = await loadKeywordIndex(throughJson(stored));
          const variant = analyze(s.variantWord, 'en', DEFAULT_ANALYZER_OPTIONS)[0];
          const groups = queryTerms(s.query, s.lang, fresh.options).map((term) => [
            { term, weight: 1, kind: 'exact' as const },
            ...(s.variantWeight !== undefined && variant !== undefined && variant !== term ? [{ term: variant, weight: s.variantWeight, kind: 'prefix' as const }] : []),
          ]);
          const within = s.filtered ? (doc: number) => doc % 2 === 0 : undefined;
          expect(reused.searchGroups(groups, docs.length + 1, within)).toEqual(fresh.searchGroups(groups, docs.length + 1, within));
          const terms = groups.flat().map((v) => v.term);
          expect(reused.termStats(terms)).toEqual(fresh.termStats(terms));
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('partitioning by term', () => {
  const lazily = (stored: StoredKeywordIndex) =>
    openKeywordIndex(throughJson(stored.head), async (i) => ({ data: throughJson(stored.parts[i]), bytes: 1 }), { residentBytes: 2 });

  it('changes no ranking: any partition size answers like one partition, eager and lazy', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(keywordDoc, { maxLength: 12 }),
        text,
        fc.constantFrom(...LANGS),
        fc.integer({ min: 1, max: 400 }),
        async (docs, query, lang, partBytes) => {
          const single = await loadKeywordIndex(throughJson(await buildKeywordIndex(docs)));
          const stored = await buildKeywordIndex(docs, undefined, { partBytes });
          const eager = await loadKeywordIndex(throughJson(stored));
          const lazy = lazily(stored);
          const terms = queryTerms(query, lang, single.options);
          const expected = single.search(query, { lang, limit: docs.length + 1 });
          expect(eager.search(query, { lang, limit: docs.length + 1 })).toEqual(expected);
          expect(eager.termStats(terms)).toEqual(single.termStats(terms));
          const view = await lazy.prepare(terms);
          // A filtered search first: the dfs the view's searches record (for termStats) count every document.
          view.searchGroups(terms.map((term) => [{ term, weight: 1, kind: 'exact' as const }]), docs.length + 1, (doc) => doc % 2 === 0);
          expect(view.search(query, { lang, limit: docs.length + 1 })).toEqual(expected);
          expect(view.termStats(terms)).toEqual(single.termStats(terms));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('topHits', () => {
  it('keeps exactly the first `limit` of a full sort by score descending, then document ascending', () => {
    // Few distinct scores, so ties (broken by document) are common.
    const scored = fc.uniqueArray(fc.nat({ max: 200 }), { maxLength: 80 }).chain((docs) =>
      fc.tuple(fc.constant(docs), fc.array(fc.constantFrom(0.5, 1, 1.5, 2, 3), { minLength: 201, maxLength: 201 }), fc.nat({ max: 90 })),
    );
    fc.assert(
      fc.property(scored, ([docs, values, limit]) => {
        const scores = Float64Array.from(values);
        const sorted = [...docs].sort((a, b) => scores[b]! - scores[a]! || a - b);
        expect(topHits(docs, scores, limit)).toEqual(sorted.slice(0, limit));
      }),
    );
  });
});

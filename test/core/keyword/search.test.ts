import { describe, expect, it } from 'vitest';
import { buildKeywordIndex, loadKeywordIndex, type KeywordDoc, type KeywordIndex } from '../../../src/core/keyword/index.ts';

function doc(title: string, headings: string, body: string, lang = 'en'): KeywordDoc {
  return { fields: { title, headings, body }, lang };
}

async function indexOf(docs: KeywordDoc[], options?: Parameters<typeof buildKeywordIndex>[1]): Promise<KeywordIndex> {
  // Through JSON, as the pack stores it.
  const load = async (partBytes?: number) =>
    loadKeywordIndex(JSON.parse(JSON.stringify(await buildKeywordIndex(docs, options, partBytes === undefined ? undefined : { partBytes }))));
  const single = await load();
  // Every ranking below is also checked on many small partitions (about one term each):
  // partitioning by term must change no hit, score or order.
  const many = await load(16);
  return {
    size: single.size,
    options: single.options,
    partitions: single.partitions,
    dictionary: single.dictionary,
    search(query, searchOptions) {
      const hits = single.search(query, searchOptions);
      expect(many.search(query, searchOptions), `${query} over ${many.partitions} partitions`).toEqual(hits);
      return hits;
    },
    searchTerms(terms, limit) {
      const hits = single.searchTerms(terms, limit);
      expect(many.searchTerms(terms, limit), `${terms.join(' ')} over ${many.partitions} partitions`).toEqual(hits);
      return hits;
    },
    searchGroups(groups, limit) {
      const hits = single.searchGroups(groups, limit);
      expect(many.searchGroups(groups, limit), `groups over ${many.partitions} partitions`).toEqual(hits);
      return hits;
    },
    termStats: (terms) => single.termStats(terms),
    prepare: (terms) => single.prepare(terms),
  };
}

const order = (index: KeywordIndex, query: string, lang = 'en') => index.search(query, { lang }).map((h) => h.doc);

describe('ranking of a small docs collection for "cors middleware"', () => {
  const docs = [
    /* 0 */ doc('CORS Middleware', '', 'Add the cors middleware to an app.'),
    /* 1 */ doc('Middleware', '', 'Middleware runs around handlers. Use it for cors.'),
    /* 2 */ doc('Routing', 'CORS', 'Group routes and apply middleware to each group.'),
    /* 3 */ doc('Security', '', 'cors cors cors cors cors cors cors cors'),
    /* 4 */ doc('Guides', '', 'Configure cors headers by hand in every handler without any framework help at all, then test them in a browser.'),
    /* 5 */ doc('Middleware', '', 'Write your own middleware.'),
    /* 6 */ doc('Deployment', '', 'Deploy to Cloudflare Workers.'),
    /* 7 */ doc('Testing', '', 'Test handlers.'),
  ];

  it('orders documents by field, rarity, saturation and length, position by position', async () => {
    const index = await indexOf(docs);
    expect(order(index, 'cors middleware')).toEqual([
      // 1st, doc 0: both terms in the title (the heaviest field, and a short one) and again in the body.
      0,
      // 2nd, doc 1: both terms, but only `middleware` is in the title; `cors` is body-only.
      1,
      // 3rd, doc 2: both terms, but in weaker fields: `cors` as a heading, `middleware` in the body.
      2,
      // 4th, doc 5: only one term, but the rarer one (`middleware`: 4 of 8 docs; `cors`: 5 of 8), in
      // the title and body of a short section; still below every document holding both terms.
      5,
      // 5th, doc 3: `cors` eight times — saturation (k1) keeps eight body occurrences worth less
      // than one title + one body occurrence of the rarer term.
      3,
      // 6th, doc 4: `cors` once, in a body about four times the average length (b = 0.75).
      4,
      // Docs 6 and 7 hold no query term: not candidates at all.
    ]);
  });

  it('reports which analyzed query terms each hit matched, in query order', async () => {
    const hits = (await indexOf(docs)).search('middleware cors', { lang: 'en' });
    expect(hits.find((h) => h.doc === 5)?.matched).toEqual(['middlewar']);
    expect(hits.find((h) => h.doc === 0)?.matched).toEqual(['middlewar', 'cor']);
  });
});

describe('BM25F weighting', () => {
  it('weighs a match in the title above headings above body, other things equal', async () => {
    // Every field has the same length in every document; only where `vite` sits differs.
    const index = await indexOf([
      doc('plugin setup', 'build options', 'vite reads the config file'),
      doc('plugin setup', 'vite options', 'astro reads the config file'),
      doc('vite setup', 'build options', 'astro reads the config file'),
    ]);
    expect(order(index, 'vite')).toEqual([2, 1, 0]);
  });

  it('lets a field weight of 0 make that field unsearchable', async () => {
    const index = await indexOf([doc('vite', '', 'other'), doc('other', '', 'vite')], { weights: { title: 0 } });
    expect(order(index, 'vite')).toEqual([1]);
  });

  it('weighs a rare term above a common one', async () => {
    const index = await indexOf([
      doc('', '', 'alpha filler'),
      doc('', '', 'beta filler'),
      doc('', '', 'beta other'),
      doc('', '', 'beta thing'),
    ]);
    const [first, second] = index.search('alpha beta', { lang: 'en' });
    expect(first.doc).toBe(0);
    expect(first.score).toBeGreaterThan(second.score);
  });

  it('saturates term frequency: each extra occurrence adds less', async () => {
    // Bodies of equal length, so only the count of `cache` differs (1, 2, 4, 8).
    const body = (n: number) => [...Array(n).fill('cache'), ...Array(8 - n).fill('filler')].join(' ');
    const index = await indexOf([1, 2, 4, 8].map((n) => doc('', '', body(n))).concat(doc('', '', 'unrelated words')));
    const score = new Map(index.search('cache', { lang: 'en' }).map((h) => [h.doc, h.score]));
    const [s1, s2, s4, s8] = [0, 1, 2, 3].map((d) => score.get(d)!);
    expect(s1 < s2 && s2 < s4 && s4 < s8).toBe(true);
    // Gain per added occurrence shrinks: 1→2, then 2→4 (per occurrence), then 4→8.
    expect(s2 - s1).toBeGreaterThan((s4 - s2) / 2);
    expect((s4 - s2) / 2).toBeGreaterThan((s8 - s4) / 4);
  });

  it('normalises by field length: the same single match counts more in a shorter body', async () => {
    const index = await indexOf([
      doc('', '', 'deploy ' + 'word '.repeat(30)),
      doc('', '', 'deploy word'),
      doc('', '', 'unrelated'),
    ]);
    expect(order(index, 'deploy')).toEqual([1, 0]);
  });
});

describe('OR semantics', () => {
  it('finds a document holding only one of two query terms, below those holding both', async () => {
    const index = await indexOf([
      doc('', '', 'session cookie'),
      doc('', '', 'session storage'),
      doc('', '', 'cookie session'),
      doc('', '', 'other thing'),
    ]);
    const hits = index.search('session cookie', { lang: 'en' });
    expect(hits.map((h) => h.doc)).toEqual([0, 2, 1]);
    expect(hits[2].matched).toEqual(['session']);
  });
});

describe('identifiers', () => {
  const docs = [
    /* 0 */ doc('Routing', '', 'Export getStaticPaths() from a dynamic route.'),
    /* 1 */ doc('Context', '', 'Return JSON with c.json() from a handler.'),
    /* 2 */ doc('Paths', '', 'Static files get copied; paths are kept.'),
    /* 3 */ doc('Misc', '', 'Nothing to see.'),
  ];

  it('finds getStaticPaths by the whole identifier and by its parts', async () => {
    const index = await indexOf(docs);
    expect(order(index, 'getStaticPaths')[0]).toBe(0);
    expect(order(index, 'static paths')).toEqual(expect.arrayContaining([0, 2]));
    // The whole identifier is a term of its own, so an exact mention outranks the loose words.
    const hits = index.search('getStaticPaths', { lang: 'en' });
    expect(hits[0].matched).toContain('getstaticpath');
    expect(hits.map((h) => h.doc)).toEqual([0, 2]);
    // Typed in lower case as one word, the name still finds the identifier first.
    expect(order(index, 'getstaticpaths')[0]).toBe(0);
  });

  it('finds c.json() by the whole identifier and by its parts, unchanged by FlexSearch', async () => {
    const index = await indexOf(docs);
    const hits = index.search('c.json()', { lang: 'en' });
    expect(hits[0].doc).toBe(1);
    expect(hits[0].matched).toContain('c.json');
    expect(order(index, 'json')).toEqual([1]);
  });
});

describe('languages', () => {
  it('finds a Chinese document with a Chinese query', async () => {
    const index = await indexOf([
      doc('Routing', '', 'Define routes in the pages folder.'),
      doc('路由', '', '在 pages 目录中定义路由和页面。', 'zh-cn'),
      doc('部署', '', '将网站部署到服务器。', 'zh-cn'),
    ]);
    expect(order(index, '路由', 'zh-cn')[0]).toBe(1);
    expect(order(index, '部署', 'zh-cn')).toEqual([2]);
  });
});

describe('queries without index terms', () => {
  it('returns no hits for an empty query, stop words only, or punctuation only', async () => {
    const index = await indexOf([doc('The guide', '', 'How to do it and what it is.')]);
    expect(index.search('', { lang: 'en' })).toEqual([]);
    expect(index.search('   ', { lang: 'en' })).toEqual([]);
    expect(index.search('the and of', { lang: 'en' })).toEqual([]);
    expect(index.search('?! -- ::', { lang: 'en' })).toEqual([]);
  });

  it('returns no hits from an empty collection', async () => {
    const index = await indexOf([]);
    expect(index.size).toBe(0);
    expect(index.search('anything', { lang: 'en' })).toEqual([]);
  });
});

describe('determinism and limits', () => {
  it('breaks score ties by document position, ascending', async () => {
    const index = await indexOf([doc('', '', 'other'), doc('', '', 'twin'), doc('', '', 'other'), doc('', '', 'twin'), doc('', '', 'twin')]);
    const hits = index.search('twin', { lang: 'en' });
    expect(hits.map((h) => h.doc)).toEqual([1, 3, 4]);
    expect(new Set(hits.map((h) => h.score)).size).toBe(1);
  });

  it('returns at most `limit` hits, else the index default', async () => {
    const many = Array.from({ length: 60 }, (_, i) => doc('', '', `shared word${i}`));
    const index = await indexOf(many);
    expect(index.search('shared', { lang: 'en', limit: 3 }).map((h) => h.doc)).toEqual([0, 1, 2]);
    expect(index.search('shared', { lang: 'en' })).toHaveLength(50);
    expect(index.search('shared', { lang: 'en', limit: 0 })).toEqual([]);
  });

  it('counts documents without any term in size, so ids stay positions', async () => {
    const index = await indexOf([doc('', '', ''), doc('', '', 'the'), doc('', '', 'found')]);
    expect(index.size).toBe(3);
    expect(order(index, 'found')).toEqual([2]);
  });
});

describe('searchGroups: a concept matched by several weighted terms', () => {
  const docs = [
    /* 0 */ doc('Deploy', '', 'Deploy your site.'),
    /* 1 */ doc('Deployment adapters', '', 'Choose a deployment adapter.'),
    /* 2 */ doc('Routing', '', 'Routes and deployment notes.'),
    /* 3 */ doc('Testing', '', 'Test handlers.'),
  ];
  const exact = (term: string) => ({ term, weight: 1, kind: 'exact' as const });

  it('answers exactly as searchTerms when every concept is one exact term', async () => {
    const index = await indexOf(docs);
    for (const terms of [['deploi'], ['deploy', 'rout'], ['test', 'handler', 'zzz'], []]) {
      expect(index.searchGroups(terms.map((t) => [exact(t)])), terms.join(' ')).toEqual(index.searchTerms(terms));
    }
  });

  it('adds the documents of a weaker variant below those of the term as typed, counting the concept once', async () => {
    const index = await indexOf(docs);
    // Porter stems "Deploy" to `deploi` and "deployment" to `deploy`: two terms of one prefix.
    expect(index.dictionary.completions('deplo', 5).map((c) => c.term).sort()).toEqual(['deploi', 'deploy']);
    const hits = index.searchGroups([[exact('deploi'), { term: 'deploy', weight: 0.5, kind: 'prefix' }]]);
    // Doc 0 holds the term as typed; 1 and 2 only the other term, at half weight.
    expect(hits.map((h) => h.doc)).toEqual([0, 1, 2]);
    expect(hits.find((h) => h.doc === 1)!.namedTerms).toBe(1);
    expect(hits.find((h) => h.doc === 1)!.matched).toEqual(['deploi']);
    const alone = index.searchTerms(['deploy']).find((h) => h.doc === 1)!.score;
    expect(hits.find((h) => h.doc === 1)!.score).toBeCloseTo(alone * 0.5, 10);
  });

  it('never counts a variant as rarer than the term as typed when the index holds it', async () => {
    // `astro` in every doc but one, a rare completion of it (`astrojs`) in one title only.
    const common = [
      /* 0 */ doc('CLI astro', '', 'The command line.'),
      /* 1 */ doc('CLI astrojs', '', 'An integration.'),
      ...Array.from({ length: 8 }, (_, i) => doc(`Page ${i}`, '', 'About astro.')),
    ];
    const index = await indexOf(common);
    const [rare] = index.dictionary.completions('astro', 5).map((c) => c.term);
    const idf = (term: string) => index.termStats([term])[0]!.idf;
    expect(idf(rare!)).toBeGreaterThan(idf('astro') * 4);
    const hits = index.searchGroups([[exact('cli')], [exact('astro'), { term: rare!, weight: 0.3, kind: 'prefix' }]]);
    // Uncapped, 0.3 × the rare term's IDF would outscore the word the reader typed: doc 1 first.
    expect(hits.map((h) => h.doc).slice(0, 2)).toEqual([0, 1]);
    // Capped at the typed term's rarity, doc 1's completion adds 0.3 of what it would add at the typed term's IDF.
    const cliOnly = index.searchGroups([[exact('cli')]]).find((h) => h.doc === 1)!.score;
    const asTyped = index.searchGroups([[exact('cli')], [exact(rare!)]]).find((h) => h.doc === 1)!.score - cliOnly;
    const added = hits.find((h) => h.doc === 1)!.score - cliOnly;
    expect(added).toBeCloseTo(asTyped * 0.3 * (idf('astro') / idf(rare!)), 10);
  });
});

describe('naming: the sections whose naming fields hold the query', () => {
  const docs = [
    /* 0 */ doc('Basic Auth', 'Usage', 'Protect a route with a password.'),
    /* 1 */ doc('Language', 'Basic Usage', 'Detect the reader\'s language.'),
    /* 2 */ doc('Basic Usage', '', 'A page about it.'),
    /* 3 */ doc('Guides', 'Examples', 'The basic usage of every helper.'),
  ];

  it('counts the concepts either naming field holds, and whether one field alone holds them all', async () => {
    const index = await indexOf(docs);
    const byDoc = new Map(index.search('basic usage', { lang: 'en' }).map((h) => [h.doc, h]));
    // The page title holds one concept and the heading the other: named between them, by neither alone.
    expect(byDoc.get(0)).toMatchObject({ namedTerms: 2, namedByOneField: false });
    // The section's own heading holds both; then a page title that holds both.
    expect(byDoc.get(1)).toMatchObject({ namedTerms: 2, namedByOneField: true });
    expect(byDoc.get(2)).toMatchObject({ namedTerms: 2, namedByOneField: true });
    // Body only: not named.
    expect(byDoc.get(3)).toMatchObject({ namedTerms: 0, namedByOneField: false });
  });

  it('counts a concept once per field, however many of its variants the field holds', async () => {
    const index = await indexOf(docs);
    const exact = (term: string) => ({ term, weight: 1, kind: 'exact' as const });
    const [basic, usage] = index.search('basic usage', { lang: 'en' }).find((h) => h.doc === 1)!.matched;
    // One concept looked up by two terms, both in doc 1's heading: one concept named, by that field alone.
    const hits = index.searchGroups([[exact(basic!), exact(usage!)]]);
    expect(hits.find((h) => h.doc === 1)).toMatchObject({ namedTerms: 1, namedByOneField: true });
  });
});

import { describe, expect, it } from 'vitest';
import { UNKNOWN_TERM_WEIGHT } from '../../../src/core/embed/model.ts';
import fc from 'fast-check';
import { fnv1a } from '../../../src/core/hash.ts';
import { isKnownNgram, knownNgramHashes, ngramBuckets, ngramsOf } from '../../../src/core/embed/ngrams.ts';
import { tokenize } from '../../../src/core/embed/tokenize.ts';
import { terms } from '../../../src/core/analysis/segment.ts';
import { handModel } from './fixture.ts';
import { keepingUnknownTerms } from '../../../src/core/embed/vocabulary.ts';

const TEXT = 'Dynamic routes: use getStaticPaths() to generate the routes of a dynamic page.';

/** Sum of weights per id, as a plain object, for readable comparisons. */
function weightById(t: { ids: Int32Array; weights: Float32Array }): Map<number, number> {
  return new Map(Array.from(t.ids, (id, i) => [id, t.weights[i]]));
}

describe('n-grams', () => {
  it('cuts the marked term into every n-gram of length minN..maxN', () => {
    expect(ngramsOf('ab', 3, 5)).toEqual(['<ab', 'ab>', '<ab>']);
    expect(ngramsOf('rout', 3, 3)).toEqual(['<ro', 'rou', 'out', 'ut>']);
    expect(ngramsOf('a', 4, 5)).toEqual([]);
  });

  it('keeps surrogate pairs whole', () => {
    const grams = ngramsOf('𝒳y', 3, 3);
    expect(grams).toEqual(['<𝒳y', '𝒳y>']);
  });

  it('hashes with 32-bit FNV-1a, the same on every runtime', () => {
    // Reference values of FNV-1a 32 ("" is the offset basis).
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
    expect(ngramBuckets('route', 3, 5, 1000)).toEqual(ngramBuckets('route', 3, 5, 1000));
    expect(ngramBuckets('route', 3, 5, 1000).every((b) => b >= 0 && b < 1000)).toBe(true);
    expect(ngramBuckets('route', 3, 5, 0)).toEqual([]);
  });
});

describe('tokenize', () => {
  it('reads exactly the terms of segment(), with the model analyzer settings', () => {
    const analysed = terms(TEXT, 'en');
    const model = handModel([...new Set(analysed)].reverse(), { buckets: 0 });
    const t = tokenize(TEXT, 'en', model);
    expect([...t.ids].map((id) => model.terms[id]).sort()).toEqual([...new Set(analysed)].sort());

    const raw = { stem: false, stopWords: false, splitIdentifiers: true };
    const rawModel = handModel([...new Set(terms(TEXT, 'en', raw))], { buckets: 0 }, raw);
    const rawTerms = [...tokenize(TEXT, 'en', rawModel).ids].map((id) => rawModel.terms[id]);
    expect(rawTerms).toContain('routes');
    expect(rawTerms).toContain('the');
  });

  it('gives a known term its SIF weight per occurrence, split between its row and its n-grams', () => {
    const model = handModel(['rout', 'dynam', 'page'], { share: 0.25 });
    const t = tokenize('routes route routing page', 'en', model);
    const byId = weightById(t);
    const rout = model.termWeights[0] * 3;
    expect(byId.get(0)).toBeCloseTo(rout * 0.75, 6);
    expect(byId.get(2)).toBeCloseTo(model.termWeights[2] * 0.75, 6);
    const total = [...byId.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(rout + model.termWeights[2], 5);
    expect(t.ids.some((id) => id >= model.info.vocabularySize)).toBe(true);
  });

  it('emits ids ascending, each once', () => {
    const t = tokenize(TEXT, 'en', handModel(terms(TEXT, 'en').filter((x, i, a) => a.indexOf(x) === i)));
    expect([...t.ids]).toEqual([...new Set(t.ids)].sort((a, b) => a - b));
    expect(t.weights.length).toBe(t.ids.length);
    expect(t.weights.every((w) => w > 0)).toBe(true);
  });

  it('hashes n-grams deterministically into the rows after the vocabulary', () => {
    const model = handModel(['rout'], { buckets: 512 });
    const a = tokenize('routes', 'en', model);
    const b = tokenize('routes', 'en', model);
    expect(a).toEqual(b);
    const buckets = new Set(ngramBuckets('rout', 3, 5, 512).map((x) => x + 1));
    expect(new Set([...a.ids].filter((id) => id >= 1))).toEqual(buckets);
    expect(Math.max(...a.ids)).toBeLessThan(model.info.rows);
  });

  it('places an unknown term by its n-grams alone, with the full unknown-term weight', () => {
    const model = handModel(['rout', 'page']);
    const t = tokenize('configuraton', 'en', model);
    expect(t.ids.length).toBeGreaterThan(0);
    expect(t.ids.every((id) => id >= model.info.vocabularySize)).toBe(true);
    const total = t.weights.reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(UNKNOWN_TERM_WEIGHT, 5);
  });

  it('drops unknown terms when n-grams are off, and known terms keep their whole weight', () => {
    const model = handModel(['rout'], { buckets: 0 });
    const t = tokenize('routes configuraton', 'en', model);
    expect([...t.ids]).toEqual([0]);
    expect(t.weights[0]).toBeCloseTo(model.termWeights[0], 6);
  });

  it('gives no ids for text without terms', () => {
    const model = handModel(['rout']);
    for (const text of ['', '   ', 'the of and', '!!! ---']) {
      const t = tokenize(text, 'en', model);
      expect(t.ids.length).toBe(0);
      expect(t.weights.length).toBe(0);
    }
  });
});

describe('known n-grams', () => {
  it('finds exactly the hashes of the vocabulary\'s n-grams (any UTF-16, surrogate pairs and lone surrogates included)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), { maxLength: 20 }), fc.string({ maxLength: 6 }), (vocab, probe) => {
        const known = knownNgramHashes(vocab, 3, 5);
        const all = new Set(vocab.flatMap((t) => ngramsOf(t, 3, 5)).map(fnv1a));
        expect(known.length).toBe(all.size);
        for (const h of all) expect(isKnownNgram(known, h)).toBe(true);
        expect(isKnownNgram(known, fnv1a(probe))).toBe(all.has(fnv1a(probe)));
      }),
    );
  });
});

describe('tokenize: unknown terms need known n-grams (minKnownShare)', () => {
  const vocab = terms('middleware routing parameters configuration deploy', 'en');
  const filtered = handModel(vocab, { minKnownShare: 0.5 });
  const open = handModel(vocab, { minKnownShare: 0 });

  it('keepingUnknownTerms tokenizes any text to a superset of its ids (the rows a query can need, read before the n-grams are)', () => {
    expect(keepingUnknownTerms(filtered).info.ngram.minKnownShare).toBe(0);
    const word = fc.stringMatching(/^[a-z]{1,10}$/);
    const text = fc.array(fc.oneof(word, fc.constantFrom(...vocab, 'midleware', 'routng', 'zqxjv')), { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(text, (t) => {
        const all = new Set(tokenize(t, 'en', keepingUnknownTerms(filtered)).ids);
        for (const id of tokenize(t, 'en', filtered).ids) expect(all.has(id)).toBe(true);
      }),
    );
    // A superset, not the same: noise keeps its n-grams only there.
    expect(tokenize('zqxjv', 'en', keepingUnknownTerms(filtered)).ids.length).toBeGreaterThan(0);
  });

  it('keeps a typo, most of whose n-grams occur in a vocabulary word', () => {
    // `midleware` → `midlewar`: 15 of its 21 n-grams occur in `middlewar`.
    const grams = ngramsOf('midlewar', 3, 5);
    const seen = grams.filter((g) => isKnownNgram(filtered.knownNgrams(), fnv1a(g))).length;
    expect(seen / grams.length).toBeGreaterThanOrEqual(0.5);
    expect(tokenize('midleware', 'en', filtered)).toEqual(tokenize('midleware', 'en', open));
    expect(tokenize('midleware', 'en', filtered).ids.length).toBeGreaterThan(0);
  });

  it('drops typed noise, none of whose n-grams occur in the vocabulary', () => {
    expect(tokenize('zqxjv wqpfkz', 'en', open).ids.length).toBeGreaterThan(0);
    expect(tokenize('zqxjv wqpfkz', 'en', filtered).ids).toHaveLength(0);
  });

  it('never drops a known term, and drops noise beside it without changing its weight', () => {
    const alone = tokenize('routing', 'en', filtered);
    const withNoise = tokenize('routing zqxjv', 'en', filtered);
    expect(weightById(withNoise)).toEqual(weightById(alone));
  });
});

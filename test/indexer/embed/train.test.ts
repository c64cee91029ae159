import { describe, expect, it } from 'vitest';
import { exportOnnx } from '../../../src/indexer/embed/onnx.ts';
import { DEFAULT_EMBED_OPTIONS, resolveEmbedOptions } from '../../../src/indexer/embed/options.ts';
import { sectionEmbedDocs, trainEmbedding } from '../../../src/indexer/embed/train.ts';
import { dot, embedReference } from '../../../src/core/embed/reference.ts';
import { tokenize } from '../../../src/core/embed/tokenize.ts';
import { prepareTokenizer } from '../../../src/core/embed/vocabulary.ts';
import { searchableText } from '../../../src/core/analysis/fields.ts';
import type { Section } from '../../../src/core/types.ts';
import { codeOf } from '../../support/errors.ts';
import { topicCorpus } from './corpus-fixture.ts';

const SMALL = { dimensions: 8, ngram: { buckets: 2048 } };
const docs = topicCorpus();
const trained = trainEmbedding(docs, SMALL);
const tokenizer = prepareTokenizer(trained.model);
const embed = (text: string) => {
  const t = tokenize(text, 'en', tokenizer);
  return embedReference(trained.matrix, trained.model.info.dimensions, t.ids, t.weights);
};

describe('trainEmbedding', () => {
  it('has one row per vocabulary term plus one per bucket, and the requested dimensions', () => {
    const { info, terms, termWeights } = trained.model;
    expect(info.dimensions).toBe(8);
    expect(info.vocabularySize).toBe(terms.length);
    expect(info.rows).toBe(terms.length + 2048);
    expect(trained.matrix.length).toBe(info.rows * 8);
    expect(termWeights.length).toBe(terms.length);
    expect(termWeights.every((w) => w > 0 && w <= 1)).toBe(true);
    // Vocabulary: the analyser's terms (stemmed), most frequent first.
    expect(terms).toContain('deploy');
    expect(terms).toContain('getstaticpath');
    expect(info.analyzer).toEqual(DEFAULT_EMBED_OPTIONS.analyzer);
  });

  it('gives rarer terms larger SIF weights', () => {
    const { terms, termWeights } = trained.model;
    // terms[0] is the most frequent term.
    expect(termWeights[0]).toBeLessThanOrEqual(termWeights[terms.length - 1]);
  });

  it('is deterministic: the same corpus gives identical bytes, in E and in the ONNX file', () => {
    const again = trainEmbedding(docs, SMALL);
    expect(again.model).toEqual(trained.model);
    expect(Buffer.from(again.matrix.buffer).equals(Buffer.from(trained.matrix.buffer))).toBe(true);
    expect(Buffer.from(exportOnnx(again.matrix, again.model.info)).equals(Buffer.from(exportOnnx(trained.matrix, trained.model.info)))).toBe(true);
    const otherSeed = trainEmbedding(docs, { ...SMALL, seed: 99 });
    expect(Buffer.from(otherSeed.matrix.buffer).equals(Buffer.from(trained.matrix.buffer))).toBe(false);
  });

  it('places words of one topic closer together than words of different topics', () => {
    expect(dot(embed('deployment'), embed('hosting'))).toBeGreaterThan(dot(embed('deployment'), embed('picture')));
    expect(dot(embed('zod schema'), embed('collection entry'))).toBeGreaterThan(dot(embed('zod schema'), embed('redirect')));
  });

  it('embeds an unseen misspelling closer to its word than to an unrelated word', () => {
    const typo = embed('deploymnet');
    expect(tokenize('deploymnet', 'en', tokenizer).ids.every((id) => id >= trained.model.info.vocabularySize)).toBe(true);
    expect(dot(typo, embed('deployment'))).toBeGreaterThan(dot(typo, embed('image')));
    expect(dot(typo, embed('deployment'))).toBeGreaterThan(dot(typo, embed('markdown')));
    const identifier = embed('getStaticPahts');
    expect(dot(identifier, embed('getStaticPaths'))).toBeGreaterThan(dot(identifier, embed('frontmatter')));
  });

  it('trains with PPMI as well, and on tiny corpora (rank below the dimensions)', () => {
    const ppmi = trainEmbedding(docs, { ...SMALL, method: 'ppmi' });
    expect(ppmi.matrix.length).toBe(ppmi.model.info.rows * 8);
    const tiny = trainEmbedding([{ text: 'alpha beta', lang: 'en' }, { text: 'beta gamma', lang: 'en' }], { dimensions: 16, ngram: { buckets: 0 } });
    expect(tiny.model.terms).toEqual(['beta', 'alpha', 'gamma']);
    expect(tiny.matrix.every(Number.isFinite)).toBe(true);
    const empty = trainEmbedding([], { dimensions: 4, ngram: { buckets: 16 } });
    expect(empty.model.info.rows).toBe(16);
    expect(empty.matrix.every((x) => x === 0)).toBe(true);
  });

  it('trains on a section exactly the text the keyword index reads', () => {
    const section: Section = {
      id: '/a/#b', url: '/a/#b', pageUrl: '/a/', anchor: 'b', title: 'B', breadcrumb: ['Page', 'B'], depth: 2,
      lang: 'en', text: 'prose', code: 'code()', links: [], tags: ['tag'], description: 'desc',
    };
    expect(sectionEmbedDocs([section])).toEqual([{ text: searchableText(section), lang: 'en' }]);
  });
});

describe('resolveEmbedOptions', () => {
  it('completes the defaults and refuses bad values with INVALID_OPTIONS', () => {
    expect(resolveEmbedOptions({ ngram: { buckets: 0 } }).ngram).toEqual({ ...DEFAULT_EMBED_OPTIONS.ngram, buckets: 0 });
    for (const bad of [
      { dimensions: 0 },
      { dimensions: 1.5 },
      { method: 'lsa' as never },
      { sifA: 0 },
      { ngram: { minN: 4, maxN: 3 } },
      { ngram: { share: 1 } },
      { seed: -1 },
      { commonComponents: 9 },
    ]) {
      expect(codeOf(() => resolveEmbedOptions(bad)), JSON.stringify(bad)).toBe('INVALID_OPTIONS');
    }
  });
});

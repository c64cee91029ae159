import { describe, expect, it } from 'vitest';
import {
  FORMAT_VERSION,
  keywordPartFileName,
  PACK_FILES,
  parsePackJson,
  validateManifest,
  type PackManifest,
} from '../../../src/core/pack/format.ts';
import { thrown } from '../../support/errors.ts';

function manifest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    formatVersion: FORMAT_VERSION,
    buildId: 'abc123',
    createdAt: '2026-01-01T00:00:00.000Z',
    counts: { pages: 1, sections: 2 },
    languages: ['en', 'ja'],
    defaultLang: 'en',
    analyzer: { stem: true, stopWords: true, splitIdentifiers: true },
    baseUrl: '/',
    model: null,
    files: {
      'sections.json': { bytes: 10, shards: [{ name: 'sections.json', bytes: 10, sha256: 'a'.repeat(64) }] },
      'keyword.json': { bytes: 10, shards: [{ name: 'keyword.json.000', bytes: 6, sha256: 'b'.repeat(64) }, { name: 'keyword.json.001', bytes: 4, sha256: 'c'.repeat(64) }] },
    },
    ...overrides,
  };
}

function without(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

describe('PACK_FILES and FORMAT_VERSION', () => {
  it('name the pack files and version 7 (v2 added the semantic route\'s files, v3 shards with SHA-256 in the manifest, v4 section blocks and keyword partitions read on demand, v5 keyword partitions by sorted term ranges with the term dictionary, v6 the int8 matrix, v7 each section\'s term set; the optional calibration file needs no new version: a pack without it loads with the default model; nor do the optional stored n-gram hashes: a pack without them computes them; nor llms.txt and llms-full.txt, which no search reads)', () => {
    expect(PACK_FILES).toEqual({
      manifest: 'manifest.json',
      sections: 'sections.json',
      keyword: 'keyword.json',
      embedding: 'embedding.json',
      matrix: 'embedding.bin',
      onnx: 'model.onnx',
      vectors: 'vectors.bin',
      ngrams: 'ngrams.bin',
      confidence: 'confidence.json',
      llms: 'llms.txt',
      llmsFull: 'llms-full.txt',
    });
    expect(FORMAT_VERSION).toBe(7);
    expect([keywordPartFileName(0), keywordPartFileName(12)]).toEqual(['keyword-0000.json', 'keyword-0012.json']);
  });
});

describe('parsePackJson', () => {
  it('returns the parsed value of valid JSON', () => {
    expect(parsePackJson('sections.json', '{"sections":[1,2]}')).toEqual({ sections: [1, 2] });
  });

  it.each(['{"sections": [', '', 'not json', "{'a':1}"])('throws INDEX_CORRUPT naming the file for %j', (text) => {
    const e = thrown(() => parsePackJson('sections.json', text));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain('sections.json');
  });

  it('names whichever file it was given', () => {
    expect(thrown(() => parsePackJson('keyword.json', '{')).message).toContain('keyword.json');
  });
});

describe('validateManifest', () => {
  it('returns a well-formed manifest unchanged', () => {
    const m = manifest();
    expect(validateManifest(m)).toBe(m);
  });

  it.each([1, 2, 3, 4, 5, 6, 8, 0, 999])('refuses format version %i with INDEX_VERSION_MISMATCH, naming the rebuild command', (formatVersion) => {
    const e = thrown(() => validateManifest(manifest({ formatVersion })));
    expect(e.code).toBe('INDEX_VERSION_MISMATCH');
    expect(e.message).toContain(String(formatVersion));
    expect(e.message).toContain('npx recall-box build');
  });

  it('checks the version before the shape: a foreign-version manifest of any shape is a version mismatch', () => {
    expect(thrown(() => validateManifest({ formatVersion: 1 })).code).toBe('INDEX_VERSION_MISMATCH');
    expect(thrown(() => validateManifest({ formatVersion: 999, buildId: 7, languages: 'en' })).code).toBe('INDEX_VERSION_MISMATCH');
  });

  it('accepts a static model entry and refuses a malformed one as INDEX_CORRUPT', () => {
    expect(validateManifest(manifest({ model: { kind: 'static', dimensions: 128, rows: 9000 } }))).toBeTruthy();
    for (const model of [{ kind: 'static', dimensions: 0, rows: 10 }, { kind: 'static', dimensions: 8 }, { kind: 'other', dimensions: 8, rows: 8 }, 'static']) {
      expect(thrown(() => validateManifest(manifest({ model }))).code).toBe('INDEX_CORRUPT');
    }
  });

  it.each([
    ['null', null],
    ['an array', [manifest()]],
    ['a string', '{"formatVersion":1}'],
    ['a number', 1],
  ])('refuses a manifest that is %s with INDEX_CORRUPT', (_name, value) => {
    expect(thrown(() => validateManifest(value)).code).toBe('INDEX_CORRUPT');
  });

  it.each([
    ['no formatVersion', without(manifest(), 'formatVersion')],
    ['a string formatVersion', manifest({ formatVersion: '1' })],
    ['no buildId', without(manifest(), 'buildId')],
    ['an empty buildId', manifest({ buildId: '' })],
    ['a numeric buildId', manifest({ buildId: 12 })],
    ['no counts', without(manifest(), 'counts')],
    ['counts without sections', manifest({ counts: { pages: 1 } })],
    ['a string section count', manifest({ counts: { pages: 1, sections: '2' } })],
    ['no languages', without(manifest(), 'languages')],
    ['languages not an array', manifest({ languages: 'en' })],
    ['a non-string language', manifest({ languages: ['en', 3] })],
    ['no defaultLang', without(manifest(), 'defaultLang')],
    ['no analyzer', without(manifest(), 'analyzer')],
    ['an array analyzer', manifest({ analyzer: [] })],
  ])('refuses a manifest with %s as INDEX_CORRUPT', (_name, value) => {
    expect(thrown(() => validateManifest(value)).code).toBe('INDEX_CORRUPT');
  });
});

import { describe, expect, it } from 'vitest';
import {
  FORMAT_VERSION,
  PACK_FILES,
  parsePackJson,
  validateManifest,
  validateSections,
  type PackManifest,
  type StoredSection,
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

function stored(overrides: Partial<StoredSection> = {}): StoredSection {
  return {
    id: '/a/#',
    url: '/a/',
    pageUrl: '/a/',
    anchor: '',
    title: 'A',
    breadcrumb: ['A'],
    depth: 1,
    lang: 'en',
    text: 'text',
    code: '',
    links: [],
    tags: [],
    description: '',
    pool: 'knowledge',
    ...overrides,
  };
}

describe('PACK_FILES and FORMAT_VERSION', () => {
  it('name the pack files and version 3 (v2 added the semantic route\'s files, v3 shards with SHA-256 in the manifest; the optional calibration file needs no new version: a pack without it loads with the default model)', () => {
    expect(PACK_FILES).toEqual({
      manifest: 'manifest.json',
      sections: 'sections.json',
      keyword: 'keyword.json',
      embedding: 'embedding.json',
      matrix: 'embedding.bin',
      onnx: 'model.onnx',
      vectors: 'vectors.bin',
      confidence: 'confidence.json',
    });
    expect(FORMAT_VERSION).toBe(3);
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

  it.each([1, 2, 4, 0, 999])('refuses format version %i with INDEX_VERSION_MISMATCH', (formatVersion) => {
    const e = thrown(() => validateManifest(manifest({ formatVersion })));
    expect(e.code).toBe('INDEX_VERSION_MISMATCH');
    expect(e.message).toContain(String(formatVersion));
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

describe('validateSections', () => {
  const m = manifest() as unknown as PackManifest; // counts.sections = 2

  it('returns the sections when the count matches and every section is well-formed', () => {
    const sections = [stored(), stored({ id: '/a/#b', url: '/a/#b', anchor: 'b', title: 'B', breadcrumb: ['A', 'B'], depth: 2 })];
    expect(validateSections({ sections }, m)).toBe(sections);
  });

  it.each([
    ['null', null],
    ['an array', [stored(), stored()]],
    ['an object without sections', { items: [stored(), stored()] }],
    ['sections not an array', { sections: { 0: stored(), 1: stored() } }],
  ])('refuses a file that is %s with INDEX_CORRUPT', (_name, value) => {
    expect(thrown(() => validateSections(value, m)).code).toBe('INDEX_CORRUPT');
  });

  it.each([[[stored()]], [[stored(), stored(), stored()]], [[]]])(
    'refuses a section count other than the manifest says (%#) with INDEX_CORRUPT',
    (sections) => {
      const e = thrown(() => validateSections({ sections }, m));
      expect(e.code).toBe('INDEX_CORRUPT');
      expect(e.message).toContain(`holds ${sections.length} sections`);
    },
  );

  const badSections: Array<[string, unknown]> = [
    ['null', null],
    ['a string', 'section'],
    ['an array', []],
    ...(['id', 'url', 'pageUrl', 'anchor', 'title', 'lang', 'text', 'code', 'description'] as const).map(
      (f): [string, unknown] => [`missing "${f}"`, { ...stored(), [f]: undefined }],
    ),
    ['a numeric text', stored({ text: 5 as unknown as string })],
    ['no breadcrumb', { ...stored(), breadcrumb: undefined }],
    ['links not an array', { ...stored(), links: '/b/' }],
    ['no tags', { ...stored(), tags: undefined }],
    ['no depth', { ...stored(), depth: undefined }],
    ['a string depth', { ...stored(), depth: '2' }],
    ['no pool', { ...stored(), pool: undefined }],
    ['an unknown pool', { ...stored(), pool: 'marketing' }],
  ];

  it.each(badSections)('refuses a section that is/has %s with INDEX_CORRUPT naming its position', (_name, bad) => {
    const e = thrown(() => validateSections({ sections: [stored(), bad] }, m));
    expect(e.code).toBe('INDEX_CORRUPT');
    expect(e.message).toContain('section 1');
  });
});

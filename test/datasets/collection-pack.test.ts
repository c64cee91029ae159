import { describe, expect, it } from 'vitest';
import { everySection } from '../../src/core/index.ts';
import { buildEvalPack } from '../../src/datasets/collection-pack.ts';
import type { EvalDoc } from '../../src/datasets/types.ts';

const doc = (id: string, body: string): EvalDoc => ({ id, title: `Title ${id}`, headings: '', body, lang: 'en' });

describe('buildEvalPack', () => {
  // d3 copies d1's text, so the build stores it beside d1 (indexer/storage-order.ts): the pack's
  // section positions are d1, d3, d2 — not the documents' order.
  const docs = [
    doc('d1', 'Deploying puts the built site on a server that readers reach by its domain name.'),
    doc('d2', 'The newsletter says what changed this month in the project and its plugins.'),
    doc('d3', 'Deploying puts the built site on a server that readers reach by its domain name.'),
  ];

  it('maps each section position to its document through the section id, whatever order the build stores them in', async () => {
    const { pack, docIdAt, docIdOfSection } = await buildEvalPack('mapping', docs, { vectors: false });
    expect(docIdAt).toEqual(['d1', 'd3', 'd2']);
    expect(everySection(pack.sections).map((s) => docIdOfSection.get(s.id))).toEqual(docIdAt);
    // The keyword route answers in positions; the newsletter's word finds the newsletter.
    const hits = pack.keyword.search('newsletter', { lang: 'en', limit: 3 });
    expect(hits.map((h) => docIdAt[h.doc])).toEqual(['d2']);
  });
});

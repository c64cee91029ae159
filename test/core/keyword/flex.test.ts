import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYZER_OPTIONS } from '../../../src/core/analysis/segment.ts';
import { analyze, createFlexIndex, type AnalyzedFields, type TermSlots } from '../../../src/core/keyword/flex.ts';

const fields = (body: string[], title: string[] = [], headings: string[] = []): AnalyzedFields => ({ title, headings, body });

/** doc id → tf, read back from the slots the way the ranking reads them. */
function frequencies(slots: TermSlots): Map<number, number> {
  const out = new Map<number, number>();
  slots.forEach((docs, slot) => docs?.forEach((d) => out.set(d, slot + 1)));
  return out;
}

describe('FlexSearch index with term frequencies in score slots', () => {
  it('gives back each document\'s term frequency per field, capped at maxTermFrequency', () => {
    const flex = createFlexIndex(4);
    flex.add(0, fields(['a', 'b', 'a', 'a'], ['a']));
    flex.add(1, fields(['a', 'a', 'a', 'a', 'a', 'a', 'a']));
    flex.add(2, fields(['b']));
    expect(frequencies(flex.slots('body', 'a'))).toEqual(new Map([[0, 3], [1, 4]]));
    expect(frequencies(flex.slots('title', 'a'))).toEqual(new Map([[0, 1]]));
    expect(frequencies(flex.slots('body', 'b'))).toEqual(new Map([[0, 1], [2, 1]]));
    expect(frequencies(flex.slots('headings', 'a'))).toEqual(new Map());
    expect(flex.slots('body', 'missing')).toEqual([]);
  });

  it('indexes our terms verbatim: dotted identifiers, one-letter parts, non-Latin words', () => {
    const flex = createFlexIndex(8);
    flex.add(0, fields(['c.json', 'c', 'json', 'astro:content', '路由']));
    for (const term of ['c.json', 'c', 'json', 'astro:content', '路由']) {
      expect(frequencies(flex.slots('body', term)), term).toEqual(new Map([[0, 1]]));
    }
    // FlexSearch's own encoders would have split or normalised these; ours must not.
    expect(flex.slots('body', 'content')).toEqual([]);
  });

  it('exports chunks that a new index imports to the same slots', async () => {
    const flex = createFlexIndex(8);
    flex.add(0, fields(['x', 'x', 'y'], ['t']));
    flex.add(3, fields(['y'], [], ['h']));
    const exported = await flex.export();
    const copy = createFlexIndex(8);
    for (const [key, text] of Object.entries(exported)) copy.importChunk(key, JSON.parse(text));
    for (const [field, term] of [['body', 'x'], ['body', 'y'], ['title', 't'], ['headings', 'h']] as const) {
      // (An empty slot is a hole before export and a null after: both mean "no document".)
      expect(frequencies(copy.slots(field, term))).toEqual(frequencies(flex.slots(field, term)));
    }
    expect(frequencies(copy.slots('body', 'x'))).toEqual(new Map([[0, 2]]));
  });

  it('needs no id register for lookups: map chunks alone import to the same slots', async () => {
    // Why the stored partitions carry no `<n>.reg` chunk (build.ts): FlexSearch reads the register
    // only to add, remove or `contain` documents, never in search(term, { resolve: false }).
    const flex = createFlexIndex(8);
    flex.add(0, fields(['x', 'x', 'y'], ['t']));
    flex.add(3, fields(['y'], [], ['h']));
    const exported = await flex.export();
    expect(Object.keys(exported).some((key) => key.endsWith('.reg'))).toBe(true);
    const copy = createFlexIndex(8);
    for (const [key, text] of Object.entries(exported)) if (!key.endsWith('.reg')) copy.importChunk(key, JSON.parse(text));
    for (const [field, term] of [['body', 'x'], ['body', 'y'], ['title', 't'], ['headings', 'h'], ['body', 'missing']] as const) {
      expect(frequencies(copy.slots(field, term)), `${field} ${term}`).toEqual(frequencies(flex.slots(field, term)));
    }
    expect(frequencies(copy.slots('body', 'y'))).toEqual(new Map([[0, 1], [3, 1]]));
  });
});

describe('analyze', () => {
  it('produces space-free terms from the shared analyzer, identifiers whole and split', () => {
    const out = analyze('Call c.json() in getStaticPaths', 'en', DEFAULT_ANALYZER_OPTIONS);
    expect(out).toEqual(expect.arrayContaining(['c.json', 'json', 'getstaticpath', 'static']));
    expect(out.every((t) => t.length > 0 && !/\s/.test(t))).toBe(true);
  });
});

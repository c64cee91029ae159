import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storageOrder, type OrderedSection } from '../../src/indexer/storage-order.ts';

interface S extends OrderedSection {
  name: string;
}

/** A section whose text is long enough to count as evidence of a copy. */
const section = (name: string, body: string, code = ''): S => ({ name, text: `${body} — a paragraph long enough to be compared between pages.`, code });
const page = (...sections: S[]) => ({ sections });
const names = (order: readonly S[]) => order.map((s) => s.name);

/** A page of `n` sections with the given bodies, named `<prefix>.<i>`. */
const pageOf = (prefix: string, bodies: readonly string[]) => page(...bodies.map((b, i) => section(`${prefix}.${i}`, b)));

describe('storageOrder', () => {
  it('keeps page order when no page copies another', () => {
    const pages = [pageOf('a', ['one', 'two']), pageOf('b', ['three', 'four', 'five']), pageOf('c', ['six'])];
    expect(names(storageOrder(pages))).toEqual(['a.0', 'a.1', 'b.0', 'b.1', 'b.2', 'c.0']);
  });

  it('stores copies of a page next to the first, each section beside its copies, and other pages in their order', () => {
    const bodies = ['intro', 'install', 'configure'];
    const pages = [pageOf('v1', bodies), pageOf('other', ['unrelated']), pageOf('v2', bodies), pageOf('v3', bodies)];
    expect(names(storageOrder(pages))).toEqual(['v1.0', 'v2.0', 'v3.0', 'v1.1', 'v2.1', 'v3.1', 'v1.2', 'v2.2', 'v3.2', 'other.0']);
  });

  it('groups a page with a few sections edited or added (at least 80% the same), and places the new ones where they first appear', () => {
    const v1 = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    const v2 = ['a', 'b', 'new', 'c', 'd', 'e', 'f', 'g', 'h', 'edited', 'j'];
    const order = names(storageOrder([pageOf('v1', v1), pageOf('v2', v2)]));
    // 9 of v2's 11 sections are v1's: 9 / 11 ≥ 0.8 → one group.
    expect(order.slice(0, 4)).toEqual(['v1.0', 'v2.0', 'v1.1', 'v2.1']);
    expect(order).toContain('v2.2');
    expect(order.indexOf('v2.2')).toBeGreaterThan(order.indexOf('v2.1'));
  });

  it('does not group pages that share only a boilerplate section or two', () => {
    const pages = [pageOf('a', ['shared footer', 'a1', 'a2', 'a3']), pageOf('b', ['shared footer', 'b1', 'b2', 'b3'])];
    expect(names(storageOrder(pages))).toEqual(['a.0', 'a.1', 'a.2', 'a.3', 'b.0', 'b.1', 'b.2', 'b.3']);
  });

  it('does not take short sections (headings without text) as evidence of a copy', () => {
    const short = (name: string, text: string): S => ({ name, text, code: '' });
    const pages = [page(short('a.0', 'Usage'), short('a.1', 'See also')), page(short('b.0', 'Usage'), short('b.1', 'See also'))];
    expect(names(storageOrder(pages))).toEqual(['a.0', 'a.1', 'b.0', 'b.1']);
  });

  it('compares code as well as text: the same prose with other code is another section', () => {
    const pages = [page(section('a.0', 'p', 'npm i a'), section('a.1', 'q', 'x()')), page(section('b.0', 'p', 'npm i b'), section('b.1', 'q', 'y()'))];
    expect(names(storageOrder(pages))).toEqual(['a.0', 'a.1', 'b.0', 'b.1']);
  });

  it('stores every section exactly once, whatever the pages, and keeps a group-free site in page order', () => {
    const bodies = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'epsilon', 'x');
    // Within a page each text once (a page repeating a section stores the repeat beside it).
    const pagesArb = fc.array(fc.uniqueArray(bodies, { minLength: 0, maxLength: 6 }), { minLength: 0, maxLength: 12 });
    fc.assert(
      fc.property(pagesArb, (bodyLists) => {
        const pages = bodyLists.map((b, p) => pageOf(`p${p}`, b));
        const order = storageOrder(pages);
        const all = pages.flatMap((p) => p.sections);
        expect(order).toHaveLength(all.length);
        expect(new Set(order)).toEqual(new Set(all));
        // The first page starts its group: its sections keep their order, first.
        if (pages.length > 0) expect(order.filter((s) => pages[0]!.sections.includes(s))).toEqual(pages[0]!.sections);
        if (pages.length > 0 && pages[0]!.sections.length > 0) expect(order[0]).toBe(pages[0]!.sections[0]);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 10 }), (sizes) => {
        // Every body distinct: no copies anywhere, so page order exactly.
        const pages = sizes.map((n, p) => pageOf(`p${p}`, Array.from({ length: n }, (_, i) => `page ${p} section ${i}`)));
        expect(storageOrder(pages)).toEqual(pages.flatMap((pg) => pg.sections));
      }),
    );
  });
});

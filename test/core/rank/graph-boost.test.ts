import { describe, expect, it } from 'vitest';
import { fuseRanks } from '../../../src/core/rank/fuse.ts';
import { boostLinkedHits, DEFAULT_GRAPH_BOOST_OPTIONS, GRAPH_BOOST_SEEDS_WHEN_ON, pageGraph } from '../../../src/core/rank/graph-boost.ts';
import { thrown } from '../../support/errors.ts';

// Sections 0–5 on pages a–f. Page a links to d; page e links to a (so a–e is an edge too).
const PAGES = ['/a/', '/b/', '/c/', '/d/', '/e/', '/f/'];
const graph = pageGraph([
  { pageUrl: '/a/', links: ['/d/'] },
  { pageUrl: '/e/', links: ['/a/'] },
  { pageUrl: '/c/', links: ['/c/'] }, // a self-link is no edge
]);
const pageOf = (id: number) => PAGES[id]!;
const hits = (...ids: number[]) => ids.map((id, i) => ({ id, score: 10 - i }));

describe('pageGraph', () => {
  it('links pages both ways and ignores self-links', () => {
    expect([...graph.get('/a/')!].sort()).toEqual(['/d/', '/e/']);
    expect([...graph.get('/d/')!]).toEqual(['/a/']);
    expect([...graph.get('/e/')!]).toEqual(['/a/']);
    expect(graph.has('/c/')).toBe(false);
  });
});

describe('boostLinkedHits', () => {
  // Turned on as the Worker's GRAPH_BOOST = "on" does: the top 3 hits are seeds.
  const ON = { ...DEFAULT_GRAPH_BOOST_OPTIONS, seeds: GRAPH_BOOST_SEEDS_WHEN_ON };

  it('is off by default', () => {
    expect(boostLinkedHits(fuseRanks({ keyword: hits(0, 1, 2, 3, 4, 5) }), pageOf, graph).boosted).toBe(0);
  });

  // Keyword route only: fused ranks are 0, 1, 2, 3, 4, 5 (a, b, c, d, e, f).
  const fused = fuseRanks({ keyword: hits(0, 1, 2, 3, 4, 5) });

  it('raises candidates on pages linked with a seed\'s page, in both directions', () => {
    const { hits: boosted, boosted: count } = boostLinkedHits(fused, pageOf, graph, ON);
    expect(boosted.map((h) => h.id)).toEqual([
      3, // page d, linked from seed a: 1/64 + 0.5/61 = 0.0238
      4, // page e, links to seed a: 1/65 + 0.5/61 = 0.0236
      0, // seed a itself: 1/61 = 0.0164 (seeds b and c link to nothing)
      1, // 1/62
      2, // 1/63
      5, // 1/66, no link
    ]);
    expect(count).toBe(2);
  });

  it('never adds a candidate: a linked page that is not among the candidates stays out', () => {
    const { hits: boosted } = boostLinkedHits(fuseRanks({ keyword: hits(0, 1) }), pageOf, graph, ON);
    expect(boosted.map((h) => h.id)).toEqual([0, 1]);
  });

  it('only the top `seeds` hits are seeds', () => {
    // Page a is 4th here: with 3 seeds (b, c, f) nothing they link to is a candidate.
    const late = fuseRanks({ keyword: hits(1, 2, 5, 0, 3) });
    expect(boostLinkedHits(late, pageOf, graph, ON).boosted).toBe(0);
    expect(boostLinkedHits(late, pageOf, graph, { ...ON, seeds: 4 }).boosted).toBe(1);
  });

  it('does nothing with seeds 0 or weight 0, and refuses bad options', () => {
    expect(boostLinkedHits(fused, pageOf, graph, { ...DEFAULT_GRAPH_BOOST_OPTIONS, seeds: 0 }).hits).toEqual(fused);
    expect(boostLinkedHits(fused, pageOf, graph, { ...ON, weight: 0 }).boosted).toBe(0);
    expect(thrown(() => boostLinkedHits(fused, pageOf, graph, { seeds: 1.5, weight: 1, k: 60 })).code).toBe('INVALID_OPTIONS');
  });
});

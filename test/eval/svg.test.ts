import { describe, expect, it } from 'vitest';
import { escapeXml, selectiveAnsweringSvg } from '../../src/eval/svg.ts';

/** Checks that every tag is closed in order (self-closing or paired): a small well-formedness test. */
function tagsBalance(svg: string): boolean {
  const stack: string[] = [];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name!);
  }
  return stack.length === 0;
}

describe('selectiveAnsweringSvg', () => {
  const series = [
    { name: 'recall-box:full', points: [{ x: 1, y: 0.3 }, { x: 0.5, y: 0.42 }, { x: 0.1, y: 0.6 }] },
    { name: 'recall-box:keyword <&>', points: [{ x: 1, y: 0.28 }, { x: 0.6, y: 0.35 }] },
  ];
  const svg = selectiveAnsweringSvg(series);

  it('is one well-formed svg element with a namespace', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(tagsBalance(svg)).toBe(true);
    // Only the five XML entities, every & starts one.
    expect(svg.match(/&(?!(amp|lt|gt|quot|apos);)/g)).toBeNull();
  });

  it('draws one polyline per system, points left to right inside the plot area', () => {
    const polylines = [...svg.matchAll(/<polyline[^>]*points="([^"]*)"/g)];
    expect(polylines).toHaveLength(2);
    const xs = polylines[0]![1]!.split(' ').map((p) => Number(p.split(',')[0]));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    for (const [, points] of polylines) {
      for (const p of points!.split(' ')) {
        const [x, y] = p.split(',').map(Number);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(720);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(420);
      }
    }
  });

  it('has axes labels, tick labels and escaped legend names', () => {
    expect(svg).toContain('coverage (share of queries answered)');
    expect(svg).toContain('precision@3 of answered queries');
    expect(svg).toContain('>0.0</text>');
    expect(svg).toContain('>1.0</text>');
    // y axis scaled to the highest precision rounded up to a tenth (0.6): top tick 0.60.
    expect(svg).toContain('>0.60</text>');
    expect(svg).toContain('recall-box:keyword &lt;&amp;&gt;');
  });

  it('still draws one (empty) polyline for a system without points, and works with no systems', () => {
    const empty = selectiveAnsweringSvg([{ name: 'none', points: [] }]);
    expect([...empty.matchAll(/<polyline/g)]).toHaveLength(1);
    expect(tagsBalance(selectiveAnsweringSvg([]))).toBe(true);
  });

  it('escapes the five XML specials', () => {
    expect(escapeXml(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });
});

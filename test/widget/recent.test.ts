import { describe, expect, it } from 'vitest';
import { WIDGET_DEFAULTS } from '../../src/widget/options.ts';
import { pinnedResults } from '../../src/widget/pins.ts';
import { RecentSearches } from '../../src/widget/recent.ts';

function memoryStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  } as unknown as Storage & { data: Map<string, string> };
}

describe('RecentSearches', () => {
  it('keeps the newest first, moves a repeat to the front, trims, and caps at the maximum', () => {
    const storage = memoryStorage();
    const recent = new RecentSearches('k', 3, storage);
    for (const q of ['a', 'b', ' a ', 'c', 'd', '', '   ']) recent.add(q);
    expect(recent.list()).toEqual(['d', 'c', 'a']);
    expect(storage.data.get('k')).toBe('["d","c","a"]');
    expect(new RecentSearches('k', 3, storage).list()).toEqual(['d', 'c', 'a']);
    recent.clear();
    expect(recent.list()).toEqual([]);
    expect(storage.data.has('k')).toBe(false);
  });

  it(`defaults to ${WIDGET_DEFAULTS.recentMax} and refuses over-long queries`, () => {
    const recent = new RecentSearches('k', undefined, memoryStorage());
    for (let i = 0; i < 9; i++) recent.add(`q${i}`);
    expect(recent.list()).toHaveLength(WIDGET_DEFAULTS.recentMax);
    recent.add('x'.repeat(WIDGET_DEFAULTS.recentMaxLength + 1));
    expect(recent.list()[0]).toBe('q8');
  });

  it('ignores junk in storage and works in memory when storage throws', () => {
    const junk = memoryStorage();
    junk.data.set('k', '{"not":"a list"}');
    expect(new RecentSearches('k', 5, junk).list()).toEqual([]);
    junk.data.set('k', 'not json');
    expect(new RecentSearches('k', 5, junk).list()).toEqual([]);

    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const recent = new RecentSearches('k', 5, throwing);
    recent.add('kept in memory');
    expect(recent.list()).toEqual(['kept in memory']);
    recent.clear();
    expect(recent.list()).toEqual([]);
    expect(new RecentSearches('k', 5, null).list()).toEqual([]);
  });
});

describe('pinnedResults', () => {
  const store = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
  };

  it('keeps one pin per URL, newest first, at most pinMax, and removes by URL', () => {
    const storage = store();
    const pins = pinnedResults('p', storage);
    for (let i = 0; i < WIDGET_DEFAULTS.pinMax + 2; i++) pins.add({ url: `/p${i}/`, title: `P${i}`, page: 'Page' });
    pins.add({ url: '/p5/', title: 'P5 again', page: 'Page' });
    const listed = pinnedResults('p', storage).list();
    expect(listed).toHaveLength(WIDGET_DEFAULTS.pinMax);
    expect(listed[0]).toEqual({ url: '/p5/', title: 'P5 again', page: 'Page' });
    expect(listed.filter((p) => p.url === '/p5/')).toHaveLength(1);
    pins.remove('/p5/');
    expect(pins.has('/p5/')).toBe(false);
    expect(pins.has('/p6/')).toBe(true);
  });

  it('drops what is not a pin, or too long to be one', () => {
    const storage = store();
    storage.setItem('p', JSON.stringify([{ url: '', title: 'T', page: 'P' }, { url: '/a/', title: 5, page: 'P' }, { url: '/b/', title: 'x'.repeat(WIDGET_DEFAULTS.pinMaxLength), page: 'P' }, { url: '/c/', title: 'C', page: 'P' }]));
    expect(pinnedResults('p', storage).list()).toEqual([{ url: '/c/', title: 'C', page: 'P' }]);
  });
});

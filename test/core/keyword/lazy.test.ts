import { describe, expect, it } from 'vitest';
import { isRecallBoxError } from '../../../src/core/errors.ts';
import {
  buildKeywordIndex,
  DEFAULT_KEYWORD_OPTIONS,
  loadKeywordIndex,
  openKeywordIndex,
  partitionOf,
  queryTerms,
  type KeywordDoc,
  type KeywordIndex,
  type KeywordResidencyOptions,
  type StoredKeywordIndex,
} from '../../../src/core/keyword/index.ts';

const doc = (title: string, body: string): KeywordDoc => ({ fields: { title, headings: '', body }, lang: 'en' });
const docs = [
  doc('Middleware', 'Use the cors middleware before routes.'),
  doc('Routing', 'Dynamic routes and route parameters.'),
  doc('Deploy', 'Deploy to Cloudflare Workers with wrangler.'),
  doc('Cache', 'Cache responses at the edge; cache keys.'),
  doc('Testing', 'Test handlers with vitest and a mock request.'),
];
/** Size every part reports, so budgets in the tests count parts. */
const PART_BYTES = 100;

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

async function code(run: () => unknown): Promise<string | undefined> {
  try {
    await run();
  } catch (e) {
    return isRecallBoxError(e) ? e.code : `not a RecallBoxError: ${String(e)}`;
  }
  return undefined;
}

/** A lazily opened index over `stored` that records every read; `fail` makes chosen reads reject. */
function opened(stored: StoredKeywordIndex, options?: Partial<KeywordResidencyOptions>, fail?: (i: number, attempt: number) => Error | undefined) {
  const reads: number[] = [];
  const index = openKeywordIndex(
    clone(stored.head),
    async (i) => {
      reads.push(i);
      const error = fail?.(i, reads.filter((r) => r === i).length);
      if (error) throw error;
      return { data: clone(stored.parts[i]), bytes: PART_BYTES };
    },
    options,
  );
  return { index, reads };
}

/** Analysed terms of `words`, each in a partition of its own (the tests below need them apart). */
function termsInDistinctParts(starts: readonly string[], ...words: string[]): string[] {
  const terms = words.map((w) => queryTerms(w, 'en', DEFAULT_KEYWORD_OPTIONS)[0]);
  expect(new Set(terms.map((t) => partitionOf(t, starts))).size).toBe(terms.length);
  return terms;
}

/** Small enough that nearly every term gets a partition of its own. */
const stored = await buildKeywordIndex(docs, undefined, { partBytes: 16 });
const eager = await loadKeywordIndex(clone(stored));
const P = stored.head.starts.length;
const STARTS = stored.head.starts;
const search = (index: { search: KeywordIndex['search'] }, q: string) => index.search(q, { lang: 'en' });

describe('a lazily opened keyword index', () => {
  it('has many partitions in this setup', () => {
    expect(P).toBeGreaterThan(10);
  });

  it('reads nothing when opened, and refuses search and termStats before prepare with KEYWORD_NOT_RESIDENT', async () => {
    const { index, reads } = opened(stored);
    expect(index.size).toBe(docs.length);
    expect(index.partitions).toBe(P);
    expect(reads).toEqual([]);
    expect(await code(() => index.search('cors', { lang: 'en' }))).toBe('KEYWORD_NOT_RESIDENT');
    expect(await code(() => index.termStats(['cor']))).toBe('KEYWORD_NOT_RESIDENT');
    // A query without index terms needs no partition.
    expect(index.search('the', { lang: 'en' })).toEqual([]);
  });

  it('reads only the partitions of the prepared terms, each once', async () => {
    const { index, reads } = opened(stored);
    const terms = queryTerms('cors middleware cors', 'en', index.options);
    const view = await index.prepare(terms);
    expect(reads.sort((a, b) => a - b)).toEqual([...new Set(terms.map((t) => partitionOf(t, STARTS)))].sort((a, b) => a - b));
    expect(reads.length).toBeLessThanOrEqual(2);
    expect(search(view, 'cors middleware')).toEqual(search(eager, 'cors middleware'));
    // Resident now: the index answers, and a second prepare reads nothing.
    expect(search(index, 'middleware cors')).toEqual(search(eager, 'middleware cors'));
    await index.prepare(terms);
    expect(reads.length).toBeLessThanOrEqual(2);
  });

  it('answers only the terms a view holds: another term throws KEYWORD_NOT_RESIDENT', async () => {
    const [cors, deploy] = termsInDistinctParts(STARTS, 'cors', 'deploy');
    const { index } = opened(stored);
    const view = await index.prepare([cors]);
    await index.prepare([deploy]);
    // The index holds both now, the view only the one it was prepared for.
    expect(search(index, 'deploy')).toEqual(search(eager, 'deploy'));
    expect(await code(() => view.search('deploy', { lang: 'en' }))).toBe('KEYWORD_NOT_RESIDENT');
    expect(await code(() => view.termStats([deploy]))).toBe('KEYWORD_NOT_RESIDENT');
    expect(view.termStats([cors])).toEqual(eager.termStats([cors]));
  });

  it('evicts the least recently used partition beyond residentBytes, and reads it again when needed', async () => {
    const [a, b, c] = termsInDistinctParts(STARTS, 'cors', 'deploy', 'cache');
    const { index, reads } = opened(stored, { residentBytes: 2 * PART_BYTES });
    await index.prepare([a]);
    await index.prepare([b]);
    await index.prepare([a]); // a is now more recently used than b
    expect(reads).toHaveLength(2);
    await index.prepare([c]); // over budget: b goes, a and c stay
    expect(reads).toHaveLength(3);
    expect(await code(() => index.termStats([b]))).toBe('KEYWORD_NOT_RESIDENT');
    expect(index.termStats([a, c])).toEqual(eager.termStats([a, c]));
    await index.prepare([b]); // read again; evicts a (c was used after a)
    expect(reads).toEqual([partitionOf(a, STARTS), partitionOf(b, STARTS), partitionOf(c, STARTS), partitionOf(b, STARTS)]);
    expect(await code(() => index.termStats([a]))).toBe('KEYWORD_NOT_RESIDENT');
  });

  it('answers from a partition bigger than the whole budget without keeping it', async () => {
    const [a] = termsInDistinctParts(STARTS, 'cors');
    const { index } = opened(stored, { residentBytes: 0 });
    const view = await index.prepare([a]);
    expect(view.termStats([a])).toEqual(eager.termStats([a]));
    expect(await code(() => index.termStats([a]))).toBe('KEYWORD_NOT_RESIDENT');
  });

  it('lets a view keep answering after its partitions were evicted', async () => {
    const [cors, deploy, cache] = termsInDistinctParts(STARTS, 'cors', 'deploy', 'cache');
    const { index } = opened(stored, { residentBytes: 0 });
    const view = await index.prepare(queryTerms('cors', 'en', index.options));
    await index.prepare([deploy]);
    await index.prepare([cache]);
    expect(await code(() => index.termStats([cors]))).toBe('KEYWORD_NOT_RESIDENT');
    expect(search(view, 'cors')).toEqual(search(eager, 'cors'));
    expect(search(view, 'cors').length).toBeGreaterThan(0);
  });

  it('rejects prepare with the read error, remembers nothing, and reads again on the next prepare', async () => {
    const boom = new Error('R2 read failed');
    const { index, reads } = opened(stored, undefined, (_i, attempt) => (attempt === 1 ? boom : undefined));
    const terms = queryTerms('cors', 'en', index.options);
    await expect(index.prepare(terms)).rejects.toBe(boom);
    expect(await code(() => index.search('cors', { lang: 'en' }))).toBe('KEYWORD_NOT_RESIDENT');
    const view = await index.prepare(terms);
    expect(reads).toEqual([partitionOf(terms[0], STARTS), partitionOf(terms[0], STARTS)]);
    expect(search(view, 'cors')).toEqual(search(eager, 'cors'));
  });

  it('turns a read that throws synchronously into a rejected prepare, also retried', async () => {
    let calls = 0;
    const index = openKeywordIndex(clone(stored.head), ((i: number) => {
      calls++;
      if (calls === 1) throw new Error('sync failure');
      return Promise.resolve({ data: clone(stored.parts[i]), bytes: PART_BYTES });
    }) as never);
    const terms = queryTerms('cors', 'en', index.options);
    await expect(index.prepare(terms)).rejects.toThrow('sync failure');
    expect(search(await index.prepare(terms), 'cors')).toEqual(search(eager, 'cors'));
    expect(calls).toBe(2);
  });

  it('shares one read between concurrent prepares of the same partition', async () => {
    const reads: number[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const index = openKeywordIndex(clone(stored.head), async (i) => {
      reads.push(i);
      await gate;
      return { data: clone(stored.parts[i]), bytes: PART_BYTES };
    });
    const terms = queryTerms('cors', 'en', index.options);
    const first = index.prepare(terms);
    const second = index.prepare(terms);
    release();
    const [v1, v2] = await Promise.all([first, second]);
    expect(reads).toEqual([partitionOf(terms[0], STARTS)]);
    expect(search(v1, 'cors')).toEqual(search(eager, 'cors'));
    expect(search(v2, 'cors')).toEqual(search(eager, 'cors'));
  });

  it('reads a partition again for a prepare that waited on the read of a request that ended (its read dropped)', async () => {
    const reads: number[] = [];
    let dropFirst = true;
    const index = openKeywordIndex(clone(stored.head), async (i) => {
      reads.push(i);
      if (dropFirst) {
        dropFirst = false;
        return new Promise<never>(() => undefined);
      }
      return { data: clone(stored.parts[i]), bytes: PART_BYTES };
    });
    const terms = queryTerms('cors', 'en', index.options);
    const ended = new AbortController();
    void index.prepare(terms, ended.signal);
    const second = index.prepare(terms);
    await new Promise((resolve) => setTimeout(resolve, 0));
    ended.abort();
    expect(search(await second, 'cors')).toEqual(search(eager, 'cors'));
    const part = partitionOf(terms[0], STARTS);
    expect(reads).toEqual([part, part]);
  });

  it('refuses a part read from another position with INDEX_CORRUPT, and does not keep it', async () => {
    const [cors] = termsInDistinctParts(STARTS, 'cors');
    const home = partitionOf(cors, STARTS);
    const elsewhere = stored.parts.findIndex((part, i) => i !== home && Object.keys(part).length > 0);
    let misplaced = true;
    const index = openKeywordIndex(clone(stored.head), async (i) => ({ data: clone(stored.parts[misplaced ? elsewhere : i]), bytes: PART_BYTES }));
    expect(await code(() => index.prepare([cors]))).toBe('INDEX_CORRUPT');
    misplaced = false;
    expect((await index.prepare([cors])).termStats([cors])).toEqual(eager.termStats([cors]));
  });

  it('refuses a bad head at open (INDEX_CORRUPT) and bad residency options (INVALID_OPTIONS)', async () => {
    const read = async () => ({ data: {}, bytes: 0 });
    expect(await code(() => openKeywordIndex({ ...stored.head, version: 1 }, read))).toBe('INDEX_CORRUPT');
    expect(await code(() => openKeywordIndex({ ...stored.head, starts: [] }, read))).toBe('INDEX_CORRUPT');
    expect(await code(() => openKeywordIndex(null, read))).toBe('INDEX_CORRUPT');
    expect(await code(() => openKeywordIndex(stored.head, read, { residentBytes: -1 }))).toBe('INVALID_OPTIONS');
  });

  it('lets a prepared index of one partition (an eager load) prepare without reading', async () => {
    const single = await loadKeywordIndex(clone(await buildKeywordIndex(docs)));
    expect(single.partitions).toBe(1);
    const view = await single.prepare(['anything']);
    expect(search(view, 'cors')).toEqual(search(eager, 'cors'));
  });
});

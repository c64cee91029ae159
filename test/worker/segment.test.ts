import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { terms } from '../../src/core/analysis/segment.ts';
import { SEGMENT_EXPECTED_FILE } from '../support/segment-samples.ts';

// The index is built in Node and queries are analysed here, in workerd: both must segment Chinese,
// Japanese and Korean (Intl.Segmenter, from each runtime's ICU) into the same terms.
describe('segment() inside workerd', () => {
  it('has Intl.Segmenter', () => {
    expect(typeof Intl.Segmenter).toBe('function');
  });

  it('analyses every sample exactly as Node did when the pack was built', async () => {
    const assets = (env as unknown as { ASSETS: { fetch(r: Request): Promise<Response> } }).ASSETS;
    const res = await assets.fetch(new Request(`https://assets.invalid/${SEGMENT_EXPECTED_FILE}`));
    expect(res.status).toBe(200);
    const expected = (await res.json()) as Array<{ text: string; lang: string; terms: string[] }>;
    expect(expected.length).toBeGreaterThan(0);
    for (const sample of expected) expect(terms(sample.text, sample.lang)).toEqual(sample.terms);
  });
});

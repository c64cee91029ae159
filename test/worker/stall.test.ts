import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker, { type Env } from '../../src/worker/index.ts';
import { HOSTILE_PACK_PATH, HOSTILE_QUERY } from '../support/search-samples.ts';

// A docs page written to stall the Worker (issue 19): one section of 20 MiB repeating the query's
// words (HOSTILE_SECTION_BYTES), built by test/support/prepare-site.ts. Before presentation was
// bounded one search of a mere mebibyte took seconds of CPU (3.7 s in Node), and this page kept
// workerd busy for over ten minutes; now the build reads the file by lines and cuts the section
// into parts, and snippets and evidence examine a bounded prefix of each. (Once analysed, a
// section is memoised for the isolate, so the searches after the first cost less.)

const testEnv = env as unknown as Env;
const vars: Partial<Env> = { PACK_PATH: HOSTILE_PACK_PATH, EDGE_CACHE: 'off' };

async function call(path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://search.example.com${path}`), { ...testEnv, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe('a page written to stall a search', () => {
  it('answers ten concurrent searches for its words, and /health beside them', async () => {
    const searches = Array.from({ length: 10 }, (_, i) => call(`/search?q=${encodeURIComponent(`${HOSTILE_QUERY} ${i}`)}`));
    const health = call('/health');
    const answers = await Promise.all(searches);
    for (const res of answers) {
      expect(res.status).toBe(200);
      const body = (await res.json()) as { results: Array<{ id: string; url: string; snippet: { text: string } }> };
      // Found as the parts the build cut the section into (ids `<id>~2`, …, over 600 of them), each linking to its heading.
      const parts = body.results.filter((r) => r.url === '/stall/#everything-at-once');
      expect(parts.length).toBeGreaterThan(0);
      expect(parts.some((r) => r.id.includes('~'))).toBe(true);
      // A snippet is a window of the section, not the section.
      for (const r of body.results) expect(r.snippet.text.length).toBeLessThan(400);
    }
    expect((await health).status).toBe(200);
  });
});

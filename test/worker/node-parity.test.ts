import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../src/worker/index.ts';
import { NODE_PARITY_FILE, parityAnswer, parityRequest, type ParityAnswer } from '../support/node-parity.ts';

// The Node server (`recall-box serve`, a self-hosted server) against the Worker in workerd: the same
// pack, the same vars, the same requests. prepare-site.ts recorded what Node answered; the Worker
// must answer each alike — results, verdict, answer card, errors, ETag, preview pages.

const self = (exports as unknown as { default: { fetch(input: Request): Promise<Response> } }).default;

async function nodeAnswers(): Promise<ParityAnswer[]> {
  const res = await (env as unknown as Env).ASSETS.fetch(new Request(`https://assets.invalid/${NODE_PARITY_FILE}`));
  expect(res.status).toBe(200);
  return (await res.json()) as ParityAnswer[];
}

describe('the Node server and the Worker', () => {
  it('answer every request alike from the same pack', async () => {
    const expected = await nodeAnswers();
    expect(expected.length).toBeGreaterThan(15);
    // Both kinds of answer are among them, or the comparison says little.
    expect(expected.some((a) => a.status === 200 && a.contentType?.startsWith('text/html'))).toBe(true);
    expect(expected.some((a) => a.status === 400)).toBe(true);
    for (const node of expected) {
      const worker = await parityAnswer(node.request, await self.fetch(parityRequest('https://search.example.com', node.request)));
      expect(worker, `${node.request.method ?? 'GET'} ${node.request.path}`).toEqual(node);
    }
  });
});

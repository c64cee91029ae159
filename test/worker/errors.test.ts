import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, RecallBoxError, type ErrorCode } from '../../src/core/errors.ts';
import { HTTP_STATUS } from '../../src/protocol/errors.ts';
import { createApp } from '../../src/worker/app.ts';
import { DEFAULT_WORKER_CONFIG } from '../../src/worker/config.ts';

// Every error code, thrown where the Worker meets most of them (loading the pack a request needs),
// answered through the Worker's HTTP app inside workerd: each gets its own status and its code in
// the body, never a 500, which is kept for failures nobody anticipated.

const CODES = Object.keys(ERROR_CODES) as ErrorCode[];

function appFailingWith(error: unknown) {
  return createApp({ config: DEFAULT_WORKER_CONFIG, getPack: () => Promise.reject(error), packLoads: () => 0 });
}

describe('error codes through the Worker', () => {
  it.each(CODES)('%s answers its own status with its code, not 500', async (code) => {
    const res = await appFailingWith(new RecallBoxError(code, `a ${code} for the test`)).request('/search?q=routing');
    expect(res.status).toBe(HTTP_STATUS[code]);
    expect(res.status).not.toBe(500);
    expect(await res.json()).toEqual({ error: { code, message: `a ${code} for the test` } });
  });

  it('answers anything else as 500 INTERNAL, without its message', async () => {
    const res = await appFailingWith(new TypeError('secret /internal/path')).request('/search?q=routing');
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('INTERNAL');
    expect(body.error.message).not.toContain('/internal/path');
  });
});

describe('an error nobody anticipated leaves a trace (issue 48)', () => {
  it('is logged once with the request id, method and path, never the query, and the reader gets the id', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const query = 'my very private words';
      const failing = appFailingWith(new TypeError(`cannot read "${query}" of undefined`));
      const res = await failing.request(`/search?q=${encodeURIComponent(query)}`, { headers: { 'cf-ray': '8f1c2d3e4f5a6b7c-AMS' } });
      expect(res.status).toBe(500);
      const body = (await res.json()) as { error: { code: string; requestId: string } };
      expect(body.error).toMatchObject({ code: 'INTERNAL', requestId: '8f1c2d3e4f5a6b7c-AMS' });
      const lines = error.mock.calls.map((args) => args.join(' '));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^recall-box: unexpected error, request 8f1c2d3e4f5a6b7c-AMS: GET \/search: TypeError: cannot read "<query>" of undefined/);
      expect(lines[0]).not.toContain(query);
      // A POST body's query is kept out as well; without cf-ray the id is made up, and still given.
      error.mockClear();
      const post = await failing.request('/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ q: query }) });
      const id = ((await post.json()) as { error: { requestId: string } }).error.requestId;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(error.mock.calls.map((args) => args.join(' '))).toEqual([expect.stringContaining(`request ${id}: POST /search: TypeError`)]);
      expect(error.mock.calls.join(' ')).not.toContain(query);
    } finally {
      error.mockRestore();
    }
  });

  it('is not logged for an error recall-box expects (its code is the answer)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await appFailingWith(new RecallBoxError('INDEX_CORRUPT', 'damaged')).request('/search?q=routing');
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: Record<string, unknown> }).error).not.toHaveProperty('requestId');
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });
});

import { describe, expect, it } from 'vitest';
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

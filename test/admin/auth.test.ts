import { describe, expect, it } from 'vitest';
import { cookieOf, sessionCookie, sessionValid, sessionValue, tokenMatches } from '../../src/admin/auth.ts';

const TOKEN = 'admin-token-0123456789';

describe('admin sessions', () => {
  it('accepts a session of the token until it expires, and nothing else', async () => {
    const value = await sessionValue(TOKEN, 1_000);
    expect(await sessionValid(value, TOKEN, 999)).toBe(true);
    expect(await sessionValid(value, TOKEN, 1_000)).toBe(false);
    // Another token (rotated) ends every session; no token configured admits none.
    expect(await sessionValid(value, 'another-token', 999)).toBe(false);
    expect(await sessionValid(value, undefined, 999)).toBe(false);
    // The expiry cannot be extended without the key, nor the MAC altered.
    const [, mac] = value.split('.');
    expect(await sessionValid(`9999999999.${mac}`, TOKEN, 999)).toBe(false);
    expect(await sessionValid(`1000.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`, TOKEN, 999)).toBe(false);
    expect(await sessionValid('garbage', TOKEN, 0)).toBe(false);
  });
  it('compares tokens, never matching an empty one', async () => {
    expect(await tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(await tokenMatches(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(await tokenMatches('', '')).toBe(false);
    expect(await tokenMatches('', undefined)).toBe(false);
  });
  it('reads and writes the cookie', () => {
    expect(cookieOf('a=1; recall-box-admin=v.x ; b=2', 'recall-box-admin')).toBe('v.x');
    expect(cookieOf('a=1', 'recall-box-admin')).toBeUndefined();
    expect(sessionCookie('v', 60)).toBe('recall-box-admin=v; Path=/admin; Max-Age=60; HttpOnly; Secure; SameSite=Strict');
  });
});

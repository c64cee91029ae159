/**
 * Who may see the owners' page: the holder of ADMIN_TOKEN, by the bearer header or by a session
 * cookie the login form sets. The cookie stores nothing server-side: it is an expiry and an HMAC
 * of it keyed by ADMIN_TOKEN, so rotating the token ends every session, and a cookie cannot be
 * forged or extended without the token. Every comparison is constant-time (HMAC verify, hashed
 * bearer).
 */

export const SESSION_DEFAULTS = Object.freeze({
  /**
   * The cookie's name, sent only to /admin (its Path). Not `__Host-` prefixed: that needs Path=/,
   * which would send it with every /search too.
   */
  cookie: 'recall-box-admin',
  /** How long a login lasts, in seconds. Default 8 hours: a working day; the token is asked again the next. */
  maxAgeSeconds: 8 * 60 * 60,
});

/** What the MAC covers besides the expiry, so the key signs nothing else of this shape. */
const PURPOSE = 'recall-box admin session v1';

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

function hmacKey(token: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(token), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** A session value expiring at `expiresAt` (seconds since the epoch): `<expiresAt>.<mac>`. */
export async function sessionValue(token: string, expiresAt: number): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(token), encoder.encode(`${PURPOSE}:${expiresAt}`));
  return `${expiresAt}.${base64url(new Uint8Array(mac))}`;
}

/** Whether `value` is a session of `token` that has not expired at `nowSeconds`. No token configured: never. */
export async function sessionValid(value: string | undefined, token: string | undefined, nowSeconds: number): Promise<boolean> {
  if (!token || !value) return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  const mac = fromBase64url(match[2]!);
  if (!mac) return false;
  // crypto.subtle.verify compares in constant time.
  const ok = await crypto.subtle.verify('HMAC', await hmacKey(token), mac, encoder.encode(`${PURPOSE}:${expiresAt}`));
  return ok && expiresAt > nowSeconds;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** Whether `presented` is `expected`, in constant time (both hashed first: neither length nor prefix shows). Empty never matches. */
export async function tokenMatches(presented: string, expected: string | undefined): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(presented), sha256(expected ?? '')]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0 && presented !== '' && (expected ?? '') !== '';
}

/** The token of an `Authorization: Bearer <token>` header; undefined for any other header or none. */
export function bearerOf(header: string | undefined): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
}

/** The cookie named `name` of a Cookie header. */
export function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie of a new session (or, with maxAge 0, of its end). */
export function sessionCookie(value: string, maxAgeSeconds: number, name = SESSION_DEFAULTS.cookie): string {
  return `${name}=${value}; Path=/admin; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`;
}

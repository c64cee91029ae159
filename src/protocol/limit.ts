import { RecallBoxError } from '../core/index.ts';

/**
 * A `limit` parameter, from a query string (a string of digits) or a JSON body (a number): absent
 * or empty → `fallback`; otherwise a whole number from 1 to `max`, else BAD_LIMIT. Used by /search
 * and /admin/gaps alike.
 */
export function parseLimit(raw: unknown, fallback: number, max: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new RecallBoxError('BAD_LIMIT', `limit must be a whole number from 1 to ${max}.`);
  }
  return n;
}
